import { describe, expect, it } from 'vitest';
import { Code } from '../../src/codes';
import { validate } from '../../src/common/validate';
import { dtuConfig } from '../../src/dtu/fixtures';
import { CmtCountries } from '../../src/dtu/limits';
import { dtuConfigRules, dtuConfigSchema, isCmtFrequencyValid } from '../../src/dtu/schemas';

// The GET example of the web app posts it back whole.
const getObject = dtuConfig();
const payload = {
  serial: '199980115004',
  pollinterval: 5,
  nrf_palevel: 0,
  cmt_palevel: 0,
  cmt_frequency: 865000000,
  cmt_country: 0,
};

const run = (patch: Record<string, unknown>) => validate(dtuConfigSchema, { ...payload, ...patch });

describe('POST /api/dtu/config schema', () => {
  it('accepts the GET object and keeps only the keys POST reads', () => {
    expect(validate(dtuConfigSchema, getObject)).toEqual({ ok: true, value: payload });
  });

  it.each(Object.keys(payload))('answers 1005 when %s is missing', (key) => {
    const body: Record<string, unknown> = { ...payload };
    delete body[key];
    expect(validate(dtuConfigSchema, body)).toEqual({ ok: false, code: 1005 });
  });

  it('reads a serial sent as a number (older clients) as its digits; 0 is 2001 like "0"', () => {
    expect(run({ serial: 199980115004 })).toMatchObject({ ok: true, value: { serial: '199980115004' } });
    expect(run({ serial: 0 })).toEqual(run({ serial: '0' }));
    expect(run({ serial: 0 })).toMatchObject({ ok: false, code: 2001 });
  });

  it.each([
    ['serial', 1.5],
    ['serial', -1],
    ['serial', true],
    ['pollinterval', '5'],
    ['pollinterval', -1],
    ['pollinterval', 1.5],
    ['pollinterval', 4294967296],
    ['nrf_palevel', 300],
    ['nrf_palevel', -1],
    ['cmt_palevel', 128],
    ['cmt_palevel', -129],
    ['cmt_palevel', '0'],
    ['cmt_frequency', 865000000.5],
    ['cmt_frequency', -865000000],
    ['cmt_country', 256],
    ['cmt_country', true],
  ])('answers 1005 when %s is %j (type or C range)', (key, value) => {
    expect(run({ [key]: value })).toEqual({ ok: false, code: 1005 });
  });

  it('answers 1005 for a non-object body', () => {
    expect(validate(dtuConfigSchema, [])).toEqual({ ok: false, code: 1005 });
    expect(validate(dtuConfigSchema, null)).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    [{ serial: '0' }, 2001, 'serial'],
    [{ serial: '' }, 2001, 'serial'],
    [{ serial: 'xyz' }, 2001, 'serial'],
    [{ serial: '0x0' }, 2001, 'serial'],
    [{ pollinterval: 0 }, 2002, 'pollinterval'],
    [{ nrf_palevel: 4 }, 2003, 'nrf_palevel'],
    [{ nrf_palevel: 255 }, 2003, 'nrf_palevel'],
    [{ cmt_palevel: -11 }, 2003, 'cmt_palevel'],
    [{ cmt_palevel: 21 }, 2003, 'cmt_palevel'],
    [{ cmt_country: 3 }, 2005, 'cmt_country'],
    [{ cmt_country: 255 }, 2005, 'cmt_country'],
  ])('%j → %i', (patch, code, field) => {
    expect(run(patch)).toEqual({ ok: false, code, field });
  });

  it.each([
    // country, frequency (Hz), why
    [0, 860000000, 'below Europe freq_min'],
    [0, 923750000, 'above Europe freq_max'],
    [0, 865125000, 'off the 250 kHz grid'],
    [0, 865000001, 'off the grid by 1 Hz'],
    [1, 865000000, 'Europe default is below North America freq_min'],
    [1, 900000000, 'band base is not channel 1'],
    [2, 963750000, 'above Brazil freq_max'],
  ])('country %i, %i Hz → 2004 with that country min/max (%s)', (country, frequency) => {
    const rules = CmtCountries[country];
    expect(run({ cmt_country: country, cmt_frequency: frequency })).toEqual({
      ok: false,
      code: 2004,
      param: { min: rules?.freq_min, max: rules?.freq_max },
      field: 'cmt_frequency',
    });
  });

  it.each([
    [0, 860250000],
    [0, 865000000],
    [0, 868000000],
    [0, 923500000],
    [1, 900250000],
    [1, 918000000],
    [1, 963500000],
    [2, 920000000],
  ])('country %i accepts %i Hz (on the grid, inside min..max, legal range only advisory)', (c, f) => {
    expect(run({ cmt_country: c, cmt_frequency: f }).ok).toBe(true);
    expect(isCmtFrequencyValid(f, c)).toBe(true);
  });

  it.each([
    { nrf_palevel: 3 },
    { cmt_palevel: -10 },
    { cmt_palevel: 20 },
    { pollinterval: 1 },
    { pollinterval: 4294967295 },
    { serial: '  0x199980115004' },
    { serial: '1zz' },
  ])('accepts %j', (patch) => {
    expect(run(patch).ok).toBe(true);
  });

  it('checks serial, poll interval, NRF, CMT power, country, frequency in that order', () => {
    let body: Record<string, unknown> = {
      serial: '0',
      pollinterval: 0,
      nrf_palevel: 9,
      cmt_palevel: 30,
      cmt_country: 7,
      cmt_frequency: 1,
    };
    const steps: [Record<string, unknown>, number][] = [
      [{}, 2001],
      [{ serial: '199980115004' }, 2002],
      [{ pollinterval: 5 }, 2003],
      [{ nrf_palevel: 3 }, 2003],
      [{ cmt_palevel: 0 }, 2005],
      [{ cmt_country: 1 }, 2004],
    ];
    const seen: number[] = [];
    for (const [patch, expected] of steps) {
      body = { ...body, ...patch };
      const result = validate(dtuConfigSchema, body);
      expect(result.ok).toBe(false);
      if (!result.ok) seen.push(result.code);
      expect(seen.at(-1)).toBe(expected);
    }
    expect(validate(dtuConfigSchema, { ...body, cmt_frequency: 918000000 }).ok).toBe(true);
    expect(dtuConfigRules.map((rule) => rule.code)).toEqual([
      Code.DtuSerialZero,
      Code.DtuPollIntervalZero,
      Code.DtuPowerLevelInvalid,
      Code.DtuPowerLevelInvalid,
      Code.DtuCountryInvalid,
      Code.DtuFrequencyInvalid,
    ]);
  });

  it('checks types (1005) before any field rule', () => {
    expect(run({ serial: '0', cmt_country: 'x' })).toEqual({ ok: false, code: 1005 });
  });
});
