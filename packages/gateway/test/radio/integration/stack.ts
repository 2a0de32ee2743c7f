/** The engine on the model radio (drivers → chip models → virtual air → virtual inverters), on a ManualClock. */
import { EventBus } from '../../../src/bus';
import { InverterEngine } from '../../../src/engine/engine';
import type { FrequencyMemory } from '../../../src/engine/frequency-search';
import { LiveModel } from '../../../src/engine/live-model';
import { createModelRadio, type ModelRadioOptions } from '../../../src/radio/model/virtual-air';
import { SeededRandom } from '../../../src/radio/simulated';
import { ManualClock } from '../../../src/system/clock';
import { PLANT_LOCATION, plantSettings } from '../../helpers/engine-plant';
import { recordTransmits } from '../../helpers/transmits';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
/** The two inverters of a first start: an HM-800 (nRF24) and an HMS-2000-4T (CMT2300A). */
export const HM = '114172220003';
export const HMS = '116683554321';
const LOCATION = PLANT_LOCATION;
/** 21 June 2026 12:00 CEST. */
export const NOON = Date.UTC(2026, 5, 21, 10, 0, 0);

export function modelStack(
  options: {
    start?: number;
    seed?: number;
    serials?: string[];
    model?: Partial<Omit<ModelRadioOptions, 'clock' | 'random' | 'location'>>;
    /** Where HMS/HMT were found last (frequency recovery). */
    frequencyMemory?: FrequencyMemory;
  } = {},
) {
  const clock = new ManualClock(options.start ?? NOON);
  const serials = options.serials ?? [HM, HMS];
  const model = createModelRadio({
    clock,
    random: new SeededRandom(options.seed ?? 7),
    location: () => LOCATION,
    cloudiness: 0,
    faults: { weakSignal: false },
    ...options.model,
  });
  const sent = recordTransmits(model.radio);
  const bus = new EventBus();
  const live = new LiveModel({ bus, now: () => clock.now() });
  const settings = plantSettings(serials);
  model.setInverters(serials.map((serial) => ({ serial })));
  const engine = new InverterEngine({
    clock,
    radio: model.radio,
    live,
    settings,
    ...(options.frequencyMemory ? { frequencyMemory: options.frequencyMemory } : {}),
  });
  const channelChanges = () => sent.filter((r) => r.frame[0] === 0x56).map((r) => r.frequencyHz);
  /** Starts the engine (the chips' set-up waits on this clock) and runs the clock on for `ms`. */
  async function startFor(ms: number): Promise<void> {
    const started = engine.start();
    await clock.advance(ms);
    await started;
  }
  /** Stops the engine (a transmit in flight ends on this clock) while running the clock on for `ms`. */
  async function stopFor(ms: number): Promise<void> {
    const stopped = engine.stop();
    await clock.advance(ms);
    await stopped;
  }
  return { clock, model, live, engine, settings, sent, channelChanges, startFor, stopFor };
}
