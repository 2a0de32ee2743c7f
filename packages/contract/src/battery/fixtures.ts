/** Test fixtures of the battery domain, shared by the gateway's and the console's tests. */
import type { BatteryStatus, SolarChargerStatus, SolarChargerUnit } from './api';

/** A JK BMS read a second ago: discharging 12.3 A at 52.31 V, nothing in force. */
export function batteryStatus(patch: Partial<BatteryStatus> = {}): BatteryStatus {
  return {
    enabled: true,
    source: 'jkbms',
    simulated: false,
    soc: 81,
    voltage: 52.31,
    current: -12.3,
    power: -643.4,
    temperature: 24.5,
    discharge_current_limit: 100,
    charge_current_limit: 50,
    alarms: [],
    warnings: [],
    data_age: 1000,
    stale: false,
    frames_ok: 120,
    frames_bad: 1,
    problem: null,
    ...patch,
  };
}

/** One VE.Direct MPPT in bulk. */
export function solarChargerUnit(patch: Partial<SolarChargerUnit> = {}): SolarChargerUnit {
  return {
    id: '/dev/ttyUSB1',
    product: 'SmartSolar MPPT 150|70',
    solar_power: 845,
    battery_voltage: 52.4,
    battery_current: 16.1,
    charge_state: 'bulk',
    data_age: 800,
    stale: false,
    frames_ok: 300,
    frames_bad: 0,
    problem: null,
    ...patch,
  };
}

export function solarChargerStatus(patch: Partial<SolarChargerStatus> = {}): SolarChargerStatus {
  const chargers = patch.chargers ?? [solarChargerUnit()];
  return {
    enabled: true,
    source: 'vedirect',
    simulated: false,
    total_solar_power: chargers.reduce((sum, c) => sum + (c.stale ? 0 : (c.solar_power ?? 0)), 0),
    chargers,
    problem: null,
    ...patch,
  };
}
