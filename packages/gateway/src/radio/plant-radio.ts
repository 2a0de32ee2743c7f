/** The radio `--radio` asks for, with what the plant feeds it (the configured inverters, for the virtual ones). */
import type { Clock } from '../system/clock';
import { HardwareRadio, type HardwareRadioOptions } from './hardware-radio';
import { createModelRadio } from './model/virtual-air';
import type { Radio, RadioMode } from './radio';
import {
  type Location,
  REALISTIC_FAULTS,
  SeededRandom,
  type SimulatedInverterSpec,
  SimulatedRadio,
} from './simulated';

export interface PlantRadioOptions {
  mode: RadioMode;
  clock: Clock;
  /** Seed of the virtual plant's weather and radio faults (simulated and model). */
  seed: number | string;
  location: () => Location;
  /** Hardware only. */
  hardware: Pick<HardwareRadioOptions, 'wiring' | 'host'>;
}

export interface PlantRadio {
  radio: Radio;
  /** The configured inverters, for a radio with virtual inverters behind it (a no-op on hardware). */
  setInverters(specs: readonly SimulatedInverterSpec[]): void;
}

export function createPlantRadio(options: PlantRadioOptions): PlantRadio {
  const { clock, location } = options;
  const random = new SeededRandom(options.seed);
  switch (options.mode) {
    case 'model': {
      const model = createModelRadio({ clock, random, location, faults: REALISTIC_FAULTS });
      return { radio: model.radio, setInverters: (specs) => model.setInverters(specs) };
    }
    case 'hardware':
      return { radio: new HardwareRadio({ clock, ...options.hardware }), setInverters: () => undefined };
    default: {
      const radio = new SimulatedRadio({ clock, random, location, faults: REALISTIC_FAULTS });
      return { radio, setInverters: (specs) => radio.setInverters(specs) };
    }
  }
}
