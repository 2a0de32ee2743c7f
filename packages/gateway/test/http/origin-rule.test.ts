import { describe, expect, it } from 'vitest';
import { foreignOrigin, ownOrigins, UNKNOWN_ORIGIN } from '../../src/http/origin-rule';

const HOST = '192.168.1.20:8080';

describe('ownOrigins', () => {
  it('is the scheme with the Host header, default ports left out', () => {
    expect(ownOrigins({ host: HOST }, false)).toEqual(['http://192.168.1.20:8080']);
    expect(ownOrigins({ host: 'dtu.local:443' }, true)).toEqual(['https://dtu.local']);
    expect(ownOrigins({ host: 'DTU.local' }, false)).toEqual(['http://dtu.local']);
  });

  it('adds the scheme a TLS proxy names, and has none without a usable Host', () => {
    expect(ownOrigins({ host: 'dtu.example', 'x-forwarded-proto': 'https' }, false)).toEqual([
      'http://dtu.example',
      'https://dtu.example',
    ]);
    expect(ownOrigins({}, false)).toEqual([]);
    expect(ownOrigins({ host: 'bad host/x' }, false)).toEqual([]);
  });
});

describe('foreignOrigin', () => {
  it('passes the own origin and refuses another, naming it', () => {
    expect(foreignOrigin({ host: HOST, origin: 'http://192.168.1.20:8080' }, false, [])).toBeUndefined();
    expect(foreignOrigin({ host: HOST, origin: 'http://evil.example' }, false, [])).toBe(
      'http://evil.example',
    );
    // Another port of the same host is another origin.
    expect(foreignOrigin({ host: HOST, origin: 'http://192.168.1.20:8081' }, false, [])).toBe(
      'http://192.168.1.20:8081',
    );
  });

  it('takes the scheme into account: with TLS on, https is own and http is not', () => {
    expect(foreignOrigin({ host: 'dtu.local', origin: 'https://dtu.local' }, true, [])).toBeUndefined();
    expect(foreignOrigin({ host: 'dtu.local', origin: 'http://dtu.local' }, true, [])).toBe(
      'http://dtu.local',
    );
    expect(foreignOrigin({ host: 'dtu.local', origin: 'https://dtu.local' }, false, [])).toBe(
      'https://dtu.local',
    );
  });

  it('passes clients without Origin (curl, Home Assistant) unless the browser says cross-site or same-site', () => {
    expect(foreignOrigin({ host: HOST }, false, [])).toBeUndefined();
    expect(foreignOrigin({ host: HOST, 'sec-fetch-site': 'cross-site' }, false, [])).toBe(UNKNOWN_ORIGIN);
    expect(foreignOrigin({ host: HOST, 'sec-fetch-site': 'same-site' }, false, [])).toBe(UNKNOWN_ORIGIN);
  });

  it('trusts Sec-Fetch-Site same-origin and none', () => {
    expect(foreignOrigin({ host: HOST, 'sec-fetch-site': 'same-origin' }, false, [])).toBeUndefined();
    expect(foreignOrigin({ host: HOST, 'sec-fetch-site': 'none' }, false, [])).toBeUndefined();
    expect(
      foreignOrigin({ host: HOST, 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' }, false, []),
    ).toBe('http://evil.example');
  });

  it('refuses Origin null and malformed origins', () => {
    expect(foreignOrigin({ host: HOST, origin: 'null' }, false, [])).toBe('null');
    expect(foreignOrigin({ host: HOST, origin: 'http://192.168.1.20:8080/x' }, false, [])).toBe(
      'http://192.168.1.20:8080/x',
    );
  });

  it('passes allowed origins, and any while * is allowed', () => {
    const allowed = ['https://Dash.Example:8443'];
    expect(
      foreignOrigin({ host: HOST, origin: 'https://dash.example:8443' }, false, allowed),
    ).toBeUndefined();
    expect(foreignOrigin({ host: HOST, origin: 'https://dash.example' }, false, allowed)).toBe(
      'https://dash.example',
    );
    expect(foreignOrigin({ host: HOST, origin: 'http://evil.example' }, false, ['*'])).toBeUndefined();
  });
});
