import { describe, expect, it } from 'vitest';
import { Code } from '../../src/codes';
import { validate } from '../../src/common/validate';
import { LimitType } from '../../src/limit/limits';
import {
  limitConfigRules,
  limitConfigSchema,
  limitConfigSchemaFor,
  normalizeLimitType,
} from '../../src/limit/schemas';

const known = 0x116180216880n;
const context = { isKnownInverter: (serial: bigint) => serial === known };
const payload = { serial: '116180216880', limit_value: 600, limit_type: 0 };
const run = (patch: Record<string, unknown>) =>
  validate(limitConfigSchemaFor(context), { ...payload, ...patch });

describe('POST /api/limit/config schema', () => {
  it('accepts docs/api.md example', () => {
    expect(run({})).toEqual({ ok: true, value: payload });
  });

  it.each(Object.keys(payload))('answers 1005 when %s is missing', (key) => {
    const body: Record<string, unknown> = { ...payload };
    delete body[key];
    expect(validate(limitConfigSchema, body)).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    ['serial', 116180216880],
    ['limit_value', '600'],
    ['limit_type', 1.5],
    ['limit_type', -1],
    ['limit_type', 65536],
    ['limit_type', '0'],
  ])('answers 1005 when %s is %j', (key, value) => {
    expect(run({ [key]: value })).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    [{ serial: '0' }, 5001, undefined, 'serial'],
    [{ limit_value: 2250.5 }, 5002, { max: 2250 }, 'limit_value'],
    [{ limit_value: 3000 }, 5002, { max: 2250 }, 'limit_value'],
    [{ limit_type: 4 }, 5003, undefined, 'limit_type'],
    [{ limit_type: 255 }, 5003, undefined, 'limit_type'],
    [{ limit_type: 258 }, 5003, undefined, 'limit_type'],
    [{ limit_type: 65535 }, 5003, undefined, 'limit_type'],
    [{ serial: '116180216881' }, 5004, undefined, 'serial'],
  ])('%j → %i', (patch, code, param, field) => {
    expect(run(patch)).toEqual({ ok: false, code, ...(param ? { param } : {}), field });
  });

  it('has no lower bound and accepts 2250 and a fraction', () => {
    expect(run({ limit_value: -50 }).ok).toBe(true);
    expect(run({ limit_value: 2250 }).ok).toBe(true);
    expect(run({ limit_value: 55.5, limit_type: 1 }).ok).toBe(true);
  });

  it.each([
    [0, LimitType.AbsoluteNonPersistent],
    [1, LimitType.RelativeNonPersistent],
    [2, LimitType.AbsolutePersistent],
    [3, LimitType.RelativePersistent],
    [256, LimitType.AbsolutePersistent],
    [257, LimitType.RelativePersistent],
  ])('limit_type %i is accepted as %i (current and legacy +256 encodings)', (type, expected) => {
    expect(normalizeLimitType(type)).toBe(expected);
    const result = run({ limit_type: type });
    expect(result.ok && result.value.limit_type).toBe(expected);
  });

  it('finds the inverter by its parsed serial', () => {
    expect(run({ serial: ' 0x116180216880' }).ok).toBe(true);
    expect(run({ serial: '116180216880xyz' }).ok).toBe(true);
  });

  it('checks 5001 → 5002 → 5003 → 5004', () => {
    let body: Record<string, unknown> = { serial: '0', limit_value: 9999, limit_type: 9 };
    const seen: number[] = [];
    for (const patch of [{}, { serial: '116180216881' }, { limit_value: 100 }, { limit_type: 1 }]) {
      body = { ...body, ...patch };
      const result = validate(limitConfigSchemaFor(context), body);
      if (!result.ok) seen.push(result.code);
    }
    expect(seen).toEqual([5001, 5002, 5003, 5004]);
    expect(limitConfigRules.map((r) => r.code)).toEqual([
      Code.LimitSerialZero,
      Code.LimitValueRange,
      Code.LimitTypeInvalid,
      Code.LimitExpiryRange,
    ]);
    // Without the gateway's state only the first three are checked.
    expect(validate(limitConfigSchema, body).ok).toBe(true);
  });
});
