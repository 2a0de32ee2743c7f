/** The source of a `powermeter` section. */
import type { Clock } from '@dtu-console/clock';
import type { MeterProblem } from '../types';
import { httpJsonSource } from './http';
import { httpSmlSource } from './http-sml';
import { ModbusSource } from './modbus';
import { MqttSource, type MqttTap } from './mqtt';
import { ShellySource } from './shelly';
import { simulatedSource } from './simulated';
import { SmlSerialSource } from './sml-serial';
import type { MeterSource, PowerMeterSection } from './source';
import { type SpeedwireOptions, SpeedwireSource } from './speedwire';

export interface MeterSourceFactory {
  clock: Clock;
  mqtt?: MqttTap;
  /** The radio is the simulation (the simulated meter needs it). */
  simulated: boolean;
  seed: string;
  timezone: () => string;
  productionW: () => number;
  /** Where the Speedwire source listens (tests bind a free port on loopback). */
  speedwire?: SpeedwireOptions;
}

export function makeSource(
  section: PowerMeterSection,
  f: MeterSourceFactory,
): MeterSource | { problem: MeterProblem } {
  switch (section.source) {
    case 'mqtt':
      return new MqttSource(section.mqtt, f.clock, f.mqtt);
    case 'http':
      return httpJsonSource(section.http_json, f.clock);
    case 'shelly':
      return new ShellySource(section.shelly, f.clock);
    case 'sml_serial':
      return new SmlSerialSource(section.sml_serial, f.clock);
    case 'http_sml':
      return httpSmlSource(section.http_sml, f.clock);
    case 'sma_speedwire':
      return new SpeedwireSource(section.sma_speedwire, f.clock, f.speedwire);
    case 'modbus':
      return new ModbusSource(section.modbus, f.clock);
    case 'simulated':
      // A made-up house beside real inverters would steer real hardware by fiction.
      if (!f.simulated) {
        return {
          problem: {
            code: 'not-simulated',
            detail: 'The simulated meter works only with the simulated radio',
          },
        };
      }
      return simulatedSource({
        clock: f.clock,
        timezone: f.timezone,
        productionW: f.productionW,
        seed: f.seed,
      });
    default:
      return { problem: { code: 'disabled', detail: 'No meter source is switched on' } };
  }
}
