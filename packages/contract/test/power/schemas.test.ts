import { describe, expect, it } from 'vitest';
import { Code } from '../../src/codes';
import { validate } from '../../src/common/validate';
import { powerConfigRules, powerConfigSchema, powerConfigSchemaFor } from '../../src/power/schemas';

const context = { isKnownInverter: (serial: bigint) => serial === 0x116180216880n };
const serial = '116180216880';
const run = (body: unknown) => validate(powerConfigSchemaFor(context), body);

describe('POST /api/power/config schema', () => {
  it.each([
    [{ serial, power: false }, 'off'],
    [{ serial, power: true }, 'on'],
    [{ serial, restart: true }, 'restart'],
    [{ serial, restart: false }, 'none'],
    // `power` wins when both are sent.
    [{ serial, power: true, restart: true }, 'on'],
    // A non-bool power is ignored when restart is a bool.
    [{ serial, power: 'off', restart: true }, 'restart'],
  ])('%j → %s', (body, action) => {
    expect(run(body)).toEqual({ ok: true, value: { serial, action } });
  });

  it.each([
    [{ power: true }],
    [{ serial: 116180216880, power: true }],
    [{ serial }],
    [{ serial, power: 1 }],
    [{ serial, restart: 'true' }],
    [[]],
    ['x'],
  ])('answers 1005 for %j', (body) => {
    expect(run(body)).toEqual({ ok: false, code: 1005 });
  });

  it('answers 11001 for a serial reading as 0, then 11002 for an unknown inverter', () => {
    expect(run({ serial: '0', power: true })).toEqual({ ok: false, code: 11001, field: 'serial' });
    expect(run({ serial: 'x', restart: true })).toEqual({ ok: false, code: 11001, field: 'serial' });
    expect(run({ serial: '116180216881', power: true })).toEqual({ ok: false, code: 11002, field: 'serial' });
    expect(powerConfigRules.map((r) => r.code)).toEqual([Code.PowerSerialZero]);
    // The console's stateless schema knows no inverters.
    expect(validate(powerConfigSchema, { serial: '116180216881', power: true }).ok).toBe(true);
    expect(validate(powerConfigSchema, { serial: '0', power: true })).toMatchObject({ code: 11001 });
  });

  it('checks 1005 before 11001', () => {
    expect(run({ serial: '0' })).toEqual({ ok: false, code: 1005 });
  });
});
