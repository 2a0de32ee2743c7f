import { SystemClock } from '@dtu-console/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellySource } from '../../../src/powermeter/sources/shelly';
import type { PowerMeterSection } from '../../../src/powermeter/sources/source';
import { type ShellyDevice, startShellyDevice } from '../../helpers/meter-devices';
import { freePort } from '../../helpers/ports';
import { collect, until } from '../sink';

type Shelly = PowerMeterSection['shelly'];
const clock = new SystemClock();

function section(hostname: string, rest: Partial<Shelly> = {}): Shelly {
  return {
    hostname,
    password: '',
    kind: 'em',
    channel: 0,
    polling_interval: 1,
    notifications: false,
    ...rest,
  };
}

let device: ShellyDevice | undefined;
let source: ShellySource | undefined;
afterEach(async () => {
  await source?.stop();
  await device?.stop();
  device = undefined;
  source = undefined;
});

function start(s: Shelly) {
  source = new ShellySource(s, clock);
  return collect(source);
}

describe('Shelly energy meter source against a local device', () => {
  it('polls a Pro 3EM over HTTP RPC: total_act_power and the three phases', async () => {
    device = await startShellyDevice({ kind: 'em' });
    const seen = start(section(device.host));
    await until(() => seen.readings.length >= 1);
    expect(seen.readings[0]).toMatchObject({ powerW: 600, phasesW: [100, 200, 300] });
    device.setPower([-50, 20, 10]);
    await until(() => seen.readings.length >= 2, 3000);
    expect(seen.readings.at(-1)?.powerW).toBe(-20);
    expect(device.subscribers).toBe(0);
  });

  it('polls a Pro EM (EM1.GetStatus act_power) behind digest auth, and says when the password is wrong', async () => {
    device = await startShellyDevice({ kind: 'em1', password: 'shelly-pw' });
    let seen = start(section(device.host, { kind: 'em1', password: 'shelly-pw' }));
    await until(() => seen.readings.length >= 1);
    expect(seen.readings[0]?.powerW).toBe(500);
    expect(seen.readings[0]?.phasesW).toBeUndefined();
    await source?.stop();
    seen = start(section(device.host, { kind: 'em1', password: 'wrong' }));
    await until(() => seen.problems.length >= 1);
    expect(seen.problems[0]?.code).toBe('auth');
  });

  it('says so when the device is not the configured kind', async () => {
    device = await startShellyDevice({ kind: 'em1' });
    const seen = start(section(device.host, { kind: 'em' }));
    await until(() => seen.problems.length >= 1);
    expect(seen.problems[0]?.code).toBe('http-status');
  });

  it('takes NotifyStatus pushes over the WebSocket instead of polling', async () => {
    device = await startShellyDevice({ kind: 'em', websocket: true });
    const seen = start(section(device.host, { notifications: true, polling_interval: 30 }));
    await until(() => seen.readings.length >= 1);
    expect(seen.readings[0]?.powerW).toBe(600);
    await until(() => device?.subscribers === 1);
    expect(source?.pushed).toBe(true);
    device.setPower([1000, 0, 0]);
    await until(() => seen.readings.length >= 2, 2000);
    expect(seen.readings[1]).toMatchObject({ powerW: 1000, phasesW: [1000, 0, 0] });
    device.setPower([1000, 500, 0]);
    await until(() => seen.readings.length >= 3, 2000);
    expect(seen.readings[2]?.powerW).toBe(1500);
    // Pushed, not polled: no HTTP call at all, and one request on the socket.
    expect(device.httpCalls).toBe(0);
    expect(device.socketRequests).toBe(1);
  });

  it('authenticates on the WebSocket with the password', async () => {
    device = await startShellyDevice({ kind: 'em', websocket: true, password: 'pw-123' });
    const seen = start(
      section(device.host, { notifications: true, password: 'pw-123', polling_interval: 30 }),
    );
    await until(() => seen.readings.length >= 1);
    expect(source?.pushed).toBe(true);
    device.setPower([1, 2, 3]);
    await until(() => seen.readings.length >= 2, 2000);
    expect(seen.readings[1]?.powerW).toBe(6);
    expect(device.httpCalls).toBe(0);
  });

  it('asks again over the socket when the device stays quiet for a polling interval', async () => {
    device = await startShellyDevice({ kind: 'em', websocket: true });
    const seen = start(section(device.host, { notifications: true, polling_interval: 1 }));
    await until(() => seen.readings.length >= 3, 4000);
    expect(device.socketRequests).toBeGreaterThanOrEqual(2);
    expect(device.httpCalls).toBe(0);
  });

  it('falls back to HTTP polling when the device offers no WebSocket', async () => {
    device = await startShellyDevice({ kind: 'em', websocket: false });
    const seen = start(section(device.host, { notifications: true }));
    await until(() => seen.readings.length >= 1, 4000);
    expect(seen.readings[0]?.powerW).toBe(600);
    expect(device.httpCalls).toBeGreaterThanOrEqual(1);
    expect(source?.pushed).toBe(false);
  });

  it('says connection refused when nothing listens', async () => {
    const seen = start(section(`127.0.0.1:${await freePort()}`));
    await until(() => seen.problems.length >= 1);
    expect(seen.problems[0]?.code).toBe('connection-refused');
  });
});
