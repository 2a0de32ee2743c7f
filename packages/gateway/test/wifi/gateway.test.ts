/**
 * The gateway against the virtual Wi-Fi device over real loopback TCP: configuration and its refusals,
 * the device's inverters in the live model (REST, Prometheus) beside the radio ones, commands and the limit
 * rules, a device that goes away and comes back, the encrypted mode, and every kind of bad frame.
 */
import type { WifiCurves } from '@dtu-console/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { expectEnvelope, get, post } from '../helpers/api';
import { type PlantGateway, plantGateway } from '../helpers/plant-gateway';
import { startWifiDevice, wifiDeviceConfig } from '../helpers/wifi-device';

type Device = Awaited<ReturnType<typeof startWifiDevice>>;
let env: PlantGateway | undefined;
const devices: Device[] = [];

afterEach(async () => {
  await env?.cleanup();
  env = undefined;
  for (const d of devices.splice(0)) await d.server.close();
});

/**
 * The gateway clock is a manual one while the device answers over real TCP: moving the clock by minutes
 * fires polls whose answers have not arrived yet, so the answer timeout is an hour here; the test of a
 * silent device moves the clock past it.
 */
const TIMEOUT_MS = 3_600_000;

async function setup(options: Parameters<typeof startWifiDevice>[1] = {}) {
  env = await plantGateway({ wifiTimeoutMs: TIMEOUT_MS });
  const device = await startWifiDevice(env.clock, options);
  devices.push(device);
  expectEnvelope(
    await post(env.gateway, '/api/wifi/config', { devices: [wifiDeviceConfig(device.port)] }),
    1001,
  );
  await env.gateway.ctx.services.wifi.pollAll();
  return { env, device, wifi: env.gateway.ctx.services.wifi };
}

function status(e: PlantGateway) {
  return e.gateway.ctx.services.wifi.status().devices[0];
}

describe('Wi-Fi devices: configuration', () => {
  it('has no devices at first and refuses bad hosts, ports and intervals with their codes', async () => {
    env = await plantGateway();
    const gw = env.gateway;
    expect((await get(gw, '/api/wifi/config')).json()).toEqual({ devices: [], limit_interval_min: 5 });
    const good = wifiDeviceConfig(10081);
    const cases: [unknown, number, { min?: number; max?: number }?][] = [
      [{ devices: [{ ...good, host: 'not a host' }] }, 33003],
      [{ devices: [{ ...good, host: '300.1.2.3' }] }, 33003],
      [{ devices: [{ ...good, host: '' }] }, 33003],
      [{ devices: [{ ...good, port: 0 }] }, 33004, { min: 1, max: 65535 }],
      [{ devices: [{ ...good, port: 70000 }] }, 33004, { min: 1, max: 65535 }],
      [{ devices: [{ ...good, port: -1 }] }, 1005],
      [{ devices: [{ ...good, poll_interval: 4 }] }, 33005, { min: 5, max: 3600 }],
      [{ devices: [{ ...good, name: '' }] }, 33002, { max: 31 }],
      [{ devices: [good, { ...good, name: 'Other' }] }, 33006],
      [{ devices: [good], limit_interval_min: 0 }, 33007, { min: 1, max: 60 }],
      [{ devices: 'x' }, 1005],
    ];
    for (const [payload, code, param] of cases)
      expectEnvelope(await post(gw, '/api/wifi/config', payload), code, param);
    expect((await get(gw, '/api/wifi/config')).json()).toEqual({ devices: [], limit_interval_min: 5 });

    expectEnvelope(
      await post(gw, '/api/wifi/config', {
        devices: [
          { ...good, host: ' dtu.local ' },
          { ...good, host: 'fe80::1' },
        ],
      }),
      1001,
    );
    expect((await get(gw, '/api/wifi/config')).json()).toMatchObject({
      devices: [{ host: 'dtu.local' }, { host: 'fe80::1' }],
    });
    expect(
      (await get(gw, '/api/wifi/status')).json().devices.map((d: { state: string }) => d.state),
    ).toHaveLength(2);
    expect((await get(gw, '/api/wifi/config', null)).statusCode).toBe(401);
  });
});

describe('Wi-Fi devices: the gateway against the virtual device', () => {
  it('shows the Wi-Fi inverter beside the radio ones in REST and Prometheus, without radio statistics', async () => {
    const { env, device } = await setup();
    const [serial] = device.device.serials as [string];
    expect(status(env)).toMatchObject({
      state: 'online',
      serial: device.device.dtuSerial,
      firmware: 'V01.00.11',
      encrypted: false,
      inverters: [serial],
      last_error: '',
      last_problem: '',
      bad_frames: 0,
      failed_polls: 0,
      // As the virtual device reports it with its device information.
      signal: device.device.signalStrength,
    });
    expect(status(env)?.polls).toBeGreaterThan(0);
    const list = (await get(env.gateway, '/api/livedata/status')).json();
    const wifiInverter = list.inverters.find((i: { serial: string }) => i.serial === serial);
    expect(list.inverters.length).toBeGreaterThan(1);
    expect(wifiInverter).toMatchObject({
      connection: 'wifi',
      reachable: true,
      producing: true,
      name: 'Balcony',
    });
    expect(wifiInverter.radio_stats).toBeUndefined();
    expect(wifiInverter.device).toEqual({
      name: 'Balcony',
      serial: device.device.dtuSerial,
      model: expect.any(String),
    });

    const detail = (await get(env.gateway, `/api/livedata/status?inv=${serial}`)).json().inverters[0];
    const truth = device.device.inverter(serial)?.inspect(env.clock.now());
    expect(detail.AC['0'].Power.v).toBeCloseTo(truth?.acPowerW ?? -1, 0);
    expect(Object.keys(detail.DC)).toEqual(['0', '1']);
    expect(detail.DC['0'].YieldDay.v).toBeGreaterThan(0);

    // System info's radio diagnostics count radio inverters only: a Wi-Fi inverter sends no frames.
    const radioInverters = (await get(env.gateway, '/api/system/status')).json().radio_inverters;
    expect(radioInverters.length).toBeGreaterThan(0);
    expect(radioInverters.map((i: { serial: string }) => i.serial)).not.toContain(serial);

    const metrics = (await get(env.gateway, '/api/prometheus/metrics', null)).body;
    expect(metrics).toContain(`serial="${serial}"`);
    expect(metrics).not.toMatch(new RegExp(`dtu_radio_requests_total\\{[^}]*serial="${serial}"`));
    // The device itself: its polls, failures and signal, labelled by its name and place.
    const wifiStatus = status(env);
    const labels = `name="${wifiStatus?.name}",host="${wifiStatus?.host}:${wifiStatus?.port}"`;
    expect(metrics).toContain(`dtu_wifi_device_online{${labels}} 1`);
    expect(metrics).toContain(`dtu_wifi_device_polls_total{${labels}} ${wifiStatus?.polls}`);
    expect(metrics).toContain(`dtu_wifi_device_failed_polls_total{${labels}} 0`);
    expect(metrics).toContain(`dtu_wifi_device_signal{${labels}} ${device.device.signalStrength}`);
  });

  it("gives the day's power curve the device keeps itself", async () => {
    const { env } = await setup();
    const { devices } = (await get(env.gateway, '/api/wifi/curve')).json() as WifiCurves;
    expect(devices).toHaveLength(1);
    const curve = devices[0]?.curve;
    expect(devices[0]?.name).toBe(status(env)?.name);
    expect(curve?.step_s).toBeGreaterThan(0);
    expect(curve?.power_w.length).toBeGreaterThan(0);
    for (const watts of curve?.power_w ?? []) expect(watts).toBeGreaterThanOrEqual(0);
    // Which inverters the device serves, and whose curve it is: the console shows it on that inverter's day.
    expect(devices[0]?.serial).toBe(status(env)?.serial);
    expect(devices[0]?.inverters).toEqual(status(env)?.inverters);
    expect(curve?.serial).toBe(status(env)?.inverters[0]);
  });

  it('names the served inverters and the serial of a DTU-Pro curve', async () => {
    const { env, device } = await setup({ model: 'DTU-Pro', inverters: 2 });
    const { devices } = (await get(env.gateway, '/api/wifi/curve')).json() as WifiCurves;
    expect(devices[0]?.inverters).toEqual(device.device.serials);
    // The virtual DTU keeps the curve of the first inverter it serves and names it in its reply.
    expect(devices[0]?.curve?.serial).toBe(device.device.serials[0]);
  });

  it('turns off, on and restarts; limits are persistent only and rate-limited', async () => {
    const { env, device, wifi } = await setup({ model: 'DTU-Pro', inverters: 2 });
    const [a, b] = device.device.serials as [string, string];
    expectEnvelope(await post(env.gateway, '/api/power/config', { serial: a, power: false }), 1001);
    await wifi.pollAll();
    expect(device.device.inverter(a)?.inspect(env.clock.now()).on).toBe(false);
    expect(device.device.inverter(b)?.inspect(env.clock.now()).on).toBe(true);
    expectEnvelope(await post(env.gateway, '/api/power/config', { serial: a, power: true }), 1001);
    expectEnvelope(await post(env.gateway, '/api/power/config', { serial: b, restart: true }), 1001);
    await wifi.pollAll();
    expect(device.device.commands.map((c) => [c.action, c.serials])).toEqual([
      [7, [a]],
      [6, [a]],
      [8195, [b]],
    ]);
    expect((await get(env.gateway, '/api/power/status')).json()[a].power_set_status).toBe('Ok');

    // Non-persistent: refused, nothing sent.
    expectEnvelope(
      await post(env.gateway, '/api/limit/config', { serial: a, limit_type: 1, limit_value: 50 }),
      33009,
    );
    expectEnvelope(
      await post(env.gateway, '/api/limit/config', { serial: a, limit_type: 3, limit_value: 40 }),
      1001,
    );
    await wifi.pollAll();
    // The device writes one persistent limit for everything it serves.
    await env.advance(120_000);
    for (const s of [a, b]) {
      expect(device.device.inverter(s)?.inspect(env.clock.now()).limit.persistent).toEqual({
        value: 40,
        relative: true,
      });
    }
    expect(status(env)?.limit_wait_s).toBe(180);
    expectEnvelope(
      await post(env.gateway, '/api/limit/config', { serial: b, limit_type: 3, limit_value: 60 }),
      33008,
      { max: 5 },
    );
    await env.advance(180_000);
    expectEnvelope(
      await post(env.gateway, '/api/limit/config', { serial: b, limit_type: 2, limit_value: 400 }),
      1001,
    );
    await wifi.pollAll();
    expect(device.device.commands.filter((c) => c.action === 8).map((c) => c.data)).toEqual([
      'A:400,B:0,C:0\r',
      expect.stringMatching(/^A:\d+,B:0,C:0\r$/),
    ]);
  });

  it('a device that goes away is unreachable, backs off, and is read again when it comes back', async () => {
    const { env, device, wifi } = await setup();
    const [serial] = device.device.serials as [string];
    await device.server.close();
    await wifi.pollAll();
    await wifi.pollAll();
    expect(status(env)).toMatchObject({ state: 'refused' });
    expect(status(env)).toMatchObject({
      last_problem: 'refused',
      last_error: expect.stringMatching(/refused the connection/),
    });
    expect(env.gateway.ctx.plant.live.inverter(serial)?.reachable).toBe(false);
    expectEnvelope(await post(env.gateway, '/api/power/config', { serial, power: false }), 33010);

    const back = await startWifiDevice(env.clock, { port: device.port });
    devices.push(back);
    await wifi.pollAll();
    expect(status(env)).toMatchObject({ state: 'online', last_error: '', last_problem: '' });
    expect(env.gateway.ctx.plant.live.inverter(serial)?.reachable).toBe(true);
  });

  it('reads an encrypting device with the key it hands out, and again after a DTU reboot changes it', async () => {
    const { env, device, wifi } = await setup({ model: 'DTU-Lite', inverters: 3, encrypt: true });
    expect(status(env)).toMatchObject({ state: 'online', encrypted: true, inverters: device.device.serials });
    const key = Buffer.from(device.device.encRand() ?? []);
    expectEnvelope(await post(env.gateway, '/api/wifi/reboot', { index: 3 }), 33011);
    expect((await post(env.gateway, '/api/wifi/reboot', { index: 0 })).json()).toMatchObject({
      type: 'success',
      code: 33012,
    });
    expect(Buffer.from(device.device.encRand() ?? [])).not.toEqual(key);
    await wifi.pollAll();
    expect(status(env)).toMatchObject({ state: 'online', bad_frames: 0 });
    const list = (await get(env.gateway, '/api/livedata/status')).json();
    expect(list.inverters.filter((i: { connection?: string }) => i.connection === 'wifi')).toHaveLength(3);
  });

  it('says plainly that an encrypting device without its key cannot be read', async () => {
    const { env } = await setup({ model: 'DTU-Lite', encrypt: true, withholdKey: true });
    expect(status(env)).toMatchObject({
      state: 'encrypted-without-key',
      encrypted: true,
      inverters: [],
      last_problem: 'no-key',
      last_error: expect.stringMatching(/did not hand out its key/),
    });
  });

  it.each([
    ['badCrc', /CRC/, 'bad-crc'],
    ['garbage', /not "HM"/, 'bad-magic'],
    ['unknownTag', /unknown tag/, 'unknown-tag'],
    ['badProtobuf', /does not decode/, 'decode'],
  ] as const)(
    'survives %s: counted, said in words, connection reset, read again after',
    async (fault, words, problem) => {
      const { env, device, wifi } = await setup();
      const polls = status(env)?.polls ?? 0;
      device.server.misbehaviour = { [fault]: true };
      await wifi.pollAll();
      expect(status(env)?.bad_frames).toBe(1);
      expect(status(env)).toMatchObject({ polls: polls + 1, failed_polls: 1 });
      expect(status(env)?.last_error).toMatch(words);
      expect(status(env)?.last_problem).toBe(problem);
      device.server.misbehaviour = {};
      await wifi.pollAll();
      expect(status(env)).toMatchObject({
        state: 'online',
        bad_frames: 1,
        last_problem: '',
        polls: polls + 2,
        failed_polls: 1,
      });
    },
  );

  it('a device that serves other serials all of a sudden: counted, and the plant follows', async () => {
    const { env, device, wifi } = await setup();
    const [old] = device.device.serials as [string];
    await device.server.close();
    const other = await startWifiDevice(env.clock, { port: device.port, model: 'DTU-Lite', inverters: 2 });
    devices.push(other);
    // The first cycle may still meet the old connection closing; then the new device's real data names
    // serials the device information did not (one bad input), then the device information is read again
    // and its new serials replace the old (another).
    for (let i = 0; i < 4 && status(env)?.inverters.join() !== other.device.serials.join(); i++) {
      await wifi.pollAll();
    }
    expect(status(env)).toMatchObject({ state: 'online', inverters: other.device.serials, bad_frames: 2 });
    const live = env.gateway.ctx.plant.live;
    expect(live.inverter(old)).toBeUndefined();
    for (const serial of other.device.serials) expect(live.inverter(serial)?.connection).toBe('wifi');
  });

  it('gives up on a device that sends nothing or a length past its frame, on the gateway clock', async () => {
    const { env, device, wifi } = await setup();
    for (const fault of [{ mute: true }, { wrongLength: true }]) {
      device.server.misbehaviour = fault;
      const polled = wifi.pollAll();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await env.advance(TIMEOUT_MS);
      await polled;
      expect(status(env)).toMatchObject({
        last_problem: 'timeout',
        last_error: expect.stringMatching(/did not answer in time/),
      });
    }
    device.server.misbehaviour = {};
    await wifi.pollAll();
    expect(status(env)?.state).toBe('online');
  });
});
