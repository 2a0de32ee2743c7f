/**
 * A Wi-Fi inverter in the outputs beyond REST: the /livedata WebSocket, MQTT state topics and Home Assistant
 * discovery against a real Mosquitto (no radio topics for it), and the history of its energy.
 */
import type { HistoryPowerSeries, LivedataMessage } from '@dtu-console/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, get, post } from '../helpers/api';
import { type RestartableBroker, startMosquitto } from '../helpers/mosquitto';
import { connectToBroker, until, watch } from '../helpers/mqtt';
import { type PlantGateway, plantGateway } from '../helpers/plant-gateway';
import { startWifiDevice, wifiDeviceConfig } from '../helpers/wifi-device';
import { connectOpen, waitFor } from '../helpers/ws-client';

type Device = Awaited<ReturnType<typeof startWifiDevice>>;
const MIN = 60_000;

describe('a Wi-Fi inverter in WebSocket, MQTT and history', () => {
  let broker: RestartableBroker;
  let env: PlantGateway | undefined;
  let device: Device | undefined;

  beforeAll(async () => {
    broker = await startMosquitto();
  });
  afterAll(() => broker.stop());
  afterEach(async () => {
    await env?.cleanup();
    await device?.server.close();
    env = undefined;
    device = undefined;
  });

  async function setup() {
    env = await plantGateway({ wifiTimeoutMs: 3_600_000 });
    device = await startWifiDevice(env.clock);
    expectEnvelope(
      await post(env.gateway, '/api/wifi/config', { devices: [wifiDeviceConfig(device.port)] }),
      1001,
    );
    await env.gateway.ctx.services.wifi.pollAll();
    return { env, device, serial: device.device.serials[0] as string };
  }

  it('pushes the Wi-Fi inverter over /livedata with its connection and device', async () => {
    const { env, serial } = await setup();
    const socket = await connectOpen(`ws://127.0.0.1:${env.port}/livedata`);
    try {
      await env.advance(1000);
      await socket.sync();
      await env.gateway.ctx.services.wifi.pollAll();
      await env.advance(1000);
      await waitFor(async () => {
        await socket.sync();
        return socket.messages.some(
          (m) => (JSON.parse(m) as LivedataMessage).inverters[0]?.serial === serial,
        );
      });
      const frame = socket.messages
        .map((m) => JSON.parse(m) as LivedataMessage)
        .find((m) => m.inverters[0]?.serial === serial);
      const inverter = frame?.inverters[0];
      expect(inverter).toMatchObject({ connection: 'wifi', reachable: true });
      expect(inverter?.radio_stats).toBeUndefined();
      expect(inverter?.AC['0']?.Power?.v).toBeGreaterThan(0);
    } finally {
      await socket.close();
    }
  });

  it('publishes its state topics and discovery, without radio topics', async () => {
    const watcher = await watch(broker.url, ['solar/#', 'homeassistant/#']);
    try {
      const { env, serial } = await setup();
      await connectToBroker(env.gateway, broker.port);
      await env.gateway.ctx.services.wifi.pollAll();
      await env.advance(6000);
      await until(() => watcher.last.has(`solar/${serial}/0/power`), 5000, 'the Wi-Fi inverter state');
      expect(Number(watcher.last.get(`solar/${serial}/0/power`))).toBeGreaterThan(0);
      expect(watcher.last.get(`solar/${serial}/name`)).toBe('Balcony');
      expect([...watcher.last.keys()].filter((t) => t.startsWith(`solar/${serial}/radio/`))).toEqual([]);
      await until(
        () => [...watcher.last.keys()].some((t) => t.startsWith('homeassistant/') && t.includes(serial)),
        5000,
        'discovery',
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const discovered = [...watcher.last.keys()].filter(
        (t) => t.startsWith('homeassistant/') && t.includes(serial),
      );
      expect(discovered.length).toBeGreaterThan(10);
      expect(discovered.filter((t) => /rssi|tx_request|rx_success/.test(t))).toEqual([]);
    } finally {
      await watcher.close();
    }
  });

  it("records the Wi-Fi inverter's energy in history", async () => {
    const { env, serial } = await setup();
    for (let i = 0; i < 6; i++) {
      await env.gateway.ctx.services.wifi.pollAll();
      await env.advance(MIN);
    }
    await env.gateway.ctx.services.wifi.pollAll();
    const response = await get(env.gateway, `/api/v2/history/power?date=2025-06-21&step=60&serial=${serial}`);
    expect(response.statusCode, response.body).toBe(200);
    const series = response.json() as HistoryPowerSeries;
    const recorded = series.inverters.find((i) => i.serial === serial)?.power.filter((p) => p !== null) ?? [];
    expect(recorded.length).toBeGreaterThan(0);
    expect(Math.max(...(recorded as number[]))).toBeGreaterThan(0);
  });
});
