/**
 * The battery's and the charge controllers' settings as the console's tests use them: a gateway's settings
 * with every source's own values filled in, the chosen source switched as the test needs it.
 */
import type { BatteryConfig, SolarChargerConfig } from '@dtu-console/contract/battery/api';

export function batteryConfig(patch: Partial<BatteryConfig> = {}): BatteryConfig {
  return {
    enabled: true,
    source: 'simulated',
    vedirect: { device: '/dev/ttyUSB0' },
    jkbms: { device: '/dev/ttyUSB1', interface: 'uart' },
    can: { interface: 'can0' },
    mqtt: {
      soc_topic: 'bms/soc',
      soc_json_path: '',
      voltage_topic: 'bms/state',
      voltage_json_path: 'pack.voltage',
      voltage_unit: 2,
      current_topic: '',
      current_json_path: '',
      current_unit: 0,
      power_topic: '',
      power_json_path: '',
      temperature_topic: '',
      temperature_json_path: '',
      discharge_current_limit_topic: '',
      discharge_current_limit_json_path: '',
    },
    stale_after_s: 30,
    ...patch,
  };
}

export function solarChargerConfig(patch: Partial<SolarChargerConfig> = {}): SolarChargerConfig {
  return {
    enabled: true,
    source: 'simulated',
    vedirect: { devices: [] },
    mqtt: {
      power_topic: '',
      power_json_path: '',
      power_unit: 0,
      voltage_topic: '',
      voltage_json_path: '',
      voltage_unit: 0,
    },
    stale_after_s: 30,
    ...patch,
  };
}
