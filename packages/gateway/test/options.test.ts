import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, OptionsError, parseOptions } from '../src/options';

describe('parseOptions', () => {
  it('uses the documented defaults', () => {
    const options = parseOptions([], {}, false);
    expect(options.port).toBe(DEFAULT_PORT);
    expect(options.port).toBe(8080);
    expect(options.host).toBe('0.0.0.0');
    expect(options.dataDir).toBe(resolve('./data'));
    expect(options.prettyLog).toBe(false);
  });

  it('reads the environment', () => {
    const options = parseOptions([], { PORT: '9000', HOST: '127.0.0.1', DATA_DIR: '/tmp/dtu' }, true);
    expect(options).toMatchObject({ port: 9000, host: '127.0.0.1', dataDir: '/tmp/dtu', prettyLog: true });
  });

  it('lets flags win over the environment', () => {
    const options = parseOptions(
      ['--port', '8123', '--host', '::1', '--data-dir', '/srv/dtu'],
      { PORT: '9000', HOST: '127.0.0.1', DATA_DIR: '/tmp/dtu' },
      false,
    );
    expect(options).toMatchObject({ port: 8123, host: '::1', dataDir: '/srv/dtu' });
  });

  it('rejects a bad port and unknown flags', () => {
    expect(() => parseOptions(['--port', 'eighty'], {}, false)).toThrow(OptionsError);
    expect(() => parseOptions([], { PORT: '70000' }, false)).toThrow(OptionsError);
    expect(() => parseOptions(['--bogus'], {}, false)).toThrow(TypeError);
  });

  it('chooses the log format explicitly when asked', () => {
    expect(parseOptions([], { LOG_FORMAT: 'json' }, true).prettyLog).toBe(false);
    expect(parseOptions([], { LOG_FORMAT: 'pretty' }, false).prettyLog).toBe(true);
  });
});
