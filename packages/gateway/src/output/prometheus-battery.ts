/**
 * The battery's and the charge controllers' families (docs/metrics.md), present only while each is
 * switched on. Labelled by `source` (the battery) and `charger` (a controller's id: its serial device,
 * `mqtt` or `simulated`). A value the source does not report leaves its family out, never a 0.
 * Alarms and warnings are one series per key in force, each 1.
 */
import type { BatteryStatus, SolarChargerUnit } from '@dtu-console/contract';
import { flag, group, type MetricGroup } from './prometheus-group';

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms) / 1000);

const BATTERY = group<BatteryStatus>(
  (source) =>
    source.battery?.enabled ? [{ subject: source.battery, labels: [['source', source.battery.source]] }] : [],
  [
    {
      name: 'dtu_battery_soc_ratio',
      help: 'Battery state of charge, 0 to 1',
      type: 'gauge',
      value: (b) => (b.soc === null ? null : Math.round(b.soc * 10) / 1000),
    },
    {
      name: 'dtu_battery_voltage_volts',
      help: 'Battery voltage in volts',
      type: 'gauge',
      value: (b) => b.voltage,
    },
    {
      name: 'dtu_battery_current_amperes',
      help: 'Battery current in amperes (negative while discharging)',
      type: 'gauge',
      value: (b) => b.current,
    },
    {
      name: 'dtu_battery_power_watts',
      help: 'Battery power in watts (negative while discharging)',
      type: 'gauge',
      value: (b) => b.power,
    },
    {
      name: 'dtu_battery_temperature_celsius',
      help: 'Battery temperature in degrees Celsius',
      type: 'gauge',
      value: (b) => b.temperature,
    },
    {
      name: 'dtu_battery_discharge_current_limit_amperes',
      help: 'Discharge current the BMS allows now in amperes',
      type: 'gauge',
      value: (b) => b.discharge_current_limit,
    },
    {
      name: 'dtu_battery_charge_current_limit_amperes',
      help: 'Charge current the BMS allows now in amperes',
      type: 'gauge',
      value: (b) => b.charge_current_limit,
    },
    {
      name: 'dtu_battery_alarm',
      help: 'A BMS alarm in force: one series per alarm, 1',
      type: 'gauge',
      value: () => null,
      split: { label: 'alarm', values: (b) => b.alarms.map((alarm) => [alarm, 1] as const) },
    },
    {
      name: 'dtu_battery_warning',
      help: 'A BMS warning in force: one series per warning, 1',
      type: 'gauge',
      value: () => null,
      split: { label: 'warning', values: (b) => b.warnings.map((warning) => [warning, 1] as const) },
    },
    {
      name: 'dtu_battery_stale',
      help: '1 while the battery has no reading younger than its stale-after time',
      type: 'gauge',
      value: (b) => flag(b.stale),
    },
    {
      name: 'dtu_battery_data_age_seconds',
      help: 'Age of the last battery reading in seconds (absent before the first)',
      type: 'gauge',
      value: (b) => seconds(b.data_age),
    },
    {
      name: 'dtu_battery_frames_total',
      help: 'Frames, blocks or messages from the battery source decoded',
      type: 'counter',
      value: (b) => b.frames_ok,
    },
    {
      name: 'dtu_battery_bad_frames_total',
      help: 'Frames, blocks or messages from the battery source refused (bad checksum, garbage, out of range)',
      type: 'counter',
      value: (b) => b.frames_bad,
    },
  ],
);

const CHARGERS = group<SolarChargerUnit>(
  (source) =>
    source.solarCharger?.enabled
      ? source.solarCharger.chargers.map((unit) => ({ subject: unit, labels: [['charger', unit.id]] }))
      : [],
  [
    {
      name: 'dtu_solarcharger_power_watts',
      help: 'Solar power a charge controller delivers in watts',
      type: 'gauge',
      value: (c) => c.solar_power,
    },
    {
      name: 'dtu_solarcharger_battery_voltage_volts',
      help: 'Battery voltage a charge controller measures in volts',
      type: 'gauge',
      value: (c) => c.battery_voltage,
    },
    {
      name: 'dtu_solarcharger_battery_current_amperes',
      help: 'Current a charge controller sends into the battery in amperes',
      type: 'gauge',
      value: (c) => c.battery_current,
    },
    {
      name: 'dtu_solarcharger_charge_state',
      help: 'Charge state of a charge controller: 1 for the state it reports',
      type: 'gauge',
      value: () => null,
      split: {
        label: 'state',
        values: (c) => (c.charge_state === null ? [] : [[c.charge_state, 1] as const]),
      },
    },
    {
      name: 'dtu_solarcharger_stale',
      help: '1 while a charge controller has no reading younger than its stale-after time',
      type: 'gauge',
      value: (c) => flag(c.stale),
    },
    {
      name: 'dtu_solarcharger_frames_total',
      help: 'Frames or messages from a charge controller decoded',
      type: 'counter',
      value: (c) => c.frames_ok,
    },
    {
      name: 'dtu_solarcharger_bad_frames_total',
      help: 'Frames or messages from a charge controller refused (bad checksum, garbage, out of range)',
      type: 'counter',
      value: (c) => c.frames_bad,
    },
  ],
);

export const BATTERY_GROUPS: readonly MetricGroup[] = [BATTERY, CHARGERS];
