import { describe, expect, expectTypeOf, it } from 'vitest';
import { validate } from '../../src/common/validate';
import type { SecurityConfig } from '../../src/security/api';
import type { SecurityConfigPayload } from '../../src/security/schemas';
import { securityConfigSchema } from '../../src/security/schemas';

const run = (body: unknown) => validate(securityConfigSchema, body);

describe('POST /api/security/config schema', () => {
  it('accepts a valid payload and drops extra keys', () => {
    expect(run({ password: 'new-secret-1', allow_readonly: false, extra: 1 })).toEqual({
      ok: true,
      value: { password: 'new-secret-1', allow_readonly: false },
    });
  });

  it.each([
    ['1234567', false],
    ['12345678', true],
    ['p'.repeat(64), true],
    ['p'.repeat(65), false],
    ['', false],
  ])('password %j valid: %s', (password, ok) => {
    const result = run({ password, allow_readonly: true });
    if (ok) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, code: 10001, param: { max: 64 }, field: 'password' });
  });

  it('measures the password in UTF-8 bytes', () => {
    expect(run({ password: 'ääää', allow_readonly: true }).ok).toBe(true);
    expect(run({ password: 'äää', allow_readonly: true })).toMatchObject({ code: 10001 });
    expect(run({ password: '€'.repeat(22), allow_readonly: true })).toMatchObject({ code: 10001 });
  });

  describe('1005: a password that is not a string, or missing beside a bool allow_readonly', () => {
    it.each([
      [{ password: 12345678, allow_readonly: true }],
      [{ allow_readonly: false }],
      [{ password: null, allow_readonly: true }],
    ])('%j → 1005', (body) => {
      expect(run(body)).toEqual({ ok: false, code: 1005 });
    });

    it('reads a missing password as "null", which fails the length check', () => {
      expect(run({})).toMatchObject({ ok: false, code: 10001 });
      expect(run({ allow_readonly: 'yes' })).toMatchObject({ ok: false, code: 10001 });
      expect(run([])).toMatchObject({ ok: false, code: 10001 });
    });

    it('reads a missing allow_readonly as false', () => {
      expect(run({ password: 'abcdefgh' })).toEqual({
        ok: true,
        value: { password: 'abcdefgh', allow_readonly: false },
      });
    });

    it('refuses a password that is present but not a string, whatever allow_readonly is', () => {
      for (const body of [
        { password: 12345678, allow_readonly: 1 },
        { password: 4294967296 },
        { password: null },
        { password: ['abcdefgh'] },
      ]) {
        expect(run(body), JSON.stringify(body)).toEqual({ ok: false, code: 1005 });
      }
    });
  });
});

describe('allowed_origins', () => {
  const base = { password: 'new-secret-1', allow_readonly: true };

  it('keeps the stored list when absent or null, takes a list of origins or a lone *', () => {
    for (const body of [base, { ...base, allowed_origins: null }]) {
      const result = run(body);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.value.allowed_origins).toBeUndefined();
    }
    const origins = ['https://dash.example:8443', 'http://192.168.1.9', '*'];
    expect(run({ ...base, allowed_origins: origins })).toMatchObject({
      ok: true,
      value: { allowed_origins: origins },
    });
    expect(run({ ...base, allowed_origins: [] })).toMatchObject({ ok: true, value: { allowed_origins: [] } });
  });

  it('answers 1005 for anything but a list of strings', () => {
    for (const allowed_origins of ['https://dash.example', [1], {}, true]) {
      expect(run({ ...base, allowed_origins }), JSON.stringify(allowed_origins)).toMatchObject({
        code: 1005,
      });
    }
  });

  it('answers 10004 for a path, a wildcard host, another scheme or an empty entry', () => {
    for (const entry of ['https://dash.example/', 'https://*.example', '*.example', 'ftp://x', '', 'null']) {
      expect(run({ ...base, allowed_origins: [entry] }), entry).toEqual({
        ok: false,
        code: 10004,
        field: 'allowed_origins',
      });
    }
  });

  it('answers 10005 for more than 10 entries', () => {
    const many = Array.from({ length: 11 }, (_, i) => `http://host${i}.example`);
    expect(run({ ...base, allowed_origins: many })).toEqual({
      ok: false,
      code: 10005,
      param: { max: 10 },
      field: 'allowed_origins',
    });
    expect(run({ ...base, allowed_origins: many.slice(1) }).ok).toBe(true);
  });
});

// Checked by tsc: the payload the schema yields is the config the GET endpoint returns.
describe('POST /api/security/config schema output', () => {
  it('is the GET answer', () => {
    // allowed_origins may be left out of a POST (the stored list is kept); GET always carries it.
    type Stored = Required<{ [K in keyof SecurityConfigPayload]: NonNullable<SecurityConfigPayload[K]> }>;
    expectTypeOf<Stored>().toEqualTypeOf<SecurityConfig>();
    expectTypeOf<SecurityConfigPayload['allowed_origins']>().toEqualTypeOf<string[] | undefined>();
  });
});
