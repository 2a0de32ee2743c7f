/**
 * Power limiter and meter settings shaped like /api/powerlimiter/* and /api/powermeter/config, shared by the
 * gateway's tests and the console's. The values are written out here (not taken from `limits.ts`), so a test
 * that compares a fresh gateway against them checks its defaults. Not part of the API.
 */
import type { PowerMeterModbusConfig } from '../powermeter/api';
import type {
  BatteryLimiterConfig,
  BatteryLimiterStatus,
  FeedInCapConfig,
  GridSignalConfig,
  GridSignalStatus,
  PowerLimiterConfig,
  PowerLimiterInverterConfig,
} from './api';

/** The feed-in cap of a fresh gateway: off, 60 % of the strings' sum. */
export function feedInCapConfig(patch: Partial<FeedInCapConfig> = {}): FeedInCapConfig {
  return { enabled: false, mode: 'percent', percent: 60, watts: 0, module_power_wp: 0, ...patch };
}

/** The grid signal of a fresh gateway: off, GPIO with no line wired, the usual 100/60/30/0 % steps. */
export function gridSignalConfig(patch: Partial<GridSignalConfig> = {}): GridSignalConfig {
  return {
    enabled: false,
    source: 'gpio',
    gpio: { chip: '/dev/gpiochip0', lines: [-1, -1, -1, -1], active_low: true },
    mqtt: { topic: '' },
    steps: [100, 60, 30, 0],
    ...patch,
  };
}

/** The battery rules of a fresh gateway: a cycle from 80 % down to 20 %, no voltages, no passthrough. */
export function batteryLimiterConfig(patch: Partial<BatteryLimiterConfig> = {}): BatteryLimiterConfig {
  return {
    start_soc: 80,
    stop_soc: 20,
    start_voltage: 0,
    stop_voltage: 0,
    load_correction_v_per_kw: 0,
    discharge_at_night: false,
    passthrough: { enabled: false, margin_w: 20, full_soc: 100 },
    ...patch,
  };
}

/** The limiter of a fresh gateway: off, target 0 W, 20 W hysteresis, 200 W base load, 3 s, no inverters. */
export function powerLimiterConfig(patch: Partial<PowerLimiterConfig> = {}): PowerLimiterConfig {
  return {
    enabled: false,
    target_power_consumption: 0,
    target_power_consumption_hysteresis: 20,
    base_load_limit: 200,
    min_command_interval: 3,
    inverters: [],
    feed_in_cap: feedInCapConfig(),
    grid_signal: gridSignalConfig(),
    battery: batteryLimiterConfig(),
    ...patch,
  };
}

/** The grid signal's status before anything was read: unknown, not lost (off and on GPIO unless patched). */
export function gridSignalStatus(patch: Partial<GridSignalStatus> = {}): GridSignalStatus {
  return {
    enabled: false,
    source: 'gpio',
    known: false,
    percent: null,
    contact: null,
    lost: false,
    problem: null,
    since: null,
    ...patch,
  };
}

/** A Modbus meter as a fresh gateway has it: an SDM630 over TCP at unit 1, the custom register unset. */
export function modbusConfig(patch: Partial<PowerMeterModbusConfig> = {}): PowerMeterModbusConfig {
  return {
    transport: 'tcp',
    host: '',
    port: 502,
    device: '/dev/ttyUSB0',
    baud_rate: 9600,
    parity: 'none',
    unit_id: 1,
    model: 'sdm630',
    polling_interval: 1,
    register: 0,
    register_type: 'input',
    data_type: 'float32',
    word_order: 'high_first',
    scale: 1,
    ...patch,
  };
}

/** The battery rule in a discharge cycle at 64 % (start 80 %, stop 20 %), as the limiter's status names it. */
export function batteryLimiterStatus(patch: Partial<BatteryLimiterStatus> = {}): BatteryLimiterStatus {
  return {
    rule: 'discharging',
    soc: 64,
    voltage: 51.8,
    corrected_voltage: 51.8,
    solar_power: 310,
    cap_w: 4921,
    discharging: true,
    thresholds: { by: 'soc', start: 80, stop: 20 },
    alarms: [],
    ...patch,
  };
}

/** An inverter the limiter governs, behind the meter, fed by its own panels, between 0 W and its rating. */
export function governedInverter(
  serial: string,
  patch: Partial<PowerLimiterInverterConfig> = {},
): Required<PowerLimiterInverterConfig> {
  return {
    serial,
    governed: true,
    behind_power_meter: true,
    lower_power_limit: 0,
    upper_power_limit: 0,
    role: 'solar',
    ...patch,
  };
}
