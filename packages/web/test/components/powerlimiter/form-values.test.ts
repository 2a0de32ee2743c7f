/** The Power limiter screen's form values (pure parts). */
import { Code } from '@dtu-console/contract/codes';
import type { InverterConfig } from '@dtu-console/contract/inverter/api';
import type { PowerLimiterConfig } from '@dtu-console/contract/powerlimiter/api';
import { batteryLimiterConfig, powerLimiterConfig } from '@dtu-console/contract/powerlimiter/fixtures';
import { describe, expect, it } from 'vitest';
import { check, stringsPowerWp, toPayload, toValues } from '../../../src/components/powerlimiter/form-values';
import { switchedOffMeter } from '../../helpers/powermeter-fixtures';

const meter = switchedOffMeter;
const limiter: PowerLimiterConfig = powerLimiterConfig({
  enabled: true,
  target_power_consumption: -10,
  inverters: [
    {
      serial: '116683554321',
      governed: true,
      behind_power_meter: true,
      lower_power_limit: 50,
      upper_power_limit: 0,
      role: 'solar',
    },
  ],
});
const inverter = (serial: string, name: string, order: number) => ({ serial, name, order }) as InverterConfig;
const data = {
  meter,
  limiter,
  inverters: [inverter('114172220003', 'Roof', 0), inverter('116683554321', 'Garage', 1)],
};

describe('the Power limiter form', () => {
  it('shows a row per inverter of the plant, and saves what it showed', () => {
    const values = toValues(data);
    expect(values.limiter.inverters.map((row) => [row.name, row.governed])).toEqual([
      ['Roof', false],
      ['Garage', true],
    ]);
    // The unlisted, ungoverned inverter behind the meter stays unlisted.
    expect(toPayload(values)).toEqual(limiter);
  });

  it('lists an inverter not behind the meter, without its shown name', () => {
    const values = toValues(data);
    values.limiter.inverters[0]!.behind_power_meter = false;
    const payload = toPayload(values);
    expect(payload.inverters.map((inv) => inv.serial)).toEqual(['114172220003', '116683554321']);
    expect(payload.inverters[0]).not.toHaveProperty('name');
  });

  it('loads a config from a gateway without battery rules or roles: its defaults, fed by their panels', () => {
    const { battery: _battery, ...older } = limiter;
    const values = toValues({
      ...data,
      limiter: {
        ...older,
        inverters: older.inverters.map(({ role: _role, ...inv }) => inv),
      } as PowerLimiterConfig,
    });
    expect(values.limiter.battery).toEqual(batteryLimiterConfig());
    expect(values.limiter.inverters.map((row) => row.role)).toEqual(['solar', 'solar']);
  });

  it('saves an inverter fed from the battery with the battery rules', () => {
    const values = toValues(data);
    values.limiter.inverters[1]!.role = 'battery';
    values.limiter.battery.start_soc = 90;
    const payload = toPayload(values);
    expect(payload.inverters[0]).toMatchObject({ serial: '116683554321', role: 'battery' });
    expect(payload.battery).toEqual({ ...batteryLimiterConfig(), start_soc: 90 });
  });

  it('marks the shown field a battery rule is about: the threshold out of bounds, else the stop', () => {
    const values = toValues(data);
    values.limiter.inverters[1]!.role = 'battery';
    const battery = values.limiter.battery;
    const fieldOf = () => check(values)?.field;
    battery.stop_soc = 95;
    expect(check(values)).toMatchObject({
      code: Code.PowerLimiterBatterySocRange,
      field: 'limiter.battery.stop_soc',
    });
    battery.start_soc = 120;
    expect(fieldOf()).toBe('limiter.battery.start_soc');
    Object.assign(battery, { start_soc: 80, stop_soc: 20 });
    // Passthrough's own fields are shown only while it is on: off, its switch is marked.
    battery.passthrough.full_soc = 101;
    expect(fieldOf()).toBe('limiter.battery.passthrough.enabled');
    battery.passthrough.enabled = true;
    expect(fieldOf()).toBe('limiter.battery.passthrough.full_soc');
    battery.passthrough.full_soc = 100;
    battery.stop_voltage = 1200;
    expect(check(values)).toMatchObject({
      code: Code.PowerLimiterBatteryVoltageRange,
      field: 'limiter.battery.stop_voltage',
    });
    Object.assign(battery, { start_voltage: 52, stop_voltage: 53 });
    expect(fieldOf()).toBe('limiter.battery.stop_voltage');
    battery.start_voltage = -1;
    expect(fieldOf()).toBe('limiter.battery.start_voltage');
    Object.assign(battery, { start_voltage: 0, stop_voltage: 0, load_correction_v_per_kw: 11 });
    expect(check(values)).toMatchObject({
      code: Code.PowerLimiterBatteryLoadCorrectionRange,
      field: 'limiter.battery.load_correction_v_per_kw',
    });
    battery.load_correction_v_per_kw = 0;
    battery.passthrough.margin_w = -5;
    expect(check(values)).toMatchObject({
      code: Code.PowerLimiterPassthroughMarginRange,
      field: 'limiter.battery.passthrough.margin_w',
    });
    // Back on its panels, the rules are hidden: the form's own alert (root) says it.
    values.limiter.inverters[1]!.role = 'solar';
    expect(fieldOf()).toBe('root');
  });

  it("checks with the contract's codes and marks the field", () => {
    const values = toValues(data);
    expect(check(values)).toBeUndefined();
    values.limiter.target_power_consumption = 20_000;
    expect(check(values)).toMatchObject({
      code: Code.PowerLimiterTargetRange,
      field: 'limiter.target_power_consumption',
    });
  });
});

describe('the feed-in cap and grid signal in the Power limiter form', () => {
  it('are saved as they came, and a bad value points at its field', () => {
    const values = toValues(data);
    expect(toPayload(values).feed_in_cap).toEqual(limiter.feed_in_cap);
    expect(toPayload(values).grid_signal).toEqual(limiter.grid_signal);
    const capTooHigh = toValues({
      ...data,
      limiter: { ...limiter, feed_in_cap: { ...limiter.feed_in_cap, enabled: true, percent: 120 } },
    });
    expect(check(capTooHigh)).toMatchObject({ code: 17008, field: 'limiter.feed_in_cap.percent' });
    const noTopic = toValues({
      ...data,
      limiter: { ...limiter, grid_signal: { ...limiter.grid_signal, enabled: true, source: 'mqtt' } },
    });
    expect(check(noTopic)).toMatchObject({ code: 17014, field: 'limiter.grid_signal.mqtt.topic' });
    const twice = toValues({
      ...data,
      limiter: {
        ...limiter,
        grid_signal: { ...limiter.grid_signal, gpio: { ...limiter.grid_signal.gpio, lines: [5, 5, -1, -1] } },
      },
    });
    expect(check(twice)).toMatchObject({ code: 17013, field: 'limiter.grid_signal' });
  });

  it('take the module power from the strings when none is set', () => {
    const withStrings = [
      { serial: 'a', channel: [{ max_power: 400 }, { max_power: 410 }] },
      { serial: 'b', channel: [{ max_power: 0 }] },
    ] as unknown as InverterConfig[];
    expect(stringsPowerWp(withStrings)).toBe(810);
  });
});
