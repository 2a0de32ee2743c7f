import { describe, expect, expectTypeOf, it } from 'vitest';
import { Code } from '../../src/codes';
import { validate } from '../../src/common/validate';
import type { NtpConfig, NtpTimeResponse } from '../../src/ntp/api';
import type { NtpConfigPayload, NtpTimePayload } from '../../src/ntp/schemas';
import { ntpConfigSchema, ntpTimeRules, ntpTimeSchema } from '../../src/ntp/schemas';

const config = {
  ntp_server: 'opendtu.pool.ntp.org',
  ntp_timezone_descr: 'Europe/Berlin',
  longitude: 10.4515,
  latitude: 51.1657,
  sunsettype: 1,
};

const runConfig = (patch: Record<string, unknown>) => validate(ntpConfigSchema, { ...config, ...patch });

describe('POST /api/ntp/config schema', () => {
  it('accepts a valid payload, with or without the older ntp_timezone key', () => {
    expect(runConfig({})).toEqual({ ok: true, value: config });
    expect(runConfig({ ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' })).toEqual({
      ok: true,
      value: { ...config, ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
    });
    expect(runConfig({ ntp_timezone: 5 })).toEqual({ ok: false, code: 1005 });
  });

  it.each(Object.keys(config))('answers 1005 when %s is missing', (key) => {
    const body: Record<string, unknown> = { ...config };
    delete body[key];
    expect(validate(ntpConfigSchema, body)).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    ['ntp_server', 1],
    ['ntp_timezone_descr', null],
    ['longitude', '10.4'],
    ['latitude', true],
    ['sunsettype', 1.5],
    ['sunsettype', 256],
    ['sunsettype', -1],
  ])('answers 1005 when %s is %j', (key, value) => {
    expect(runConfig({ [key]: value })).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    [{ ntp_server: '' }, 9001, { max: 31 }, 'ntp_server'],
    [{ ntp_server: 's'.repeat(32) }, 9001, { max: 31 }, 'ntp_server'],
    [{ ntp_timezone_descr: '' }, 9003, { max: 50 }, 'ntp_timezone_descr'],
    [{ ntp_timezone_descr: 'z'.repeat(51) }, 9003, { max: 50 }, 'ntp_timezone_descr'],
  ])('%j → %i', (patch, code, param, field) => {
    expect(runConfig(patch)).toEqual({ ok: false, code, param, field });
  });

  it('checks the server before the zone name', () => {
    expect(runConfig({ ntp_server: '', ntp_timezone_descr: '' })).toMatchObject({ code: 9001 });
  });

  it('does not range-check coordinates, the zone name or the sunset type', () => {
    expect(
      runConfig({ latitude: 1000, longitude: -1000, sunsettype: 7, ntp_timezone_descr: 'Mars/Base' }).ok,
    ).toBe(true);
    expect(runConfig({ ntp_server: 's'.repeat(31), ntp_timezone_descr: 'z'.repeat(50) }).ok).toBe(true);
  });
});

const time = { year: 2026, month: 3, day: 30, hour: 19, minute: 18, second: 50 };
const runTime = (patch: Record<string, unknown>) => validate(ntpTimeSchema, { ...time, ...patch });

describe('POST /api/ntp/time schema', () => {
  it('accepts a valid time', () => {
    expect(runTime({})).toEqual({ ok: true, value: time });
  });

  it.each(Object.keys(time))('answers 1005 when %s is missing', (key) => {
    const body: Record<string, unknown> = { ...time };
    delete body[key];
    expect(validate(ntpTimeSchema, body)).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    ['year', '2026'],
    ['month', 3.5],
    ['hour', -1],
    ['second', null],
  ])('answers 1005 when %s is %j (u32 expected)', (key, value) => {
    expect(runTime({ [key]: value })).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    ['year', 2021, 9004, 2022, 2100],
    ['year', 2101, 9004, 2022, 2100],
    ['month', 0, 9005, 1, 12],
    ['month', 13, 9005, 1, 12],
    ['day', 0, 9006, 1, 31],
    ['day', 32, 9006, 1, 31],
    ['hour', 24, 9007, 0, 23],
    ['minute', 60, 9008, 0, 59],
    ['second', 60, 9009, 0, 59],
  ])('%s %i → %i {min %i, max %i}', (field, value, code, min, max) => {
    expect(runTime({ [field]: value })).toEqual({ ok: false, code, param: { min, max }, field });
  });

  it.each([
    { year: 2022, month: 1, day: 1, hour: 0, minute: 0, second: 0 },
    { year: 2100, month: 12, day: 31, hour: 23, minute: 59, second: 59 },
  ])('accepts the boundary %j', (t) => {
    expect(validate(ntpTimeSchema, t).ok).toBe(true);
  });

  it('reports year, month, day, hour, minute, second in that order', () => {
    let body: Record<string, unknown> = { year: 1970, month: 0, day: 0, hour: 24, minute: 60, second: 60 };
    const order: number[] = [];
    for (const [field, good] of Object.entries(time)) {
      const result = validate(ntpTimeSchema, body);
      if (!result.ok) order.push(result.code);
      body = { ...body, [field]: good };
    }
    expect(order).toEqual([9004, 9005, 9006, 9007, 9008, 9009]);
    expect(ntpTimeRules.map((r) => r.code)).toEqual([
      Code.NtpYearRange,
      Code.NtpMonthRange,
      Code.NtpDayRange,
      Code.NtpHourRange,
      Code.NtpMinuteRange,
      Code.NtpSecondRange,
    ]);
  });
});

// Checked by tsc: the payload a schema yields is the config the GET endpoint returns.
describe('POST /api/ntp/* schema outputs', () => {
  it('are the GET answers', () => {
    // The payload's ntp_timezone (the older form) is optional; GET always carries it.
    expectTypeOf<Required<NtpConfigPayload>>().toEqualTypeOf<NtpConfig>();
    expectTypeOf<NtpTimePayload>().toEqualTypeOf<Omit<NtpTimeResponse, 'ntp_status'>>();
  });
});
