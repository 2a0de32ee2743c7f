import { describe, expect, it } from 'vitest';
import { isAllowedOriginEntry, normalizeOrigin } from '../../src/common/origin';

describe('normalizeOrigin', () => {
  it('serialises http(s) origins as browsers do', () => {
    expect(normalizeOrigin('http://dtu.local')).toBe('http://dtu.local');
    expect(normalizeOrigin('HTTPS://Dash.Example:8443')).toBe('https://dash.example:8443');
    expect(normalizeOrigin('http://192.168.1.5:80')).toBe('http://192.168.1.5');
    expect(normalizeOrigin('https://host:443')).toBe('https://host');
    expect(normalizeOrigin('http://[::1]:8080')).toBe('http://[::1]:8080');
  });

  it('refuses anything but scheme://host[:port]', () => {
    for (const text of [
      'null',
      '',
      'dtu.local',
      'ftp://dtu.local',
      'http://dtu.local/',
      'http://dtu.local/path',
      'http://dtu.local?x=1',
      'http://user@dtu.local',
      'http://*.example',
      'http://dtu.local:99999',
      'http://dtu.local:',
      ' http://dtu.local',
    ]) {
      expect(normalizeOrigin(text), text).toBeUndefined();
    }
  });
});

describe('isAllowedOriginEntry', () => {
  it('takes a lone * or an origin, no other wildcard', () => {
    expect(isAllowedOriginEntry('*')).toBe(true);
    expect(isAllowedOriginEntry('https://dash.example:8443')).toBe(true);
    expect(isAllowedOriginEntry('https://*.example')).toBe(false);
    expect(isAllowedOriginEntry('*.example')).toBe(false);
    expect(isAllowedOriginEntry('https://dash.example/x')).toBe(false);
  });
});
