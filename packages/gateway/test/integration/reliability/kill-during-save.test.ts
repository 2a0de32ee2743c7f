/**
 * kill -9 of the gateway process while it saves its settings, again and again: after each kill the next
 * start loads the config, and it holds the last acknowledged save or the one in flight, never an older
 * one (a fallback to the backup), never defaults (a lost file).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceConfig } from '@dtu-console/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { basic } from '../../helpers/api';
import { type ChildGateway, startChildGateway } from './child-gateway';
import { bySoak, SEED, seededRandom } from './soak';

const headers = { authorization: basic(), 'x-requested-with': 'XMLHttpRequest' };

async function readDevice(gateway: ChildGateway): Promise<DeviceConfig> {
  const response = await fetch(`${gateway.url}/api/device/config`, { headers });
  expect(response.status).toBe(200);
  return (await response.json()) as DeviceConfig;
}

/** Saves the device settings with `diagramduration` = n (same profile: no restart); true when acknowledged. */
async function save(
  gateway: ChildGateway,
  base: DeviceConfig,
  n: number,
  killed: () => boolean,
): Promise<boolean> {
  // The console posts the empty profile name as "Default" (the same profile: no restart).
  const curPin = { name: base.curPin.name || 'Default' };
  const data = JSON.stringify({ ...base, curPin, display: { ...base.display, diagramduration: n } });
  try {
    const response = await fetch(`${gateway.url}/api/device/config`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data }).toString(),
    });
    const answer = (await response.json()) as { code: number };
    expect(answer.code).toBe(1001);
    return true;
  } catch (error) {
    // The process died under the request (no answer, or half of one): the save may or may not have
    // reached the disk.
    if (killed()) return false;
    throw error;
  }
}

describe('kill -9 during config saves', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it(
    'the config always loads afterwards, with the last acknowledged save or the one in flight',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'dtu-kill-'));
      dirs.push(dataDir);
      const random = seededRandom(SEED);
      const kills = bySoak(10, 200);
      let acknowledged = 0;
      let inFlight = 0;
      let value = 0;
      for (let round = 0; round <= kills; round++) {
        const gateway = await startChildGateway(dataDir);
        try {
          const device = await readDevice(gateway);
          if (round > 0) {
            expect([acknowledged, inFlight], `after kill ${round}`).toContain(device.display.diagramduration);
          }
          if (round === kills) break;
          acknowledged = device.display.diagramduration;
          // Saves one after another until the kill, which comes at a seeded moment.
          const killAt = Date.now() + 20 + random.int(400);
          let killed = false;
          const saver = (async () => {
            while (!killed) {
              inFlight = ++value;
              if (!(await save(gateway, device, inFlight, () => killed))) return;
              // An answer that raced the kill still counts: the save was acknowledged.
              acknowledged = inFlight;
            }
          })();
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, killAt - Date.now())));
          killed = true;
          await gateway.kill9();
          await saver;
        } finally {
          await gateway.kill9();
        }
      }
      // Leftovers of interrupted writes never pile up beside the config.
      const names = await readdir(dataDir);
      expect(names.filter((name) => name.endsWith('.tmp')).length).toBeLessThanOrEqual(2);
      expect(value, 'saves were made').toBeGreaterThan(kills);
    },
    bySoak(120_000, 3_600_000),
  );
});
