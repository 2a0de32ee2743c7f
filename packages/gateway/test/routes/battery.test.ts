/**
 * /api/battery and /api/solarcharger: the simulated battery bus out of the box, the settings' codes, a
 * switched-off source, and the MQTT source through the gateway's own connection to a real Mosquitto.
 */
import type {
  BatteryConfig,
  BatteryStatus,
  SolarChargerConfig,
  SolarChargerStatus,
} from '@dtu-console/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthMatrix, expectEnvelope, get, post } from '../helpers/api';
import { type RestartableBroker, startMosquitto } from '../helpers/mosquitto';
import { connectToBroker, until } from '../helpers/mqtt';
import { type PlantGateway, plantGateway } from '../helpers/plant-gateway';

describe('/api/battery and /api/solarcharger', () => {
  let env: PlantGateway;
  let battery: BatteryConfig;
  let charger: SolarChargerConfig;

  beforeAll(async () => {
    env = await plantGateway({});
    battery = (await get(env.gateway, '/api/battery/config')).json() as BatteryConfig;
    charger = (await get(env.gateway, '/api/solarcharger/config')).json() as SolarChargerConfig;
  });
  afterAll(async () => {
    await env.cleanup();
  });

  const batteryStatus = async () => (await get(env.gateway, '/api/battery/status')).json() as BatteryStatus;
  const chargerStatus = async () =>
    (await get(env.gateway, '/api/solarcharger/status')).json() as SolarChargerStatus;
  const saveBattery = (patch: object) => post(env.gateway, '/api/battery/config', { ...battery, ...patch });
  const saveCharger = (patch: object) =>
    post(env.gateway, '/api/solarcharger/config', { ...charger, ...patch });

  it('starts with the simulated battery and MPPT, which say they are simulated', async () => {
    expect(battery).toMatchObject({ enabled: true, source: 'simulated', stale_after_s: 30 });
    expect(battery.vedirect.device).toBe('/dev/ttyUSB0');
    expect(battery.can.interface).toBe('can0');
    expect(charger).toMatchObject({ enabled: true, source: 'simulated', vedirect: { devices: [] } });
    await env.advance(2000);
    const status = await batteryStatus();
    expect(status).toMatchObject({
      enabled: true,
      source: 'simulated',
      simulated: true,
      stale: false,
      problem: null,
    });
    expect(status.soc).toBeCloseTo(50, 0);
    expect(status.voltage).toBeGreaterThan(48);
    expect(status.voltage).toBeLessThan(56);
    expect(status.frames_ok).toBeGreaterThan(0);
    expect(status.frames_bad).toBe(0);
    const chargers = await chargerStatus();
    expect(chargers.simulated).toBe(true);
    expect(chargers.chargers).toHaveLength(1);
    const [mppt] = chargers.chargers;
    // Summer noon in Berlin: the MPPT delivers, and the battery takes it.
    expect(mppt?.solar_power).toBeGreaterThan(100);
    expect(mppt?.charge_state).toBe('bulk');
    expect(chargers.total_solar_power).toBe(mppt?.solar_power);
    await env.advance(60_000);
    expect((await batteryStatus()).soc).toBeGreaterThan(status.soc ?? 100);
  });

  it('refuses bad settings with their codes, and stores nothing of them', async () => {
    expectEnvelope(await saveBattery({ stale_after_s: 2 }), 18001, { min: 5, max: 3600 });
    expectEnvelope(await saveBattery({ source: 'vedirect', vedirect: { device: 'ttyUSB0' } }), 18002, {
      max: 128,
    });
    expectEnvelope(
      await saveBattery({ source: 'jkbms', jkbms: { device: '/dev/tty USB', interface: 'rs485' } }),
      18002,
      {
        max: 128,
      },
    );
    expectEnvelope(await saveBattery({ source: 'pylontech_can', can: { interface: 'can 0' } }), 18003, {
      max: 15,
    });
    expectEnvelope(await saveBattery({ source: 'mqtt' }), 18007);
    const mqttWith = (patch: object) => ({
      source: 'mqtt',
      mqtt: { ...battery.mqtt, soc_topic: 'bms/soc', ...patch },
    });
    expectEnvelope(await saveBattery(mqttWith({ voltage_topic: 'bms/#' })), 18004, { max: 256 });
    expectEnvelope(await saveBattery(mqttWith({ soc_json_path: 'a..b' })), 18005);
    expectEnvelope(await saveBattery(mqttWith({ voltage_unit: 4 })), 18006);
    expectEnvelope(await saveBattery({ source: 'lead-acid' }), 1005);
    expectEnvelope(await saveCharger({ source: 'vedirect' }), 18008, { min: 1, max: 3 });
    expectEnvelope(
      await saveCharger({ source: 'vedirect', vedirect: { devices: ['/dev/ttyUSB1', '/dev/ttyUSB1'] } }),
      18002,
      { max: 128 },
    );
    expectEnvelope(await saveCharger({ source: 'mqtt' }), 18009);
    expect((await get(env.gateway, '/api/battery/config')).json()).toEqual(battery);
    expect((await get(env.gateway, '/api/solarcharger/config')).json()).toEqual(charger);
  });

  it('a switched-off battery reports nothing but that', async () => {
    expectEnvelope(await saveBattery({ enabled: false }), 1001);
    await until(() => env.gateway.ctx.services.battery.status().frames_ok === 0);
    const status = await batteryStatus();
    expect(status).toMatchObject({
      enabled: false,
      simulated: false,
      soc: null,
      voltage: null,
      current: null,
      stale: true,
      problem: { code: 'disabled' },
    });
    expectEnvelope(await saveBattery({}), 1001);
  });

  it('a source not reachable says why: MQTT without the gateway connection', async () => {
    expectEnvelope(
      await saveBattery({ source: 'mqtt', mqtt: { ...battery.mqtt, soc_topic: 'bms/soc' } }),
      1001,
    );
    await until(() => env.gateway.ctx.services.battery.status().problem?.code === 'broker-off');
    expect((await batteryStatus()).soc).toBeNull();
    expectEnvelope(await saveBattery({}), 1001);
  });

  it('guards settings as admin and the status as live data', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/battery/status', level: 'readonly' },
      { method: 'GET', url: '/api/battery/config', level: 'admin' },
      { method: 'POST', url: '/api/battery/config', level: 'admin' },
      { method: 'GET', url: '/api/solarcharger/status', level: 'readonly' },
      { method: 'GET', url: '/api/solarcharger/config', level: 'admin' },
      { method: 'POST', url: '/api/solarcharger/config', level: 'admin' },
    ]);
  });
});

describe('battery and charge controller over MQTT (real Mosquitto, the gateway connection)', () => {
  let env: PlantGateway;
  let broker: RestartableBroker;
  let sender: MqttClient;

  beforeAll(async () => {
    broker = await startMosquitto();
    env = await plantGateway({});
    sender = await mqtt.connectAsync(broker.url, { clientId: 'bms-bridge' });
    await connectToBroker(env.gateway, broker.port);
  });
  afterAll(async () => {
    await sender.endAsync();
    await env.cleanup();
    await broker.stop();
  });

  const status = () => env.gateway.ctx.services.battery.status();

  it('reads each value with its path and unit, and refuses what cannot be a battery', async () => {
    const defaults = (await get(env.gateway, '/api/battery/config')).json() as BatteryConfig;
    const saved = await post(env.gateway, '/api/battery/config', {
      ...defaults,
      source: 'mqtt',
      mqtt: {
        ...defaults.mqtt,
        soc_topic: 'bms/state',
        soc_json_path: 'soc',
        voltage_topic: 'bms/state',
        voltage_json_path: 'pack.mv',
        voltage_unit: 3,
        current_topic: 'bms/current',
        current_unit: 1,
        temperature_topic: 'bms/state',
        temperature_json_path: 'temps[1]',
      },
    });
    expectEnvelope(saved, 1001);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sender.publishAsync('bms/current', '-123');
    await sender.publishAsync(
      'bms/state',
      JSON.stringify({ soc: 81, pack: { mv: 52_310 }, temps: [21, 24.5] }),
    );
    await until(() => status().soc === 81, 5000, 'the state of charge');
    const read = status();
    expect(read).toMatchObject({
      source: 'mqtt',
      simulated: false,
      voltage: 52.31,
      current: -12.3,
      temperature: 24.5,
      stale: false,
      problem: null,
    });
    // V × I where no power topic is given.
    expect(read.power).toBeCloseTo(52.31 * -12.3, 1);
    const bad = read.frames_bad;
    await sender.publishAsync('bms/state', 'garbage');
    await until(() => status().frames_bad === bad + 1, 5000, 'the garbage counted');
    expect(status().problem?.code).toBe('bad-frames');
    expect(status().soc).toBe(81);
    await sender.publishAsync(
      'bms/state',
      JSON.stringify({ soc: 150, pack: { mv: 52_000 }, temps: [0, 20] }),
    );
    await until(() => status().frames_bad === bad + 2, 5000, 'the impossible SoC counted');
    expect(status().soc).toBeNull();
    expect(status().voltage).toBe(52);
  });

  it('reads the solar power of a charge controller bridged to MQTT, in kW', async () => {
    const defaults = (await get(env.gateway, '/api/solarcharger/config')).json() as SolarChargerConfig;
    expectEnvelope(
      await post(env.gateway, '/api/solarcharger/config', {
        ...defaults,
        source: 'mqtt',
        mqtt: { ...defaults.mqtt, power_topic: 'mppt/pv', power_unit: 1 },
      }),
      1001,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sender.publishAsync('mppt/pv', '0.845');
    await until(
      () => env.gateway.ctx.services.solarcharger.status().total_solar_power === 845,
      5000,
      'the power',
    );
    const [unit] = env.gateway.ctx.services.solarcharger.status().chargers;
    expect(unit).toMatchObject({ id: 'mqtt', solar_power: 845, battery_voltage: null, stale: false });
  });
});
