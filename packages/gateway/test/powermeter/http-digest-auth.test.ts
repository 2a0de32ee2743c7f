import { describe, expect, it } from 'vitest';
import {
  digestAuthorization,
  digestResponse,
  parseDigestChallenge,
} from '../../src/powermeter/http-digest-auth';

// The worked example of the digest RFC (user Mufasa, password "Circle of Life").
const NONCE = '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v';
const CNONCE = 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ';
const OPAQUE = 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS';
const HEADERS = [
  `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="${NONCE}", opaque="${OPAQUE}"`,
  `Digest realm="http-auth@example.org", qop="auth, auth-int", algorithm=MD5, nonce="${NONCE}", opaque="${OPAQUE}"`,
];
const REQUEST = {
  username: 'Mufasa',
  password: 'Circle of Life',
  method: 'GET',
  uri: '/dir/index.html',
  nc: 1,
  cnonce: CNONCE,
};

describe('digest auth', () => {
  it('prefers SHA-256 and computes the example responses of both algorithms', () => {
    const challenge = parseDigestChallenge(HEADERS);
    expect(challenge).toEqual({
      realm: 'http-auth@example.org',
      nonce: NONCE,
      qop: 'auth',
      algorithm: 'SHA-256',
      opaque: OPAQUE,
    });
    expect(digestResponse(challenge!, REQUEST)).toBe(
      '753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1',
    );
    const md5 = parseDigestChallenge(HEADERS[1]);
    expect(md5?.algorithm).toBe('MD5');
    expect(digestResponse(md5!, REQUEST)).toBe('8ca523f5e9506fed4657c9700eebdbec');
  });

  it('writes the Authorization header with qop, nc, cnonce and opaque', () => {
    const header = digestAuthorization(parseDigestChallenge(HEADERS)!, REQUEST);
    expect(header).toBe(
      `Digest username="Mufasa", realm="http-auth@example.org", nonce="${NONCE}", uri="/dir/index.html", ` +
        'algorithm=SHA-256, response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1", ' +
        `qop=auth, nc=00000001, cnonce="${CNONCE}", opaque="${OPAQUE}"`,
    );
  });

  it('finds digest among several schemes in one header and skips what it cannot answer', () => {
    const both = `Basic realm="x", Digest realm="m", nonce="n1", qop="auth"`;
    expect(parseDigestChallenge(both)).toEqual({ realm: 'm', nonce: 'n1', qop: 'auth', algorithm: 'MD5' });
    expect(parseDigestChallenge('Basic realm="x"')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="x", nonce="n", algorithm=SHA-512-256')).toBeUndefined();
    expect(parseDigestChallenge('Digest realm="x", nonce="n", qop="auth-int"')).toBeUndefined();
    expect(parseDigestChallenge(null)).toBeUndefined();
  });

  it('answers the older form without qop', () => {
    const challenge = parseDigestChallenge('Digest realm="r", nonce="abc"')!;
    expect(challenge.qop).toBeUndefined();
    expect(digestAuthorization(challenge, REQUEST)).not.toContain('qop=');
  });
});
