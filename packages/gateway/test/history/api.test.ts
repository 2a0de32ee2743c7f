import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { HistoryEnergySeries, HistoryPowerSeries, HistoryStatus } from '@dtu-console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHeaders, expectAuthMatrix, expectEnvelope, get, post } from '../helpers/api';
import { BROKEN_MULTIPART } from '../helpers/broken-multipart';
import { multipart } from '../helpers/multipart';
import { HM800, HMS2000, type PlantGateway, plantGateway, SUMMER_NOON } from '../helpers/plant-gateway';

const MINUTE = 60_000;
const DAY = '2025-06-21';

/** A GET refusal: HTTP 400 with the envelope of `code`. */
function expectRefusal(response: { statusCode: number; json: () => unknown; body: string }, code: number) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as Record<string, unknown>;
  expect(body.code).toBe(code);
  expect(body.type).toBe('warning');
  expect(typeof body.message).toBe('string');
}

function expectImported(response: { statusCode: number; json: () => unknown; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ type: 'success', message: 'History imported.', code: 13010 });
}

describe('history API on a running plant', () => {
  let env: PlantGateway;
  beforeAll(async () => {
    env = await plantGateway({ start: SUMMER_NOON });
    await env.advance(20 * MINUTE);
  });
  afterAll(() => env.cleanup());

  it('answers the day curve of the plant and its inverters, with points after a few minutes', async () => {
    const response = await get(env.gateway, `/api/v2/history/power?date=${DAY}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as HistoryPowerSeries;
    expect(body.step).toBe(300);
    expect(body.date).toBe(DAY);
    expect(body.timezone).toBe('Europe/Berlin');
    expect(body.time).toHaveLength(288);
    expect(body.to - body.from).toBe(86_400);
    expect(body.inverters.map((i) => i.serial)).toEqual([HM800, HMS2000]);
    expect(body.inverters[0]?.strings).toBeUndefined();
    // 13:00 local is step 156; the 20 minutes since then are recorded, earlier ones are not.
    const noon = (SUMMER_NOON / 1000 - body.from) / 300;
    expect(body.plant[noon - 1]).toBeNull();
    const recorded = body.plant.slice(noon, noon + 3);
    for (const value of recorded) expect(value).toBeGreaterThan(100);
    expect(body.plant[noon + 10]).toBeNull();
    const sum = (body.inverters[0]?.power[noon] ?? 0) + (body.inverters[1]?.power[noon] ?? 0);
    expect(body.plant[noon]).toBeCloseTo(sum, 0);
    // The simulated battery beside the simulated plant: recorded from the same moment, nothing before.
    const soc = body.battery?.soc ?? [];
    expect(soc).toHaveLength(288);
    expect(soc[noon - 1]).toBeNull();
    expect(soc[noon]).toBeGreaterThan(0);
    expect(soc[noon]).toBeLessThanOrEqual(100);
    expect(typeof body.battery?.power[noon]).toBe('number');
  });

  it('gives one inverter with its strings, each at one-minute steps', async () => {
    const from = SUMMER_NOON / 1000;
    const response = await get(
      env.gateway,
      `/api/v2/history/power?from=${from}&to=${from + 900}&step=60&serial=${HMS2000}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as HistoryPowerSeries;
    expect(body.time).toHaveLength(15);
    expect(body.inverters).toHaveLength(1);
    const strings = body.inverters[0]?.strings ?? [];
    expect(strings.map((s) => [s.channel, s.name])).toEqual([
      [0, 'East 1'],
      [1, 'East 2'],
      [2, 'West 1'],
      [3, 'West 2'],
    ]);
    for (const s of strings) expect(s.power[1]).toBeGreaterThan(0);
    // DC above AC (conversion losses).
    const dc = strings.reduce((total, s) => total + (s.power[1] ?? 0), 0);
    expect(dc).toBeGreaterThan(body.inverters[0]?.power[1] ?? 0);
  });

  it("answers today's energy per day of the month, per month and per year", async () => {
    const month = (
      await get(env.gateway, '/api/v2/history/energy?range=month&date=2025-06')
    ).json() as HistoryEnergySeries;
    expect(month.periods).toHaveLength(30);
    expect(month.periods[20]).toBe(DAY);
    const live = env.gateway.ctx.plant.live.totals().yieldDayWh;
    expect(month.plant[20]).toBeGreaterThan(0);
    expect(month.plant[20]).toBeCloseTo(live, -1);
    expect(month.plant[19]).toBeNull();
    const year = (
      await get(env.gateway, '/api/v2/history/energy?range=year&date=2025')
    ).json() as HistoryEnergySeries;
    expect(year.periods).toHaveLength(12);
    expect(year.plant[5]).toBe(month.plant[20]);
    const all = (await get(env.gateway, '/api/v2/history/energy?range=all')).json() as HistoryEnergySeries;
    expect(all.periods).toEqual(['2025']);
    expect(all.date).toBeUndefined();
    const one = (
      await get(env.gateway, `/api/v2/history/energy?range=month&date=2025-06&serial=${HM800}`)
    ).json() as HistoryEnergySeries;
    expect(one.inverters[0]?.strings?.map((s) => s.name)).toEqual(['South', 'West']);
    const strings = (one.inverters[0]?.strings ?? []).reduce((t, s) => t + (s.energy[20] ?? 0), 0);
    expect(strings).toBeCloseTo(one.inverters[0]?.energy[20] ?? 0, 0);
  });

  it('refuses bad ranges, steps, sizes, serials and periods with 400 and the code', async () => {
    const from = SUMMER_NOON / 1000;
    const cases: [string, number][] = [
      ['/api/v2/history/power', 13004],
      ['/api/v2/history/power?date=2025-02-30', 13004],
      ['/api/v2/history/power?date=21.06.2025', 13004],
      [`/api/v2/history/power?from=${from}&to=${from}&step=60`, 13004],
      [`/api/v2/history/power?from=${from}&to=abc&step=60`, 13004],
      [`/api/v2/history/power?from=${from}&to=${from + 3600}`, 13005],
      [`/api/v2/history/power?from=${from}&to=${from + 3600}&step=90`, 13005],
      [`/api/v2/history/power?from=${from}&to=${from + 3600}&step=30`, 13005],
      [`/api/v2/history/power?from=${from}&to=${from + 3600}&step=172800`, 13005],
      [`/api/v2/history/power?from=${from}&to=${from + 2 * 86_400}&step=60`, 13006],
      [`/api/v2/history/power?date=${DAY}&serial=112233445566`, 13007],
      [`/api/v2/history/power?date=${DAY}&serial=${HM800}&serial=0`, 13007],
      ['/api/v2/history/energy', 13008],
      ['/api/v2/history/energy?range=week', 13008],
      ['/api/v2/history/energy?range=month&date=2025', 13008],
      ['/api/v2/history/energy?range=month&date=2025-13', 13008],
      ['/api/v2/history/energy?range=year&date=25', 13008],
      ['/api/v2/history/energy?range=all&serial=nonsense', 13007],
    ];
    for (const [url, code] of cases) expectRefusal(await get(env.gateway, url), code);
    // A DST day has 25 hours: one minute steps still fit (1500).
    const october = await get(env.gateway, '/api/v2/history/power?date=2025-10-26&step=60');
    expect(october.statusCode).toBe(200);
    expect((october.json() as HistoryPowerSeries).time).toHaveLength(1500);
  });

  it('keeps the config in config.json and checks it', async () => {
    expect((await get(env.gateway, '/api/v2/history/config')).json()).toEqual({
      enabled: true,
      minute_days: 31,
      quarter_days: 730,
      daily_days: 0,
    });
    const good = { enabled: true, minute_days: 7, quarter_days: 400, daily_days: 0 };
    expectEnvelope(await post(env.gateway, '/api/v2/history/config', good), 1001);
    expect(env.gateway.ctx.config.get('history')).toEqual(good);
    expectEnvelope(await post(env.gateway, '/api/v2/history/config', { ...good, minute_days: 0 }), 13001, {
      min: 1,
      max: 366,
    });
    expectEnvelope(await post(env.gateway, '/api/v2/history/config', { ...good, quarter_days: 30 }), 13002, {
      min: 31,
      max: 3650,
    });
    expectEnvelope(await post(env.gateway, '/api/v2/history/config', { ...good, daily_days: 365 }), 13003, {
      min: 366,
      max: 36500,
    });
    expectEnvelope(await post(env.gateway, '/api/v2/history/config', { enabled: true }), 1005);
    await post(env.gateway, '/api/v2/history/config', { ...good, minute_days: 31, quarter_days: 730 });
  });

  it('reports its status', async () => {
    const status = (await get(env.gateway, '/api/v2/history/status')).json() as HistoryStatus;
    expect(status.enabled).toBe(true);
    expect(status.database_bytes).toBeGreaterThan(0);
    expect(status.oldest_minute).toBe(DAY);
    expect(status.oldest_quarter).toBe(DAY);
    expect(status.oldest_day).toBe(DAY);
    expect(status.serials.sort()).toEqual([HM800, HMS2000].sort());
  });

  it('reads like live data: readonly endpoints follow allow_readonly, the rest is admin', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: `/api/v2/history/power?date=${DAY}`, level: 'readonly' },
      { method: 'GET', url: '/api/v2/history/energy?range=all', level: 'readonly' },
      { method: 'GET', url: '/api/v2/history/status', level: 'readonly' },
      { method: 'GET', url: '/api/v2/history/config', level: 'admin' },
      { method: 'POST', url: '/api/v2/history/config', level: 'admin' },
      { method: 'GET', url: '/api/v2/history/export', level: 'admin' },
      { method: 'POST', url: '/api/v2/history/import', level: 'admin' },
    ]);
  });

  it('exports the history and imports it again; refused files change nothing', async () => {
    const exported = await get(env.gateway, '/api/v2/history/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/gzip');
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="dtu-console-history-${DAY}.json.gz"`,
    );
    const file = exported.rawPayload;
    const text = gunzipSync(file).toString('utf8');
    const document = JSON.parse(text) as { format: string; rows: unknown[][] };
    expect(document.format).toBe('dtu-console-history');
    expect(document.rows.at(-1)).toEqual(['end']);
    // One row a line, each printed as JSON.stringify prints it (the power rows are printed by hand).
    const rowLines = text.split('\n').slice(1, -3);
    expect(rowLines.length).toBe(document.rows.length - 1);
    for (const line of rowLines) expect(line).toBe(`${JSON.stringify(JSON.parse(line.slice(0, -1)))},`);
    expect(rowLines.some((line) => line.startsWith('["m",'))).toBe(true);
    // CRLF line ends (a file that went through an editor) read the same.
    const crlf = gzipSync(text.replaceAll('\n', '\r\n'));

    const upload = (content: Buffer) => {
      const form = multipart([{ name: 'file', filename: 'h.json.gz', content }]);
      return env.gateway.http.inject({
        method: 'POST',
        url: '/api/v2/history/import',
        payload: form.payload,
        headers: { ...consoleHeaders(), ...form.headers },
      });
    };
    const before = (await get(env.gateway, `/api/v2/history/power?date=${DAY}&step=60`)).body;
    const energyBefore = (await get(env.gateway, '/api/v2/history/energy?range=month&date=2025-06')).body;

    const lines = text.split('\n');
    const otherInverter = text.replaceAll(HM800, '114172229999');
    const refused = [
      Buffer.from('garbage'),
      gzipSync('not json at all\n'),
      gzipSync(JSON.stringify({ format: 'something-else', version: 1, rows: [] })),
      file.subarray(0, Math.floor(file.length / 2)),
      gzipSync(lines.slice(0, -3).join('\n')),
      gzipSync(
        `${lines.slice(0, 3).join('\n')}\n["m","${HM800}",-1,1750500001,5,60],\n${lines.slice(3).join('\n')}`,
      ),
      // a valid row of another inverter before the damage must not be merged either
      gzipSync(`${otherInverter.split('\n').slice(0, -3).join('\n')}\n["x"],\n["end"]\n]}\n`),
    ];
    for (const content of refused) expectRefusal(await upload(content), 13009);
    const tooLarge = await upload(Buffer.alloc(64 * 1024 * 1024 + 1));
    expectRefusal(tooLarge, 13009);
    // A body that is not readable multipart, or a file in another field, is a refused file too.
    for (const [, contentType, body] of BROKEN_MULTIPART) {
      const broken = await env.gateway.http.inject({
        method: 'POST',
        url: '/api/v2/history/import',
        payload: body,
        headers: { ...consoleHeaders(), 'content-type': contentType },
      });
      expectRefusal(broken, 13009);
    }
    const otherField = multipart([{ name: 'upload', filename: 'h.json.gz', content: file }]);
    expectRefusal(
      await env.gateway.http.inject({
        method: 'POST',
        url: '/api/v2/history/import',
        payload: otherField.payload,
        headers: { ...consoleHeaders(), ...otherField.headers },
      }),
      13009,
    );
    expect((await get(env.gateway, `/api/v2/history/power?date=${DAY}&step=60`)).body).toBe(before);
    expect((await get(env.gateway, '/api/v2/history/status')).json().serials).not.toContain('114172229999');

    // The same file merges without changing anything; another gateway's rows are added.
    expectImported(await upload(file));
    expectImported(await upload(crlf));
    expect((await get(env.gateway, `/api/v2/history/power?date=${DAY}&step=60`)).body).toBe(before);
    expect((await get(env.gateway, '/api/v2/history/energy?range=month&date=2025-06')).body).toBe(
      energyBefore,
    );
    expectImported(await upload(gzipSync(otherInverter)));
    const merged = (
      await get(env.gateway, '/api/v2/history/power?date=2025-06-21&serial=114172229999')
    ).json() as HistoryPowerSeries;
    expect(merged.inverters[0]?.power.some((v) => v !== null)).toBe(true);
  });
});

describe('a freshly started plant', () => {
  it('has points on the day curve after the first minute', async () => {
    const env = await plantGateway({ start: SUMMER_NOON + 20_000 });
    try {
      await env.advance(MINUTE);
      const body = (
        await get(env.gateway, `/api/v2/history/power?date=${DAY}&step=60`)
      ).json() as HistoryPowerSeries;
      const points = body.plant.filter((v) => v !== null);
      expect(points.length).toBeGreaterThanOrEqual(1);
      expect(points[0]).toBeGreaterThan(0);
    } finally {
      await env.cleanup();
    }
  });
});

describe('an unreadable history database', () => {
  it('is moved aside and a new one begins; the gateway starts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'dtu-history-broken-'));
    await writeFile(
      join(dataDir, 'history.sqlite'),
      'this is not a database, just text long enough '.repeat(100),
    );
    const env = await plantGateway({ start: SUMMER_NOON, dataDir });
    try {
      const status = await get(env.gateway, '/api/v2/history/status');
      expect(status.statusCode).toBe(200);
      expect((status.json() as HistoryStatus).oldest_day).toBeNull();
      expect(await readFile(join(dataDir, 'history.sqlite.broken'), 'utf8')).toMatch(
        /^this is not a database/,
      );
    } finally {
      await env.cleanup();
    }
  });
});
