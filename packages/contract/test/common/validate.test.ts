import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Code } from '../../src/codes';
import { lenientBool, lenientNumber, lenientString } from '../../src/common/keys';
import {
  byteLength,
  firstFailure,
  type Rule,
  rulesCheck,
  validate,
  validateDataField,
} from '../../src/common/validate';
import { ntpTimeSchema } from '../../src/ntp/schemas';

describe('validateDataField: generic steps of docs/api.md', () => {
  it('answers 1002 without a data field', () => {
    expect(validateDataField(ntpTimeSchema, undefined)).toEqual({ ok: false, code: 1002 });
    expect(validateDataField(ntpTimeSchema, null)).toEqual({ ok: false, code: 1002 });
  });

  it('answers 1004 for invalid JSON', () => {
    expect(validateDataField(ntpTimeSchema, '{"year":')).toEqual({ ok: false, code: 1004 });
    expect(validateDataField(ntpTimeSchema, '')).toEqual({ ok: false, code: 1004 });
  });

  it('answers 1005 for valid JSON of the wrong shape, then the endpoint codes', () => {
    expect(validateDataField(ntpTimeSchema, '{}')).toEqual({ ok: false, code: 1005 });
    expect(validateDataField(ntpTimeSchema, 'null')).toEqual({ ok: false, code: 1005 });
    const late = '{"year":2101,"month":1,"day":1,"hour":0,"minute":0,"second":0}';
    expect(validateDataField(ntpTimeSchema, late)).toMatchObject({ ok: false, code: 9004 });
  });
});

describe('rules', () => {
  interface Freq {
    country: number;
    freq: number;
  }
  const rules: Rule<Freq>[] = [
    { code: Code.DtuCountryInvalid, field: 'country', fails: (v) => v.country >= 3 },
    {
      code: Code.DtuFrequencyInvalid,
      field: 'freq',
      fails: (v) => v.freq % 250000 !== 0,
      param: (v) => ({ min: v.country * 1000, max: v.country * 2000 }),
    },
  ];

  it('returns only the first failure, with a request-dependent param', () => {
    expect(firstFailure(rules, { country: 3, freq: 1 })).toEqual({ code: 2005, field: 'country' });
    expect(firstFailure(rules, { country: 1, freq: 1 })).toEqual({
      code: 2004,
      param: { min: 1000, max: 2000 },
      field: 'freq',
    });
    expect(firstFailure(rules, { country: 1, freq: 500000 })).toBeUndefined();
  });

  it('turns into a single coded zod issue', () => {
    const schema = z.object({ country: z.int(), freq: z.int() }).check(rulesCheck(rules));
    const parsed = schema.safeParse({ country: 5, freq: 7 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toHaveLength(1);
    expect(parsed.error?.issues[0]).toMatchObject({
      code: 'custom',
      path: ['country'],
      params: { code: 2005 },
      message: 'Invalid country.',
    });
    expect(validate(schema, { country: 1, freq: 7 })).toEqual({
      ok: false,
      code: 2004,
      param: { min: 1000, max: 2000 },
      field: 'freq',
    });
  });

  it('maps any uncoded zod issue to 1005', () => {
    expect(
      validate(
        z.object({ a: z.string() }).refine(() => false),
        { a: 'x' },
      ),
    ).toEqual({
      ok: false,
      code: 1005,
    });
  });
});

describe('key helpers', () => {
  it('counts UTF-8 bytes', () => {
    expect(byteLength('')).toBe(0);
    expect(byteLength('abc')).toBe(3);
    expect(byteLength('ä')).toBe(2);
    expect(byteLength('€')).toBe(3);
    expect(byteLength('😀')).toBe(4);
    expect(byteLength('°C')).toBe(3);
  });

  it('reads lenient keys like the firmware', () => {
    expect(lenientString(undefined)).toBe('null');
    expect(lenientString(null)).toBe('null');
    expect(lenientString(4.2)).toBe('4.2');
    expect(lenientString(true)).toBe('true');
    expect(lenientString('x')).toBe('x');
    expect(lenientBool(undefined)).toBe(false);
    expect(lenientBool(true)).toBe(true);
    expect(lenientBool(2)).toBe(true);
    expect(lenientBool('true')).toBe(false);
    expect(lenientNumber(undefined)).toBe(0);
    expect(lenientNumber('514')).toBe(514);
    expect(lenientNumber('abc')).toBe(0);
    expect(lenientNumber(12.5)).toBe(12.5);
  });
});
