/**
 * The corpus of real captures (packages/hoymiles/test/captures, index in its README): every capture an
 * owner published is replayed through `--radio replay` and the engine into the gateway's own API, and the
 * values the poster's screen showed, or a decode written by hand from the documented layout, come out.
 * Acknowledgements are checked by sending the captured command again and reading its set status.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { type DeviceControlCommand, parseRequest } from '@dtu-console/hoymiles';
import { parseCaptureLine } from '@dtu-console/radio/replay/capture-lines';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CAPTURES_DIR,
  type CapturedExchangeEntry,
  type CaptureEntry,
  readCaptureLog,
  readCorpus,
} from '../../../../radio/test/helpers/capture-corpus';
import { basicAuth, postForm, testGateway } from '../../helpers/gateway';

/** 21 June 2026 12:00 CEST: daylight at the gateway's place, whatever the hour of the capture. */
const NOON = Date.UTC(2026, 5, 21, 10, 0, 0);
const AUTH = { authorization: basicAuth() };
/**
 * The API shows event times as local seconds after midnight: the inverter's UTC seconds plus the gateway's
 * offset, here the first-start zone (CET/CEST) on 21 June. Hand decodes give the inverter's UTC seconds.
 */
const TZ_OFFSET_S = 2 * 3600;

interface EventExpectation {
  start_time?: number;
  end_time?: number;
}

function inLocalTime(eventlog: { events?: EventExpectation[] }): unknown {
  const local = (seconds: number | undefined) =>
    seconds === undefined || seconds === 0 ? seconds : seconds + TZ_OFFSET_S;
  return {
    ...eventlog,
    ...(eventlog.events
      ? {
          events: eventlog.events.map((event) => ({
            ...event,
            ...(event.start_time === undefined ? {} : { start_time: local(event.start_time) }),
            ...(event.end_time === undefined ? {} : { end_time: local(event.end_time) }),
          })),
        }
      : {}),
  };
}

type Json = Record<string, unknown>;

function expectClose(actual: unknown, expected: number, what: string): void {
  expect(typeof actual, what).toBe('number');
  const digits = Number.isInteger(expected) ? 0 : Math.min(3, `${expected}`.split('.')[1]?.length ?? 0);
  expect(actual as number, what).toBeCloseTo(expected, digits);
}

/** `expected` of a run-data exchange against the live data's AC/DC/INV channels (`{v, u, d}` fields). */
function expectLiveValues(detail: Json, expected: Json, what: string): number {
  let checked = 0;
  for (const group of ['AC', 'DC', 'INV'] as const) {
    const channels = (expected[group] ?? {}) as Record<string, Record<string, number>>;
    for (const [channel, fields] of Object.entries(channels)) {
      for (const [name, value] of Object.entries(fields)) {
        const field = (detail[group] as Record<string, Record<string, { v: number }>> | undefined)?.[
          channel
        ]?.[name];
        expect(field, `${what} ${group}${channel}.${name}`).toBeDefined();
        expectClose(field!.v, value, `${what} ${group}${channel}.${name}`);
        checked++;
      }
    }
  }
  return checked;
}

/** Every expected key, compared with the API's answer (numbers to the expected value's precision). */
function expectSubset(actual: unknown, expected: unknown, what: string): number {
  if (typeof expected === 'number') {
    expectClose(actual, expected, what);
    return 1;
  }
  if (Array.isArray(expected)) {
    expect(Array.isArray(actual), what).toBe(true);
    return expected.reduce<number>(
      (sum, item, i) => sum + expectSubset((actual as unknown[])[i], item, `${what}[${i}]`),
      0,
    );
  }
  if (expected !== null && typeof expected === 'object') {
    let checked = 0;
    for (const [key, value] of Object.entries(expected)) {
      checked += expectSubset((actual as Json | undefined)?.[key], value, `${what}.${key}`);
    }
    return checked;
  }
  expect(actual, what).toEqual(expected);
  return 1;
}

/** The device-control request the capture's DTU sent within the exchange's lines. */
function capturedControl(log: string, exchange: CapturedExchangeEntry): DeviceControlCommand | undefined {
  const lines = log.split(/\r?\n/);
  for (let n = exchange.lines[0]; n <= exchange.lines[1]; n++) {
    const parsed = parseCaptureLine(lines[n - 1] ?? '', n);
    if (!parsed?.ok || parsed.frame.direction !== 'tx') continue;
    const request = parseRequest(parsed.frame.bytes);
    if (request.ok && request.value.kind === 'device-control') return request.value.command;
  }
  return undefined;
}

/** The API call that makes the engine send `command` again, and the set status it reports. */
function apiCallFor(
  serial: string,
  command: DeviceControlCommand,
): { url: string; data: Json; status: string } {
  if (command.kind === 'limit') {
    return {
      url: '/api/limit/config',
      data: { serial, limit_type: command.limitType, limit_value: command.limit },
      status: 'limit_set_status',
    };
  }
  if (command.kind === 'power') {
    const data =
      command.action === 'restart' ? { serial, restart: true } : { serial, power: command.action === 'on' };
    return { url: '/api/power/config', data, status: 'power_set_status' };
  }
  throw new Error(`no API call sends ${JSON.stringify(command)}`);
}

const corpus = readCorpus();

/**
 * Exchanges a replay of their post cannot bring out through the engine: it asks for device info only once
 * the inverter's run data arrived, and these posts hold none. The same bytes are decoded by the test named
 * here instead (it must name the capture).
 */
const CHECKED_ELSEWHERE: Record<string, string> = {
  'mi-600-info-ahoy-esp-1111-1 mi-info': 'packages/hoymiles/test/messages/mi.test.ts',
  'hm-devinfo-onbattery-903-1 device-info-all': 'packages/gateway/test/radio-check/device-info.test.ts',
  'hm-devinfo-onbattery-903-1 device-info-simple': 'packages/gateway/test/radio-check/device-info.test.ts',
};
const REPO = join(CAPTURES_DIR, '../../../..');

describe('the corpus of real captures', () => {
  it.each(Object.entries(CHECKED_ELSEWHERE))('%s is decoded in %s', (exchange, file) => {
    const stem = exchange.split(' ')[0]!;
    expect(readFileSync(join(REPO, file), 'utf8')).toContain(stem);
  });

  it('holds at least 25 real exchanges, each from a published log with its provenance', () => {
    const exchanges = corpus.flatMap((entry) => entry.exchanges);
    expect(exchanges.length).toBeGreaterThanOrEqual(25);
    for (const entry of corpus) {
      expect(entry.source.url, entry.stem).toMatch(/^https:\/\//);
      const { published, captured, date_note } = entry.source;
      // When: the post's date, else the day the log was taken, else why neither is known.
      const when = published ?? captured ?? (date_note && date_note.length > 20 ? 'noted' : undefined);
      expect(when, `${entry.stem}: when`).toMatch(/^(\d{4}-\d{2}-\d{2}|noted)$/);
      expect(readdirSync(CAPTURES_DIR)).toContain(`${entry.stem}.log`);
    }
  });
});

/**
 * The captures of one inverter from one owner's post are played as one log, as the gateway would have
 * heard that day: the engine asks for the limit read-back or the event log only once run data arrived.
 */
interface CaptureGroup {
  name: string;
  serial: string;
  entries: CaptureEntry[];
}

function groups(): CaptureGroup[] {
  const byKey = new Map<string, CaptureGroup>();
  for (const entry of corpus) {
    if (entry.serial === null) continue;
    const key = `${entry.source.url} ${entry.serial}`;
    const group = byKey.get(key) ?? { name: entry.stem, serial: entry.serial, entries: [] };
    group.entries.push(entry);
    byKey.set(key, group);
  }
  return [...byKey.values()];
}

describe.each(groups())('capture $name', (group: CaptureGroup) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('replays through the engine to the values its poster saw or its hand decode gives', async () => {
    const { serial } = group;
    // The API writes a serial as OpenDTU does: hex digits in lower case (1410a01121ae).
    const key = serial.toLowerCase();
    const dir = await mkdtemp(join(tmpdir(), 'dtu-corpus-'));
    const file = join(dir, 'capture.log');
    await writeFile(file, group.entries.map(readCaptureLog).join('\n'));
    const clock = new ManualClock(NOON);
    const env = await testGateway({ radio: 'replay', replayFile: file }, { clock, seed: 1 });
    cleanup = async () => {
      await env.cleanup();
      await rm(dir, { recursive: true, force: true });
    };
    const { gateway } = env;
    const name = group.entries[0]!.inverter_address;
    const added = await postForm(gateway, '/api/inverter/add', { serial, name }, AUTH);
    expect(added.json(), 'inverter added').toMatchObject({ type: 'success' });
    await gateway.start();
    await clock.advance(60_000);
    const get = async (url: string) =>
      (await gateway.http.inject({ method: 'GET', url, headers: AUTH })).json();

    let checked = 0;
    let stated = false;
    for (const entry of group.entries) {
      for (const exchange of entry.exchanges) {
        const what = `${entry.stem} lines ${exchange.lines.join('–')}`;
        if (CHECKED_ELSEWHERE[`${entry.stem} ${exchange.request}`]) continue;
        const expected = exchange.expected as Json;
        if (Object.keys(expected).length > 0) stated = true;
        if (expected.AC || expected.DC || expected.INV) {
          const detail = (await get(`/api/livedata/status?inv=${serial}`)).inverters[0] as Json;
          checked += expectLiveValues(detail, expected, what);
        }
        if (expected.devinfo) {
          const devinfo = await get(`/api/devinfo/status?inv=${serial}`);
          checked += expectSubset(devinfo, expected.devinfo, `${what} devinfo`);
        }
        if (expected.limit) {
          const limit = (await get('/api/limit/status'))[key];
          checked += expectSubset(limit, expected.limit, `${what} limit`);
        }
        if (expected.eventlog) {
          const events = await get(`/api/eventlog/status?inv=${serial}`);
          const local = inLocalTime(expected.eventlog as { events?: EventExpectation[] });
          checked += expectSubset(events, local, `${what} eventlog`);
        }
        if (expected.gridprofile) {
          const profile = await get(`/api/gridprofile/status?inv=${serial}`);
          checked += expectSubset(profile, expected.gridprofile, `${what} gridprofile`);
        }
        if (expected.ack) {
          const command = capturedControl(readCaptureLog(entry), exchange);
          expect(command, `${what}: the capture holds the command it acknowledges`).toBeDefined();
          const call = apiCallFor(serial, command!);
          const sent = await postForm(gateway, call.url, call.data, AUTH);
          expect(sent.json(), `${what} ${call.url}`).toMatchObject({ type: 'success' });
          await clock.advance(10_000);
          const statusUrl = call.status === 'limit_set_status' ? '/api/limit/status' : '/api/power/status';
          const status = (await get(statusUrl))[key];
          const success = (expected.ack as { success: boolean }).success;
          expect(status?.[call.status], `${what} ${call.status}`).toBe(success ? 'Ok' : 'Failure');
          checked++;
        }
      }
    }
    // An entry that states values must have them asserted (a misspelt key would otherwise pass).
    if (stated) expect(checked, `${group.name}: values asserted`).toBeGreaterThan(0);
    const status = await get('/api/system/status');
    const problems = group.entries.flatMap((entry) => entry.expected_problems ?? []);
    expect(status.radio_replay.problems, `${group.name}: lines that failed their checks`).toEqual(problems);
  });
});
