/** The source of a `battery` section, and the sources of a `solarcharger` section (one per controller). */
import type { Clock } from '@dtu-console/clock';
import type { BatteryConfig, SolarChargerConfig } from '@dtu-console/contract';
import type { DeepReadonly } from '../../config/schema';
import type { MqttTap } from '../../powermeter/sources/mqtt';
import type { SimulatedBatteryBus } from '../simulated/battery-bus';
import type { BatteryProblem, BatterySource, ChargerSource } from '../types';
import { JkBmsSource } from './jkbms';
import { MqttBatterySource, MqttChargerSource } from './mqtt';
import { PylontechCanSource } from './pylontech-can';
import { SimulatedBatterySource, SimulatedChargerSource } from './simulated';
import { VeDirectBatterySource } from './vedirect-battery';
import { VeDirectChargerSource } from './vedirect-charger';

export type BatterySection = DeepReadonly<BatteryConfig>;
export type ChargerSection = DeepReadonly<SolarChargerConfig>;

export interface BatterySourceFactory {
  clock: Clock;
  mqtt?: MqttTap;
  /** The simulated battery bus, offered only beside the simulated radio (else undefined). */
  bus: (() => SimulatedBatteryBus) | undefined;
}

const NOT_SIMULATED: BatteryProblem = {
  code: 'not-simulated',
  detail: 'The simulated battery works only with the simulated radio',
};

export function makeBatterySource(
  section: BatterySection,
  f: BatterySourceFactory,
): BatterySource | { problem: BatteryProblem } {
  switch (section.source) {
    case 'simulated':
      // A made-up battery beside real inverters would steer real hardware by fiction.
      return f.bus ? new SimulatedBatterySource(f.bus(), f.clock) : { problem: NOT_SIMULATED };
    case 'mqtt':
      return new MqttBatterySource(section.mqtt, f.clock, f.mqtt);
    case 'vedirect':
      return new VeDirectBatterySource(section.vedirect.device, f.clock);
    case 'jkbms':
      return new JkBmsSource(section.jkbms, f.clock);
    case 'pylontech_can':
      return new PylontechCanSource({
        interface: section.can.interface,
        staleAfterS: section.stale_after_s,
        clock: f.clock,
      });
  }
}

export function makeChargerSources(
  section: ChargerSection,
  f: BatterySourceFactory,
): ChargerSource[] | { problem: BatteryProblem } {
  switch (section.source) {
    case 'simulated':
      return f.bus ? [new SimulatedChargerSource(f.bus(), f.clock)] : { problem: NOT_SIMULATED };
    case 'mqtt':
      return [new MqttChargerSource(section.mqtt, f.clock, f.mqtt)];
    case 'vedirect':
      return section.vedirect.devices.map((device) => new VeDirectChargerSource(device, f.clock));
  }
}
