/**
 * Live-model states for the output tests: what the scripted radio's inverters answer, and a small plant
 * run on the engine harness until the live model holds them. The values are test vector 2 of the protocol
 * library's runtime-fields.json (an HM-800 at 455.1 W, the worked example of docs/protocol.md).
 */
import type { EventLogEntry, RunDataState } from '@dtu-console/hoymiles';
import type { EngineChannelSettings } from '../../src/engine/settings';
import { HM800, HMS800, harness } from '../engine/harness';

/** The HM-800's run data of test vector 2: two strings, 455.1 W AC, 41.3 °C; `patch` replaces whole keys. */
export function hm800Vector2(patch: Partial<RunDataState> = {}): RunDataState {
  return {
    dc: [
      { voltage: 33.5, current: 7.15, power: 239.6, yieldDay: 1234, yieldTotal: 1567.891 },
      { voltage: 34.1, current: 6.98, power: 238.0, yieldDay: 1201, yieldTotal: 1544.002 },
    ],
    ac: {
      voltage: 231.2,
      current: 1.97,
      power: 455.1,
      reactivePower: -2.3,
      frequency: 50.01,
      powerFactor: 0.998,
    },
    temperature: 41.3,
    eventLogCount: 0,
    ...patch,
  };
}

export interface VectorPlantOptions {
  /** The HM-800's name and strings as configured. */
  name: string;
  channels: EngineChannelSettings[];
  /** Its event log; the run data counts its entries. */
  eventLog?: EventLogEntry[];
}

/**
 * An engine harness with the HM-800 answering `hm800Vector2()` and a silent HMS-800 named Shed (order 5),
 * run for 14 s: the HM-800 has answered twice (run data, then device info, grid profile and limit), the
 * HMS-800 never.
 */
export async function vectorPlant({ name, channels, eventLog = [] }: VectorPlantOptions) {
  const h = harness({
    inverters: [
      { serial: HM800, name, channels },
      { serial: HMS800, name: 'Shed', order: 5 },
    ],
  });
  const fake = h.radio.add(HM800, { eventLog });
  fake.state = hm800Vector2({ eventLogCount: eventLog.length });
  h.radio.add(HMS800, { online: false });
  await h.engine.start();
  // Turns: HM-800 at 0 s, the silent HMS at 5 s, HM-800 again at 10 s (device info, grid profile, limit).
  await h.clock.advance(14_000);
  await h.engine.stop();
  return h;
}
