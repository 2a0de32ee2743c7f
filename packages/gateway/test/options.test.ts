import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, OptionsError, parseOptions, USAGE } from '../src/options';
import { CONSOLE_LOCALES_DIR, INSTALL_MODULES, INSTALL_ROOT, ZONES_FILE } from '../src/paths';
import { GATEWAY_BUNDLE, gatewayEntry } from '../src/system/node-process';

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
    expect(() => parseOptions(['--bogus'], {}, false)).toThrow(
      /Unknown option '--bogus'[\s\S]*Usage: dtu-console/,
    );
    expect(() => parseOptions(['--port'], {}, false)).toThrow(OptionsError);
  });

  it('answers --help and -h with the usage and exit status 0', () => {
    for (const flag of ['--help', '-h']) {
      let thrown: unknown;
      try {
        parseOptions([flag], {}, false);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(OptionsError);
      expect((thrown as OptionsError).exitCode).toBe(0);
      expect((thrown as OptionsError).message).toContain('--radio <mode>');
    }
    expect(() => parseOptions(['--bogus'], {}, false)).toThrow(expect.objectContaining({ exitCode: 2 }));
  });

  it('chooses the log format explicitly when asked', () => {
    expect(parseOptions([], { LOG_FORMAT: 'json' }, true).prettyLog).toBe(false);
    expect(parseOptions([], { LOG_FORMAT: 'pretty' }, false).prettyLog).toBe(true);
  });
});

describe('time options', () => {
  it('takes a client cap per WebSocket from --max-socket-clients or MAX_SOCKET_CLIENTS', () => {
    expect(parseOptions([], {}, false).maxSocketClients).toBeUndefined();
    expect(parseOptions(['--max-socket-clients', '600'], {}, false).maxSocketClients).toBe(600);
    expect(parseOptions([], { MAX_SOCKET_CLIENTS: '50' }, false).maxSocketClients).toBe(50);
    for (const bad of ['0', '-3', '2.5', 'many', '100001']) {
      expect(() => parseOptions([`--max-socket-clients=${bad}`], {}, false)).toThrow(OptionsError);
    }
  });

  it('parses --sim-start as an ISO time and rejects nonsense', () => {
    expect(parseOptions(['--sim-start', '2026-06-21T12:00:00+02:00'], {}, false).simStart).toBe(
      Date.UTC(2026, 5, 21, 10),
    );
    expect(parseOptions([], { SIM_START: '2026-01-01T00:00:00Z' }, false).simStart).toBe(
      Date.UTC(2026, 0, 1),
    );
    expect(() => parseOptions(['--sim-start', 'tomorrow'], {}, false)).toThrow(OptionsError);
  });

  it('trusts the host clock unless asked to wait for a time sync', () => {
    expect(parseOptions([], {}, false).requireTimeSync).toBe(false);
    expect(parseOptions(['--require-time-sync'], {}, false).requireTimeSync).toBe(true);
    expect(parseOptions([], { REQUIRE_TIME_SYNC: '1' }, false).requireTimeSync).toBe(true);
  });

  it('runs the test clock only with the --test-clock flag, never from the environment', () => {
    expect('testClock' in parseOptions([], {}, false)).toBe(false);
    expect(parseOptions(['--test-clock'], {}, false).testClock).toBe(true);
    // A variable could be inherited unseen by a production service: only the flag turns it on.
    expect('testClock' in parseOptions([], { TEST_CLOCK: '1' }, false)).toBe(false);
    expect(() => parseOptions(['--test-clock=yes'], {}, false)).toThrow(OptionsError);
    expect(USAGE).toMatch(/--test-clock +TESTS ONLY, never in production: POST \/api\/test\/clock/);
  });
});

describe('gatewayEntry', () => {
  it('runs an installation from its bundle when it has one, else its sources through tsx', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'dtu-entry-'));
    try {
      expect(gatewayEntry(folder)).toEqual(['--import', 'tsx', 'packages/gateway/src/main.ts']);
      await mkdir(join(folder, 'packages/gateway/dist'), { recursive: true });
      await writeFile(join(folder, GATEWAY_BUNDLE), '');
      expect(gatewayEntry(folder)).toEqual([GATEWAY_BUNDLE]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('paths', () => {
  it('find the files the gateway reads at run time', () => {
    expect(existsSync(ZONES_FILE)).toBe(true);
    expect(existsSync(new URL('en.json', CONSOLE_LOCALES_DIR))).toBe(true);
    expect(existsSync(join(INSTALL_ROOT, 'package.json'))).toBe(true);
    expect(existsSync(INSTALL_MODULES)).toBe(true);
  });
});

describe('HTTPS options', () => {
  it('serves plain HTTP unless asked', () => {
    const options = parseOptions([], {}, false);
    expect(options.tls).toBeUndefined();
    expect(options.httpRedirectPort).toBeUndefined();
  });

  it('takes a certificate and key from flags or TLS_CERT / TLS_KEY, as absolute paths', () => {
    expect(parseOptions(['--tls-cert', 'c.pem', '--tls-key', 'k.pem'], {}, false).tls).toEqual({
      mode: 'files',
      certFile: resolve('c.pem'),
      keyFile: resolve('k.pem'),
    });
    expect(parseOptions([], { TLS_CERT: '/etc/dtu/c.pem', TLS_KEY: '/etc/dtu/k.pem' }, false).tls).toEqual({
      mode: 'files',
      certFile: '/etc/dtu/c.pem',
      keyFile: '/etc/dtu/k.pem',
    });
  });

  it('takes --tls self-signed or TLS=self-signed, and a redirect port with it', () => {
    expect(parseOptions(['--tls', 'self-signed'], {}, false).tls).toEqual({ mode: 'self-signed' });
    const options = parseOptions([], { TLS: 'self-signed', HTTP_REDIRECT: '80', PORT: '443' }, false);
    expect(options).toMatchObject({ tls: { mode: 'self-signed' }, httpRedirectPort: 80, port: 443 });
    expect(
      parseOptions(['--tls=self-signed', '--http-redirect', '8080', '--port', '8443'], {}, false),
    ).toMatchObject({ httpRedirectPort: 8080 });
  });

  it('refuses half a pair, an unknown mode, both ways at once and a redirect without HTTPS', () => {
    const refusal = (argv: string[], env: NodeJS.ProcessEnv = {}) => {
      try {
        parseOptions(argv, env, false);
      } catch (error) {
        expect(error).toBeInstanceOf(OptionsError);
        expect((error as OptionsError).exitCode).toBe(2);
        return (error as Error).message;
      }
      throw new Error(`accepted ${argv.join(' ')}`);
    };
    expect(refusal(['--tls-cert', 'c.pem'])).toBe('--tls-cert needs --tls-key (the private key)');
    expect(refusal([], { TLS_KEY: 'k.pem' })).toBe('--tls-key needs --tls-cert (the certificate)');
    expect(refusal(['--tls', 'yes'])).toMatch(/Invalid --tls "yes": expected self-signed/);
    expect(refusal(['--tls', 'self-signed', '--tls-cert', 'c.pem', '--tls-key', 'k.pem'])).toMatch(
      /exclude each other/,
    );
    expect(refusal(['--http-redirect', '80'])).toMatch(/--http-redirect needs HTTPS/);
    expect(refusal(['--tls', 'self-signed', '--http-redirect', 'eighty'])).toMatch(/Invalid --http-redirect/);
    expect(refusal(['--tls', 'self-signed', '--http-redirect', '8080'])).toMatch(/is the HTTPS port/);
  });

  it('lists the HTTPS flags in --help', () => {
    for (const flag of [
      '--tls-cert <file>',
      '--tls-key <file>',
      '--tls self-signed',
      '--http-redirect <n>',
    ]) {
      expect(USAGE).toContain(flag);
    }
  });
});
