/**
 * A gateway's plant with every kind of device the console shows: besides the simulated radio inverters, an
 * MI (first generation: no limit, no AC current reported) and a Wi-Fi inverter (`npm run wifi-sim`, a
 * virtual HMS-800W-2T on loopback TCP: no radio statistics, no grid profile). For the specs that look at
 * every card (every-screen.spec.ts, the device pictures).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { SIM_START } from './gateway-process';
import { ADMIN_PASSWORD, ADMIN_USER } from './session';

export const MI_SERIAL = '104161200002';
export const MI_NAME = 'MI Garage';
/** The MIs of the plant: one of each size (one, two and four inputs). */
const MI_PLANT = [
  ['102161200004', 'MI Fence'],
  [MI_SERIAL, MI_NAME],
  ['106161200003', 'MI Barn'],
] as const;
export const WIFI_DEVICE_NAME = 'Balcony';
const AUTH = { Authorization: `Basic ${Buffer.from(`${ADMIN_USER}:${ADMIN_PASSWORD}`).toString('base64')}` };

export interface DevicePlant {
  /** The Wi-Fi inverter's serial, as the virtual device reports it. */
  wifiSerial: string;
  stop(): void;
}

/** GET of the gateway's API as the admin. */
export async function apiGet<T>(url: string, path: string): Promise<T> {
  return (await (await fetch(`${url}${path}`, { headers: AUTH })).json()) as T;
}

/** POST of a form's `data` as the admin; throws with the gateway's message unless it succeeded. */
export async function apiPost(url: string, path: string, data: unknown): Promise<void> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...AUTH, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ data: JSON.stringify(data) }),
  });
  const answer = (await response.json()) as { type: string; message: string };
  if (answer.type !== 'success') throw new Error(`${path}: ${answer.message}`);
}

/** A virtual Wi-Fi device (`npm run wifi-sim`) on a free loopback port: its process, port and first serial. */
async function wifiSim(args: string[]): Promise<{ sim: ChildProcess; port: number; serial: string }> {
  const sim = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/gateway/src/wifi/sim/cli.ts', '--port', '0', '--start', SIM_START, ...args],
    { cwd: join(import.meta.dirname, '..', '..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Its one line once it listens: "wifi-sim: virtual HMS-800W-2T <dtu> serving <serial> on 127.0.0.1:<port> …".
  const [chunk] = (await once(sim.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  const match = /serving (\w+)[^:]* on 127\.0\.0\.1:(\d+)/.exec(chunk.toString());
  if (!match) throw new Error(`wifi-sim said: ${chunk.toString()}`);
  return { sim, port: Number(match[2]), serial: match[1] ?? '' };
}

/**
 * The plant of the owners' tour: besides the two simulated radio inverters, an HMS-800W-2T and a DTU-Pro
 * with three inverters on Wi-Fi, and three MIs (MI-300, MI-600, MI-1500): nine inverters, so the live view
 * shows its compact selector. Ready once every inverter has answered and both Wi-Fi devices have sent
 * their day's power curve, so System info draws it on every visit.
 */
export async function addDevicePlant(url: string): Promise<DevicePlant> {
  const hms = await wifiSim(['--model', 'HMS-800W-2T']);
  const dtu = await wifiSim(['--model', 'DTU-Pro', '--inverters', '3']);
  await apiPost(url, '/api/wifi/config', {
    devices: [
      { name: WIFI_DEVICE_NAME, host: '127.0.0.1', port: hms.port, enabled: true, poll_interval: 5 },
      { name: 'Shed DTU', host: '127.0.0.1', port: dtu.port, enabled: true, poll_interval: 5 },
    ],
    limit_interval_min: 5,
  });
  for (const [serial, name] of MI_PLANT) await apiPost(url, '/api/inverter/add', { serial, name });
  await expect
    .poll(
      async () => {
        const live = await apiGet<{ inverters: { serial: string; reachable: boolean }[] }>(
          url,
          '/api/livedata/status',
        );
        return live.inverters.filter((inverter) => inverter.reachable).length;
      },
      { timeout: 90_000 },
    )
    .toBe(2 + MI_PLANT.length + 1 + 3);
  await expect
    .poll(
      async () => {
        const curves = await apiGet<{ devices: { curve: { power_w: number[] } | null }[] }>(
          url,
          '/api/wifi/curve',
        );
        return curves.devices.filter((device) => (device.curve?.power_w.length ?? 0) > 0).length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  return {
    wifiSerial: hms.serial,
    stop: () => {
      hms.sim.kill('SIGTERM');
      dtu.sim.kill('SIGTERM');
    },
  };
}
