/** The engine on the model radio (drivers → chip models → virtual air → virtual inverters), on a ManualClock. */

import { type Clock, ManualClock } from '@dtu-console/clock';
import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { createModelRadio, type ModelRadioOptions } from '@dtu-console/radio/model/virtual-air';
import type { RadioRequest, RadioSettings } from '@dtu-console/radio/radio';
import type { RadioTimer } from '@dtu-console/radio/radio-timer';
import { SeededRandom } from '@dtu-console/radio/simulated';
import { EventBus } from '../../../src/bus';
import { InverterEngine } from '../../../src/engine/engine';
import type { FrequencyMemory } from '../../../src/engine/frequency-search';
import { LiveModel } from '../../../src/engine/live-model';
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

const DTU = '199980112345';
/** Both chips on, the EU band: what the radio-only tests configure. */
const BOTH_CHIPS: RadioSettings = {
  dtuSerial: DTU,
  nrfEnabled: true,
  nrfPaLevel: 3,
  cmtEnabled: true,
  cmtPaLevel: 20,
  cmtFrequencyHz: 865_000_000,
  cmtCountry: 0,
};
/** The answer windows of the radio-only exchanges, ms. */
export const WINDOW_MS = { NRF24: 120, CMT: 250 } as const;

/** The model radio alone (no engine), with the HM and the HMS, no faults, both chips configured. */
export function bareModelRadio(clock: Clock, timer: RadioTimer | undefined, seed: number) {
  const model = createModelRadio({
    clock,
    ...(timer ? { timer } : {}),
    random: new SeededRandom(seed),
    location: () => LOCATION,
    cloudiness: 0,
    faults: { weakSignal: false, packetLoss: 0, fragmentLoss: 0, corruption: 0 },
  });
  model.setInverters([{ serial: HM }, { serial: HMS }]);
  model.radio.configure(BOTH_CHIPS);
  return model;
}

/** A run-data request to the HM (nRF24) or the HMS (CMT2300A, on its start-up frequency). */
export function runDataRequest(radio: 'NRF24' | 'CMT', timeMs: number): RadioRequest {
  return {
    radio,
    frame: buildDataRequest({
      inverter: radio === 'NRF24' ? HM : HMS,
      dtu: DTU,
      dataType: DataType.RunData,
      time: Math.floor(timeMs / 1000),
    }),
    // The HMS listens on its start-up frequency until a channel change.
    ...(radio === 'CMT' ? { frequencyHz: 868_000_000 } : {}),
    windowMs: WINDOW_MS[radio],
  };
}
