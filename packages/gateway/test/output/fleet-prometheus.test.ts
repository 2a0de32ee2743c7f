/**
 * A real Prometheus scrapes three gateways: the fleet's plant power as Prometheus sums it equals the sum
 * of the gateways' own totals (docs/fleet.md). The gateways' clocks stand still while Prometheus scrapes,
 * so every scrape reads the same values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../helpers/api';
import { fleetGateway } from '../helpers/fleet';
import type { PlantGateway } from '../helpers/plant-gateway';
import {
  MISSING_PROMETHEUS,
  PROMETHEUS,
  type PrometheusServer,
  startPrometheus,
} from '../helpers/prometheus-tools';

interface Totals {
  total: { Power: { v: number }; YieldDay: { v: number } };
}

describe.skipIf(!PROMETHEUS)(
  `a fleet scraped by Prometheus (${PROMETHEUS ? 'prometheus' : MISSING_PROMETHEUS})`,
  () => {
    let fleet: PlantGateway[] = [];
    let prometheus: PrometheusServer | undefined;
    let own: Totals[] = [];

    beforeAll(async () => {
      fleet = await Promise.all([0, 1, 2].map((index) => fleetGateway(index)));
      // A minute of production, then the clocks stand still.
      for (let i = 0; i < 12; i++) await Promise.all(fleet.map((env) => env.advance(5000)));
      own = await Promise.all(
        fleet.map(async (env) => (await get(env.gateway, '/api/livedata/status', null)).json() as Totals),
      );
      prometheus = await startPrometheus(fleet.map((env) => `127.0.0.1:${env.port}`));
    }, 120_000);

    afterAll(async () => {
      await prometheus?.stop();
      await Promise.all(fleet.map((env) => env.cleanup()));
    });

    /** Polls a query until `ready` holds for its result, bounded in time. */
    async function poll<T>(query: () => Promise<T>, ready: (value: T) => boolean, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      let last: T | undefined;
      let failure: unknown;
      while (Date.now() < deadline) {
        try {
          last = await query();
          if (ready(last)) return last;
        } catch (error) {
          failure = error; // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(
        `Prometheus did not get there in time: ${JSON.stringify(last)} ${String(failure ?? '')}`,
      );
    }

    it('sums the plant power of three gateways to the sum of their own totals', async () => {
      const server = prometheus!;
      const instances = await poll(
        () => server.query('dtu_plant_ac_power_watts'),
        (result) => result.length === 3,
      );
      expect(new Set(instances.map((r) => r.metric.instance))).toEqual(
        new Set(fleet.map((env) => `127.0.0.1:${env.port}`)),
      );
      const powers = own.map((totals) => totals.total.Power.v);
      // Three different plants, all producing: the sum is not one gateway counted three times.
      expect(powers.every((power) => power > 0)).toBe(true);
      expect(new Set(powers).size).toBe(3);

      const [sum] = await server.query('sum(dtu_plant_ac_power_watts)');
      expect(Number(sum!.value[1])).toBeCloseTo(
        powers.reduce((a, b) => a + b, 0),
        6,
      );
      for (const [index, env] of fleet.entries()) {
        const [one] = await server.query(`dtu_plant_ac_power_watts{instance="127.0.0.1:${env.port}"}`);
        expect(Number(one!.value[1])).toBeCloseTo(powers[index]!, 6);
      }

      const [energy] = await server.query('sum(dtu_plant_energy_today_joules) / 3600');
      expect(Number(energy!.value[1])).toBeCloseTo(
        own.reduce((a, totals) => a + totals.total.YieldDay.v, 0),
        6,
      );
    }, 90_000);

    it('sees every inverter of the fleet answering, by serial', async () => {
      const reachable = await prometheus!.query('sum(dtu_inverter_reachable)');
      expect(Number(reachable[0]!.value[1])).toBe(6);
      const serials = await prometheus!.query('count by (serial) (dtu_inverter_info)');
      expect(serials).toHaveLength(6);
    });
  },
);
