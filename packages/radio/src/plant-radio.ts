/** The radio `--radio` asks for, with what the plant feeds it (the configured inverters, for the virtual ones). */
import type { Clock } from '@dtu-console/clock';
import type { Logger } from 'pino';
import { HardwareRadio, type HardwareRadioOptions } from './hardware-radio';
import { createModelRadio } from './model/virtual-air';
import type { Radio, RadioMode } from './radio';
import type { RadioTimer } from './radio-timer';
import { ReplayRadio } from './replay/replay-radio';
import {
  type Location,
  REALISTIC_FAULTS,
  SeededRandom,
  type SimulatedInverterSpec,
  SimulatedRadio,
} from './simulated';
import { WorkerRadio, type WorkerRadioOptions } from './worker/worker-radio';

/**
 * Where the drivers of `model` and `hardware` run: `worker`, their own thread (`worker/`, what the gateway
 * does), or `main`, the caller's thread (tests on a ManualClock, which cannot cross into a thread, and the
 * radio thread itself). The simulated radio always answers in the caller's thread.
 */
export type RadioThread = 'worker' | 'main';

export interface PlantRadioOptions {
  mode: RadioMode;
  /** The gateway clock (timestamps, the virtual plant's time). */
  clock: Clock;
  /**
   * What the drivers and chip models of `model` and `hardware` time with. Default `clock` (tests on a
   * ManualClock); the radio thread gives a monotonic one (radio-timer.ts).
   */
  timer?: RadioTimer;
  /** Seed of the virtual plant's weather and radio faults (simulated and model). */
  seed: number | string;
  location: () => Location;
  /** Hardware only. `host` applies in the caller's thread; the radio thread opens the host's own devices. */
  hardware: Pick<HardwareRadioOptions, 'wiring' | 'host'>;
  /** Default `main`. */
  thread?: RadioThread;
  /** Says when the radio thread crashes and comes back. */
  log?: Logger;
  /** `replay`: the capture file to answer from (`--replay-file`). */
  replayFile?: string;
  /** Tests: the radio thread's restart back-off. */
  restartDelayMs?: WorkerRadioOptions['restartDelayMs'];
}

export interface PlantRadio {
  radio: Radio;
  /** The configured inverters, for a radio with virtual inverters behind it (a no-op on hardware). */
  setInverters(specs: readonly SimulatedInverterSpec[]): void;
}

export function createPlantRadio(options: PlantRadioOptions): PlantRadio {
  const { clock, location } = options;
  if (options.mode === 'replay') {
    // A replay has no chip timing to keep: it answers in the caller's thread, like the simulator.
    return { radio: new ReplayRadio({ file: options.replayFile ?? '' }), setInverters: () => undefined };
  }
  if (options.thread === 'worker' && options.mode !== 'simulated') {
    const radio = new WorkerRadio({
      mode: options.mode,
      clock,
      seed: options.seed,
      location,
      wiring: options.hardware.wiring,
      ...(options.log ? { log: options.log } : {}),
      ...(options.restartDelayMs ? { restartDelayMs: options.restartDelayMs } : {}),
    });
    return { radio, setInverters: (specs) => radio.setInverters(specs) };
  }
  const random = new SeededRandom(options.seed);
  switch (options.mode) {
    case 'model': {
      const model = createModelRadio({
        clock,
        random,
        location,
        faults: REALISTIC_FAULTS,
        ...(options.timer ? { timer: options.timer } : {}),
      });
      return { radio: model.radio, setInverters: (specs) => model.setInverters(specs) };
    }
    case 'hardware':
      return {
        radio: new HardwareRadio({
          clock,
          ...(options.timer ? { timer: options.timer } : {}),
          ...options.hardware,
        }),
        setInverters: () => undefined,
      };
    default: {
      const radio = new SimulatedRadio({ clock, random, location, faults: REALISTIC_FAULTS });
      return { radio, setInverters: (specs) => radio.setInverters(specs) };
    }
  }
}
