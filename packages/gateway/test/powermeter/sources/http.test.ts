import { SystemClock } from '@dtu-console/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { httpJsonSource } from '../../../src/powermeter/sources/http';
import type { PowerMeterSection } from '../../../src/powermeter/sources/source';
import { type JsonMeter, startJsonMeter } from '../../helpers/meter-devices';
import { freePort } from '../../helpers/ports';
import { collect, until } from '../sink';

type Http = PowerMeterSection['http_json'];
const clock = new SystemClock();

function section(url: string, request: Partial<Http['http_request']> = {}, rest: Partial<Http> = {}): Http {
  return {
    polling_interval: 1,
    http_request: { url, auth_type: 0, username: '', password: '', timeout: 1000, ...request },
    json_path: 'StatusSNS.SML.Power',
    unit: 0,
    sign_inverted: false,
    ...rest,
  };
}

let meter: JsonMeter | undefined;
let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  await meter?.stop();
  meter = undefined;
  stop = undefined;
});

async function run(s: Http) {
  const source = httpJsonSource(s, clock);
  const seen = collect(source);
  stop = () => source.stop();
  await until(() => seen.readings.length + seen.problems.length > 0);
  return seen;
}

describe('HTTP JSON source against a local meter', () => {
  it('reads the power by its JSON path, stamped with the time of the answer, and keeps polling', async () => {
    meter = await startJsonMeter();
    meter.powerW = -420;
    const before = clock.now();
    const source = httpJsonSource(section(meter.url), clock);
    const seen = collect(source);
    stop = () => source.stop();
    await until(() => seen.readings.length >= 1);
    expect(seen.readings[0]?.powerW).toBe(-420);
    expect(seen.readings[0]?.atMs).toBeGreaterThanOrEqual(before);
    meter.powerW = 815;
    await until(() => seen.readings.length >= 2, 3000);
    expect(seen.readings[1]?.powerW).toBe(815);
    expect(seen.problems).toEqual([]);
  });

  it('logs in with basic auth, and says when the credentials are wrong', async () => {
    meter = await startJsonMeter({ auth: { type: 'basic', username: 'meter', password: 'secret' } });
    meter.powerW = 12;
    expect(
      (await run(section(meter.url, { auth_type: 1, username: 'meter', password: 'secret' }))).readings[0]
        ?.powerW,
    ).toBe(12);
    await stop?.();
    const wrong = await run(section(meter.url, { auth_type: 1, username: 'meter', password: 'nope' }));
    expect(wrong.problems[0]?.code).toBe('auth');
    await stop?.();
    const none = await run(section(meter.url));
    expect(none.problems[0]).toEqual({
      code: 'auth',
      detail: `127.0.0.1:${meter.port} asks for a user name and password (HTTP 401)`,
    });
  });

  it.each(['MD5', 'SHA-256'] as const)(
    'answers a %s digest challenge, and says when the password is wrong',
    async (algorithm) => {
      meter = await startJsonMeter({
        auth: { type: 'digest', username: 'meter', password: 'Circle of Life', algorithm },
      });
      meter.powerW = 230.5;
      const ok = await run(
        section(meter.url, { auth_type: 2, username: 'meter', password: 'Circle of Life' }),
      );
      expect(ok.readings[0]?.powerW).toBe(230.5);
      await stop?.();
      const wrong = await run(section(meter.url, { auth_type: 2, username: 'meter', password: 'wrong' }));
      expect(wrong.problems[0]?.code).toBe('auth');
      expect(wrong.problems[0]?.detail).toContain('refused the user name or password');
    },
  );

  it('names a JSON path that is not in the answer', async () => {
    meter = await startJsonMeter();
    const seen = await run(section(meter.url, {}, { json_path: 'StatusSNS.SML.Watt' }));
    expect(seen.problems[0]).toEqual({
      code: 'json-path',
      detail: 'JSON path not found: StatusSNS.SML.Watt',
    });
  });

  it('says connection refused when nothing listens', async () => {
    const port = await freePort();
    const seen = await run(section(`http://127.0.0.1:${port}/cm`));
    expect(seen.problems[0]?.code).toBe('connection-refused');
    expect(seen.problems[0]?.detail).toContain(`127.0.0.1:${port}`);
  });

  it('gives up after the timeout when the meter does not answer', async () => {
    meter = await startJsonMeter();
    meter.delayMs = 2000;
    const seen = await run(section(meter.url, { timeout: 200 }));
    expect(seen.problems[0]?.code).toBe('timeout');
  });

  it('reports HTTP errors and answers that are not JSON', async () => {
    meter = await startJsonMeter();
    const seen = await run(section(meter.url.replace('/cm', '/other')));
    expect(seen.problems[0]).toEqual({
      code: 'http-status',
      detail: `127.0.0.1:${meter.port} answered HTTP 404`,
    });
  });
});
