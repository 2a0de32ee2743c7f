import { describe, expect, it } from 'vitest';
import { Code } from '../../src/codes';
import { validate } from '../../src/common/validate';
import { inverterFlags } from '../../src/inverter/fixtures';
import {
  inverterAddRules,
  inverterAddSchema,
  inverterAddSchemaFor,
  inverterDeleteSchema,
  inverterEditRules,
  inverterEditSchema,
  inverterOrderSchema,
  truncateBytes,
} from '../../src/inverter/schemas';

const slotsFree = { hasFreeSlot: () => true };
const slotsFull = { hasFreeSlot: () => false };

describe('POST /api/inverter/add schema', () => {
  const add = { serial: '116180216880', name: 'Garage roof' };
  const run = (patch: Record<string, unknown>, context = slotsFree) =>
    validate(inverterAddSchemaFor(context), { ...add, ...patch });

  it('accepts serial and name; there is no duplicate check', () => {
    expect(run({})).toEqual({ ok: true, value: add });
    expect(validate(inverterAddSchema, add)).toEqual({ ok: true, value: add });
  });

  it.each([[{ serial: undefined }], [{ name: undefined }], [{ serial: 116180216880 }], [{ name: false }]])(
    'answers 1005 for %j',
    (patch) => {
      expect(run(patch)).toEqual({ ok: false, code: 1005 });
    },
  );

  it.each([
    [{ serial: '0' }, 4001, undefined, 'serial'],
    [{ serial: 'no hex' }, 4001, undefined, 'serial'],
    [{ name: '' }, 4002, { max: 31 }, 'name'],
    [{ name: 'n'.repeat(32) }, 4002, { max: 31 }, 'name'],
    [{ name: 'ä'.repeat(16) }, 4002, { max: 31 }, 'name'],
  ])('%j → %i', (patch, code, param, field) => {
    expect(run(patch)).toEqual({ ok: false, code, ...(param ? { param } : {}), field });
  });

  it('answers 4003 {max 100} when no slot is free, after the field checks', () => {
    expect(run({}, slotsFull)).toEqual({ ok: false, code: 4003, param: { max: 100 } });
    expect(run({ serial: '0' }, slotsFull)).toMatchObject({ code: 4001 });
    expect(run({ name: '' }, slotsFull)).toMatchObject({ code: 4002 });
    // The console's stateless schema does not know the slots.
    expect(validate(inverterAddSchema, add).ok).toBe(true);
  });

  it('accepts a 31-byte name', () => {
    expect(run({ name: 'n'.repeat(31) }).ok).toBe(true);
  });

  it('checks 4001 → 4002 → 4003', () => {
    expect(run({ serial: '0', name: '' }, slotsFull)).toMatchObject({ code: 4001 });
    expect(run({ name: '' }, slotsFull)).toMatchObject({ code: 4002 });
    expect(inverterAddRules.map((r) => r.code)).toEqual([Code.InverterSerialZero, Code.InverterNameLength]);
  });
});

// The edit example of docs/api.md
const edit = {
  id: 0,
  serial: '116180216880',
  name: 'Garage roof',
  poll_enable: true,
  poll_enable_night: false,
  command_enable: true,
  command_enable_night: false,
  reachable_threshold: 2,
  zero_runtime: true,
  zero_day: true,
  clear_eventlog: false,
  yieldday_correction: false,
  limiter_opt_in: false,
  channel: [
    { name: 'South', max_power: 410, yield_total_offset: 0 },
    { name: '', max_power: 0, yield_total_offset: 0 },
  ],
};
const runEdit = (patch: Record<string, unknown>) => validate(inverterEditSchema, { ...edit, ...patch });

describe('POST /api/inverter/edit schema', () => {
  it('accepts the list entry as posted by the web app', () => {
    expect(runEdit({ type: 'HM-600/700/800-2T', order: 0 })).toEqual({ ok: true, value: edit });
  });

  it.each(['id', 'serial', 'name', 'channel'])('answers 1005 when %s is missing', (key) => {
    const body: Record<string, unknown> = { ...edit };
    delete body[key];
    expect(validate(inverterEditSchema, body)).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    ['id', 256],
    ['id', -1],
    ['id', '0'],
    ['channel', {}],
    ['channel', 'South'],
  ])('answers 1005 when %s is %j', (key, value) => {
    expect(runEdit({ [key]: value })).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    [{ id: 100 }, 4005, undefined, 'id'],
    [{ id: 255 }, 4005, undefined, 'id'],
    [{ serial: '' }, 4001, undefined, 'serial'],
    [{ name: '' }, 4002, { max: 31 }, 'name'],
    [{ name: 'n'.repeat(32) }, 4002, { max: 31 }, 'name'],
    [{ channel: [] }, 4006, undefined, 'channel'],
    [{ channel: Array(7).fill({}) }, 4006, undefined, 'channel'],
  ])('%j → %i', (patch, code, param, field) => {
    expect(runEdit(patch)).toEqual({ ok: false, code, ...(param ? { param } : {}), field });
  });

  it('accepts id 99 and 6 channels', () => {
    expect(runEdit({ id: 99, channel: Array(6).fill({}) }).ok).toBe(true);
  });

  it('checks 4005 → 4001 → 4002 → 4006', () => {
    let body: Record<string, unknown> = { ...edit, id: 100, serial: '0', name: '', channel: [] };
    const seen: number[] = [];
    for (const patch of [{}, { id: 1 }, { serial: '1' }, { name: 'x' }]) {
      body = { ...body, ...patch };
      const result = validate(inverterEditSchema, body);
      if (!result.ok) seen.push(result.code);
    }
    expect(seen).toEqual([4005, 4001, 4002, 4006]);
    expect(inverterEditRules.map((r) => r.code)).toEqual([
      Code.InverterIdInvalid,
      Code.InverterSerialZero,
      Code.InverterNameLength,
      Code.InverterChannelCount,
    ]);
  });

  it('resets omitted or non-bool flags to their defaults instead of keeping them', () => {
    const result = validate(inverterEditSchema, {
      id: 1,
      serial: '1',
      name: 'x',
      channel: [{}],
      poll_enable: 0,
      reachable_threshold: 'x',
    });
    expect(result.ok && result.value).toMatchObject(inverterFlags);
  });

  it('reads channels in order: missing name → "", names cut to 30 bytes, u16 power', () => {
    const result = runEdit({
      channel: [
        { name: 'n'.repeat(40), max_power: '400', yield_total_offset: 1.5 },
        { max_power: 70000 },
        'not an object',
      ],
    });
    expect(result.ok && result.value.channel).toEqual([
      { name: 'n'.repeat(30), max_power: 400, yield_total_offset: 1.5 },
      { name: '', max_power: 0, yield_total_offset: 0 },
      { name: '', max_power: 0, yield_total_offset: 0 },
    ]);
  });

  it('cuts names at character boundaries', () => {
    expect(truncateBytes('€'.repeat(11), 30)).toBe('€'.repeat(10));
    expect(truncateBytes('abc', 30)).toBe('abc');
  });
});

describe('POST /api/inverter/del schema', () => {
  it('accepts id 0..9, answers 4005 above and 1005 for a non-u8', () => {
    expect(validate(inverterDeleteSchema, { id: 0 })).toEqual({ ok: true, value: { id: 0 } });
    expect(validate(inverterDeleteSchema, { id: 99 }).ok).toBe(true);
    expect(validate(inverterDeleteSchema, { id: 100 })).toEqual({ ok: false, code: 4005, field: 'id' });
    expect(validate(inverterDeleteSchema, {})).toEqual({ ok: false, code: 1005 });
    expect(validate(inverterDeleteSchema, { id: '1' })).toEqual({ ok: false, code: 1005 });
    expect(validate(inverterDeleteSchema, { id: 256 })).toEqual({ ok: false, code: 1005 });
  });
});

describe('POST /api/inverter/order schema', () => {
  it('accepts numbers and numeric strings, keeps out-of-range entries in place', () => {
    expect(validate(inverterOrderSchema, { order: ['2', '0', '1'] })).toEqual({
      ok: true,
      value: { order: [2, 0, 1] },
    });
    expect(validate(inverterOrderSchema, { order: [2, 12, 0] })).toEqual({
      ok: true,
      value: { order: [2, 12, 0] },
    });
    expect(validate(inverterOrderSchema, { order: [] }).ok).toBe(true);
  });

  it('answers 1005 without an order array', () => {
    expect(validate(inverterOrderSchema, {})).toEqual({ ok: false, code: 1005 });
    expect(validate(inverterOrderSchema, { order: '2,0,1' })).toEqual({ ok: false, code: 1005 });
  });
});
