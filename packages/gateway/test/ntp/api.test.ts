import { gunzipSync } from 'node:zlib';
import { NtpDefaults } from '@dtu-console/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthMatrix, expectEnvelope, expectSameShape, get, post } from '../helpers/api';
import { testGateway } from '../helpers/gateway';
import { type SntpResponder, startSntpResponder } from '../helpers/sntp-responder';

// Answers in OpenDTU's shape (values of a Berlin gateway).
const statusExample = {
  ntp_server: 'opendtu.pool.ntp.org',
  ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
  ntp_timezone_descr: 'Europe/Berlin',
  ntp_status: true,
  ntp_localtime: 'Monday, March 30 2026 19:18:50',
  sun_risetime: 'Monday, March 30 2026 07:01:12',
  sun_settime: 'Monday, March 30 2026 19:53:40',
  sun_isSunsetAvailable: true,
  sun_isDayPeriod: true,
};
// The same with our default server (the contract's NtpDefaults).
const configExample = {
  ntp_server: NtpDefaults.server,
  ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
  ntp_timezone_descr: 'Europe/Berlin',
  longitude: 10.4515,
  latitude: 51.1657,
  sunsettype: 1,
};
const timeExample = { ntp_status: true, year: 2026, month: 3, day: 30, hour: 19, minute: 18, second: 50 };
const TIME_FORMAT =
  /^(Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday), (January|February|March|April|May|June|July|August|September|October|November|December) \d\d \d{4} \d\d:\d\d:\d\d$/;

/** Polls until `check` passes or `ms` have gone by (SNTP runs in the background). */
async function eventually(check: () => Promise<boolean>, ms = 4000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

describe('NTP API on one gateway', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeAll(async () => {
    env = await testGateway({}, { authLimits: { maxFailures: 1000 } });
  });
  afterAll(() => env.cleanup());

  it('GET /api/ntp/config: the contract keys, types and the defaults', async () => {
    const response = await get(env.gateway, '/api/ntp/config');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectSameShape(body, configExample);
    // Our default server is the global pool, not a vendor zone.
    expect(body).toEqual({ ...configExample, ntp_server: 'pool.ntp.org' });
  });

  it('GET /api/ntp/status before any sync: the contract keys and types, not synchronised (no NTP server here)', async () => {
    const response = await get(env.gateway, '/api/ntp/status', null);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectSameShape(body, statusExample);
    expect(body).toMatchObject({
      ntp_server: 'pool.ntp.org',
      ntp_timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
      ntp_timezone_descr: 'Europe/Berlin',
      ntp_status: false,
    });
    expect(body.ntp_localtime).toMatch(TIME_FORMAT);
  });

  it('GET /api/ntp/time: local time now, in the configured zone', async () => {
    const response = await get(env.gateway, '/api/ntp/time');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectSameShape(body, timeExample);
    const berlin = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(Date.now());
    const part = (type: string) => Number(berlin.find((p) => p.type === type)?.value);
    expect([body.year, body.month, body.day]).toEqual([part('year'), part('month'), part('day')]);
    expect(body.hour).toBe(part('hour'));
  });

  it('POST /api/ntp/time moves the gateway clock (9010), not the host clock', async () => {
    const hostBefore = Date.now();
    const response = await post(env.gateway, '/api/ntp/time', {
      year: 2024,
      month: 6,
      day: 21,
      hour: 12,
      minute: 0,
      second: 0,
    });
    expectEnvelope(response, 9010);
    const hostAfter = Date.now();
    expect(hostAfter - hostBefore).toBeLessThan(5000);
    expect(Math.abs(hostAfter - Date.now())).toBeLessThan(5000);

    const time = (await get(env.gateway, '/api/ntp/time')).json();
    expect(time).toMatchObject({ ntp_status: true, year: 2024, month: 6, day: 21, hour: 12, minute: 0 });
    expect(time.second).toBeLessThan(5);

    // Nautical twilight at the default place (183.4247 and 1416.7474 local minutes).
    const status = (await get(env.gateway, '/api/ntp/status')).json();
    expect(status.ntp_status).toBe(true);
    expect(status.ntp_localtime).toMatch(/^Friday, June 21 2024 12:00:0\d$/);
    expect(status.sun_risetime).toBe('Friday, June 21 2024 03:03:25');
    expect(status.sun_settime).toBe('Friday, June 21 2024 23:36:44');
    expect(status.sun_isSunsetAvailable).toBe(true);
    expect(status.sun_isDayPeriod).toBe(true);
  });

  it('recomputes the sun for the sunset type and says "--" when the sun never gets that low', async () => {
    expectEnvelope(await post(env.gateway, '/api/ntp/config', { ...configExample, sunsettype: 0 }), 1001);
    let status = (await get(env.gateway, '/api/ntp/status')).json();
    expect(status.sun_risetime).toBe('Friday, June 21 2024 05:02:45');
    expect(status.sun_settime).toBe('Friday, June 21 2024 21:37:26');

    expectEnvelope(await post(env.gateway, '/api/ntp/config', { ...configExample, sunsettype: 3 }), 1001);
    status = (await get(env.gateway, '/api/ntp/status')).json();
    expect(status).toMatchObject({
      sun_risetime: '--',
      sun_settime: '--',
      sun_isSunsetAvailable: false,
      sun_isDayPeriod: true,
    });

    // Night: 23:50 is after the nautical sunset.
    expectEnvelope(await post(env.gateway, '/api/ntp/config', configExample), 1001);
    expectEnvelope(
      await post(env.gateway, '/api/ntp/time', {
        year: 2024,
        month: 6,
        day: 21,
        hour: 23,
        minute: 50,
        second: 0,
      }),
      9010,
    );
    expect((await get(env.gateway, '/api/ntp/status')).json().sun_isDayPeriod).toBe(false);
  });

  it("POST /api/ntp/config keeps an older client's ntp_timezone for a zone name the table does not know", async () => {
    const posted = { ...configExample, ntp_timezone_descr: 'Somewhere/Else', ntp_timezone: 'XYZ-3' };
    expectEnvelope(await post(env.gateway, '/api/ntp/config', posted), 1001);
    expect(env.gateway.ctx.config.get('ntp').timezone).toBe('XYZ-3');
    expect((await get(env.gateway, '/api/ntp/config')).json().ntp_timezone).toBe('XYZ-3');
    const withoutRule = { ...configExample, ntp_timezone_descr: 'Somewhere/Else' } as Record<string, unknown>;
    delete withoutRule.ntp_timezone;
    expectEnvelope(await post(env.gateway, '/api/ntp/config', withoutRule), 1001);
    expect(env.gateway.ctx.config.get('ntp').timezone).toBe('');
  });

  it('POST /api/ntp/config stores server, zone (with its POSIX rule) and place', async () => {
    const posted = {
      ntp_server: 'time.example.org',
      ntp_timezone_descr: 'America/New_York',
      longitude: -74.006,
      latitude: 40.7128,
      sunsettype: 0,
      ntp_timezone: 'a different rule',
    };
    expectEnvelope(await post(env.gateway, '/api/ntp/config', posted), 1001);
    expect(env.gateway.ctx.config.get('ntp')).toEqual({
      server: 'time.example.org',
      timezone: 'EST5EDT,M3.2.0,M11.1.0',
      timezone_descr: 'America/New_York',
      latitude: 40.7128,
      longitude: -74.006,
      sunsettype: 0,
    });
    // The zone name wins over a disagreeing ntp_timezone; GET carries the name's rule.
    expect((await get(env.gateway, '/api/ntp/config')).json()).toEqual({
      ...posted,
      ntp_timezone: 'EST5EDT,M3.2.0,M11.1.0',
    });

    // 2024-07-04 12:00 in New York: 330.5254 and 1230.4161 local minutes.
    expectEnvelope(
      await post(env.gateway, '/api/ntp/time', {
        year: 2024,
        month: 7,
        day: 4,
        hour: 12,
        minute: 0,
        second: 0,
      }),
      9010,
    );
    const status = (await get(env.gateway, '/api/ntp/status')).json();
    expect(status.ntp_timezone).toBe('EST5EDT,M3.2.0,M11.1.0');
    expect(status.sun_risetime).toBe('Thursday, July 04 2024 05:30:31');
    expect(status.sun_settime).toBe('Thursday, July 04 2024 20:30:24');
    // The wall clock was set in New York time: 16:00 UTC.
    const time = (await get(env.gateway, '/api/ntp/time')).json();
    expect(time).toMatchObject({ year: 2024, month: 7, day: 4, hour: 12 });
  });

  it('accepts an unknown zone name and runs it as UTC', async () => {
    const { ntp_timezone: _rule, ...current } = configExample;
    expectEnvelope(
      await post(env.gateway, '/api/ntp/config', { ...current, ntp_timezone_descr: 'Mars/Olympus_Mons' }),
      1001,
    );
    const status = (await get(env.gateway, '/api/ntp/status')).json();
    expect(status.ntp_timezone).toBe('UTC0');
    expect(env.gateway.ctx.config.get('ntp').timezone).toBe('');
    expect(status.ntp_timezone_descr).toBe('Mars/Olympus_Mons');
    expectEnvelope(await post(env.gateway, '/api/ntp/config', configExample), 1001);
  });

  it.each([
    [{ ntp_server: '' }, 9001, { max: 31 }],
    [{ ntp_server: 's'.repeat(32) }, 9001, { max: 31 }],
    [{ ntp_timezone_descr: '' }, 9003, { max: 50 }],
    [{ ntp_timezone_descr: 'z'.repeat(51) }, 9003, { max: 50 }],
    [{ sunsettype: 256 }, 1005, undefined],
    [{ latitude: '51' }, 1005, undefined],
  ])('POST /api/ntp/config %j → %i', async (patch, code, param) => {
    const before = env.gateway.ctx.config.get('ntp');
    expectEnvelope(await post(env.gateway, '/api/ntp/config', { ...configExample, ...patch }), code, param);
    expect(env.gateway.ctx.config.get('ntp')).toBe(before);
  });

  const time = { year: 2026, month: 3, day: 30, hour: 19, minute: 18, second: 50 };
  it.each([
    [{ year: 2021 }, 9004, { min: 2022, max: 2100 }],
    [{ year: 2101 }, 9004, { min: 2022, max: 2100 }],
    [{ month: 0 }, 9005, { min: 1, max: 12 }],
    [{ month: 13 }, 9005, { min: 1, max: 12 }],
    [{ day: 0 }, 9006, { min: 1, max: 31 }],
    [{ day: 32 }, 9006, { min: 1, max: 31 }],
    [{ hour: 24 }, 9007, { min: 0, max: 23 }],
    [{ minute: 60 }, 9008, { min: 0, max: 59 }],
    [{ second: 60 }, 9009, { min: 0, max: 59 }],
    [{ second: -1 }, 1005, undefined],
    [{ year: '2026' }, 1005, undefined],
  ])('POST /api/ntp/time %j → %i, clock unchanged', async (patch, code, param) => {
    const before = (await get(env.gateway, '/api/ntp/time')).json();
    expectEnvelope(await post(env.gateway, '/api/ntp/time', { ...time, ...patch }), code, param);
    const after = (await get(env.gateway, '/api/ntp/time')).json();
    expect([after.year, after.month, after.day]).toEqual([before.year, before.month, before.day]);
  });

  it('POST endpoints answer 1002 and 1004 first', async () => {
    expectEnvelope(await post(env.gateway, '/api/ntp/time', '{"year":'), 1004);
    const response = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/ntp/config',
      headers: { authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}` },
    });
    expectEnvelope(response, 1002);
  });

  it('GET /api/ntp/zones: zone name → POSIX rule for every zone', async () => {
    const response = await get(env.gateway, '/api/ntp/zones', null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const zones = response.json() as Record<string, unknown>;
    expect(Object.keys(zones).length).toBeGreaterThan(400);
    expect(zones['Europe/Berlin']).toBe('CET-1CEST,M3.5.0,M10.5.0/3');
    expect(zones['Etc/UTC']).toBe('UTC0');
    expect(Object.values(zones).every((rule) => typeof rule === 'string')).toBe(true);
  });

  it('GET /zones.json: the same table, public, gzip when accepted, ETag with 304', async () => {
    const zones = (await get(env.gateway, '/api/ntp/zones')).json();
    await env.gateway.ctx.config.patch('security', { allow_readonly: false });
    try {
      const plain = await env.gateway.http.inject({ method: 'GET', url: '/zones.json' });
      expect(plain.statusCode).toBe(200);
      expect(plain.json()).toEqual(zones);
      const etag = plain.headers.etag;
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

      const gz = await env.gateway.http.inject({
        method: 'GET',
        url: '/zones.json',
        headers: { 'accept-encoding': 'gzip, deflate' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(zones);

      const cached = await env.gateway.http.inject({
        method: 'GET',
        url: '/zones.json',
        headers: { 'if-none-match': String(etag) },
      });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');

      // A list of held tags (or a weak form of ours) names the same answer; HEAD follows GET.
      for (const held of [`"other", ${etag}`, `W/${etag}`, '*']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const again = await env.gateway.http.inject({
            method,
            url: '/zones.json',
            headers: { 'if-none-match': held, 'accept-encoding': 'gzip' },
          });
          expect(again.statusCode).toBe(304);
          expect(again.headers.etag).toBe(etag);
          expect(again.headers['content-encoding']).toBeUndefined();
          expect(again.body).toBe('');
        }
      }
      const stale = await env.gateway.http.inject({
        method: 'GET',
        url: '/zones.json',
        headers: { 'if-none-match': '"c51b4dec15f9c192ba255c91bca5377a"' },
      });
      expect(stale.statusCode).toBe(200);
      expect(stale.json()).toEqual(zones);
    } finally {
      await env.gateway.ctx.config.patch('security', { allow_readonly: true });
    }
  });

  it('auth levels', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/ntp/status', level: 'readonly' },
      { method: 'GET', url: '/api/ntp/zones', level: 'readonly' },
      { method: 'GET', url: '/zones.json', level: 'public' },
      { method: 'GET', url: '/api/ntp/config', level: 'admin' },
      { method: 'POST', url: '/api/ntp/config', level: 'admin', data: {} },
      { method: 'GET', url: '/api/ntp/time', level: 'admin' },
      { method: 'POST', url: '/api/ntp/time', level: 'admin', data: {} },
    ]);
  });
});

describe('SNTP status against a local responder', () => {
  const responders: SntpResponder[] = [];
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeAll(async () => {
    env = await testGateway();
    // Inject tests do not start the run's services; this one needs the SNTP service asking.
    env.gateway.ctx.services.sntp.start();
  });
  afterAll(() => env.cleanup());
  afterEach(async () => {
    for (const responder of responders.splice(0)) await responder.close();
  });

  const ntpStatus = async () => (await get(env.gateway, '/api/ntp/status')).json().ntp_status as boolean;
  const useServer = async (server: string) =>
    expectEnvelope(
      await post(env.gateway, '/api/ntp/config', { ...configExample, ntp_server: server }),
      1001,
    );

  it('reports synchronised once the configured server answers, and not after switching to a silent one', async () => {
    const answering = await startSntpResponder();
    const silent = await startSntpResponder({ answer: false });
    responders.push(answering, silent);
    expect(await ntpStatus()).toBe(false);

    await useServer(answering.server);
    expect(await eventually(ntpStatus)).toBe(true);
    expect(answering.requests).toBeGreaterThan(0);

    await useServer(silent.server);
    expect(await eventually(async () => silent.requests > 0 && !(await ntpStatus()))).toBe(true);
    // It stays so: the silent server never answers (the query times out after 2.5 s).
    await new Promise((resolve) => setTimeout(resolve, 2700));
    expect(await ntpStatus()).toBe(false);
  }, 15000);
});
