/**
 * Limit leases survive a gateway restart: the open ones are kept in the data directory, and one that ran
 * out while the gateway was down ends in the fallback as soon as the inverter takes commands.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Code } from '@dtu-console/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_FILE } from '../../src/powerlimiter/lease-file';
import { get, post } from '../helpers/api';
import { expectCode } from '../helpers/envelopes';
import { HM800, HMS2000, plantGateway, SUMMER_NOON } from '../helpers/plant-gateway';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dtu-leases-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

const entry = (serial: string, governed: boolean) => ({
  serial,
  governed,
  behind_power_meter: true,
  lower_power_limit: 0,
  upper_power_limit: 0,
});

describe('limit leases across a restart', () => {
  it('restores a running lease and sends the fallback of an expired one before any meter reading', async () => {
    const first = await plantGateway({ dataDir });
    // No meter: the limiter waits and sends nothing of its own.
    await first.gateway.ctx.config.patch('powermeter', { enabled: false });
    expectCode(
      await post(first.gateway, '/api/powerlimiter/config', {
        enabled: true,
        target_power_consumption: 0,
        target_power_consumption_hysteresis: 20,
        base_load_limit: 300,
        min_command_interval: 3,
        inverters: [entry(HM800, true), entry(HMS2000, false)],
      }),
      Code.SettingsSaved,
    );
    await first.advance(30_000);
    for (const [serial, expiry_s] of [
      [HM800, 60],
      [HMS2000, 3600],
    ] as const) {
      expectCode(
        await post(first.gateway, '/api/limit/config', { serial, limit_value: 500, limit_type: 0, expiry_s }),
        Code.SettingsSaved,
      );
    }
    await first.advance(5_000);
    expect(first.gateway.ctx.plant.live.inverter(HM800)!.limitAbsoluteW).toBeCloseTo(500, -1);
    await first.gateway.stop();
    const kept = JSON.parse(await readFile(join(dataDir, LEASE_FILE), 'utf8'));
    expect(kept.map((lease: { serial: string }) => lease.serial).sort()).toEqual([HM800, HMS2000].sort());
    expect(kept.find((lease: { serial: string }) => lease.serial === HM800).until).toBe(
      SUMMER_NOON + 30_000 + 60_000,
    );

    // Ten minutes later: the HM-800's lease ran out meanwhile, the HMS-2000's still runs.
    const second = await plantGateway({ dataDir, start: SUMMER_NOON + 10 * 60_000 });
    try {
      await second.gateway.ctx.config.patch('powermeter', { enabled: false });
      await second.advance(30_000);
      const status = (await get(second.gateway, '/api/powerlimiter/status', null)).json();
      expect(status.state).toBe('waiting_for_meter');
      // Governed by the enabled limiter: its share of the base load limit (it is the only one governed).
      expect(second.gateway.ctx.plant.live.inverter(HM800)!.limitAbsoluteW).toBeCloseTo(300, -1);
      const hms = status.inverters.find((inv: { serial: string }) => inv.serial === HMS2000);
      expect(hms.lease_until).toBe(Math.floor((SUMMER_NOON + 30_000 + 3_600_000) / 1000));
      await second.gateway.stop();
      const left = JSON.parse(await readFile(join(dataDir, LEASE_FILE), 'utf8'));
      expect(left.map((lease: { serial: string }) => lease.serial)).toEqual([HMS2000]);
    } finally {
      // Removes the data directory too.
      await second.cleanup();
    }
  });
});
