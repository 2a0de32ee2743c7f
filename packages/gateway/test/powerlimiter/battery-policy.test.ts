/** The limiter's battery rules: thresholds, the discharge cycle, the night, the BMS, solar passthrough. */
import { batteryStatus } from '@dtu-console/contract/battery/fixtures';
import { batteryLimiterConfig } from '@dtu-console/contract/powerlimiter/fixtures';
import { describe, expect, it } from 'vitest';
import { type BatteryInputs, BatteryPolicy, type BatteryRules } from '../../src/powerlimiter/battery-policy';

const day = (patch: Partial<BatteryInputs> = {}): BatteryInputs => ({
  battery: batteryStatus(),
  solarPowerW: undefined,
  batteryInvertersW: 0,
  night: false,
  ...patch,
});
const at = (soc: number | null, patch: Partial<BatteryInputs> = {}) =>
  day({ battery: batteryStatus({ soc }), ...patch });
const rules = (patch: Partial<BatteryRules> = {}): BatteryRules => batteryLimiterConfig(patch);

describe('battery rules', () => {
  it('let nothing out of a battery they cannot read: off, stale, or neither SoC nor voltage thresholds', () => {
    const policy = new BatteryPolicy();
    expect(policy.decide(rules(), day({ battery: undefined }))).toMatchObject({
      capW: 0,
      status: { rule: 'battery_off' },
    });
    expect(policy.decide(rules(), day({ battery: batteryStatus({ stale: true }) })).status.rule).toBe(
      'battery_off',
    );
    expect(policy.decide(rules(), day({ battery: batteryStatus({ enabled: false }) })).status.rule).toBe(
      'battery_off',
    );
    // Without a SoC and without voltage thresholds nothing judges the cycle: no thresholds are named.
    expect(policy.decide(rules(), at(null)).status).toMatchObject({ rule: 'battery_off', thresholds: null });
  });

  it('run a discharge cycle from the start down to the stop threshold, and not again until the start', () => {
    const policy = new BatteryPolicy();
    const r = rules({ start_soc: 80, stop_soc: 20 });
    expect(policy.decide(r, at(60))).toMatchObject({
      capW: 0,
      status: { rule: 'waiting_for_start', discharging: false },
    });
    const started = policy.decide(r, at(81));
    expect(started.status).toMatchObject({ rule: 'discharging', discharging: true, soc: 81 });
    // The BMS's 100 A at 52.31 V, through inverters of 95 %.
    expect(started.capW).toBeCloseTo(100 * 52.31 * 0.95, 6);
    expect(started.status.cap_w).toBe(4969);
    expect(policy.decide(r, at(50)).status.rule).toBe('discharging');
    expect(policy.decide(r, at(20))).toMatchObject({
      capW: 0,
      status: { rule: 'below_stop', discharging: false },
    });
    expect(policy.decide(r, at(50)).status.rule).toBe('waiting_for_start');
    expect(policy.decide(r, at(80)).status.rule).toBe('discharging');
  });

  it('without a BMS discharge limit leave the cap to the inverters', () => {
    const decision = new BatteryPolicy().decide(
      rules(),
      day({ battery: batteryStatus({ soc: 90, discharge_current_limit: null }) }),
    );
    expect(decision.capW).toBe(Number.POSITIVE_INFINITY);
    expect(decision.status.cap_w).toBeNull();
  });

  it('stop at once on a BMS alarm or its request to stop discharging, and end the cycle', () => {
    const policy = new BatteryPolicy();
    policy.decide(rules(), at(90));
    for (const alarms of [['cell_undervoltage'], ['stop_discharge']]) {
      const stopped = policy.decide(rules(), day({ battery: batteryStatus({ soc: 90, alarms }) }));
      expect(stopped).toMatchObject({ capW: 0, status: { rule: 'bms_alarm', discharging: false, alarms } });
    }
    // The alarms are named only while they stop the discharge.
    expect(policy.decide(rules(), at(70)).status).toMatchObject({ rule: 'waiting_for_start', alarms: [] });
  });

  it('go by the load-corrected voltage where the battery has no state of charge', () => {
    const r = rules({ start_voltage: 53, stop_voltage: 49, load_correction_v_per_kw: 0.5 });
    const noSoc = (voltage: number, batteryInvertersW: number) =>
      day({ battery: batteryStatus({ soc: null, voltage }), batteryInvertersW });
    const policy = new BatteryPolicy();
    expect(policy.decide(r, noSoc(53.2, 0)).status).toMatchObject({
      rule: 'discharging',
      thresholds: { by: 'voltage', start: 53, stop: 49 },
    });
    // 48.8 V while 1 kW flows out reads as 49.3 V at rest: above the stop, the cycle goes on.
    const sagging = policy.decide(r, noSoc(48.8, 1000));
    expect(sagging.status).toMatchObject({ rule: 'discharging', corrected_voltage: 49.3 });
    // The same voltage without the correction stops it.
    const plain = new BatteryPolicy();
    plain.decide(rules({ start_voltage: 53, stop_voltage: 49 }), noSoc(53.2, 0));
    expect(plain.decide(rules({ start_voltage: 53, stop_voltage: 49 }), noSoc(48.8, 1000)).status.rule).toBe(
      'below_stop',
    );
  });

  it('discharge at night down to the stop when asked to, once a night', () => {
    const r = rules({ discharge_at_night: true, start_soc: 80, stop_soc: 20 });
    const policy = new BatteryPolicy();
    expect(policy.decide(r, at(50)).status).toMatchObject({
      rule: 'waiting_for_start',
      thresholds: { by: 'soc', start: 80, stop: 20 },
    });
    expect(policy.decide(r, at(50, { night: true })).status.rule).toBe('discharging');
    expect(policy.decide(r, at(20, { night: true })).status.rule).toBe('below_stop');
    // The same night it does not start again (the battery would flap at its stop threshold).
    expect(policy.decide(r, at(22, { night: true })).status).toMatchObject({
      rule: 'waiting_for_start',
      discharging: false,
    });
    expect(policy.decide(r, at(22)).status.rule).toBe('waiting_for_start');
    expect(policy.decide(r, at(30, { night: true })).status.rule).toBe('discharging');
    // Without the option the night changes nothing.
    expect(new BatteryPolicy().decide(rules(), at(50, { night: true })).status.rule).toBe(
      'waiting_for_start',
    );
  });

  it('pass the sun through outside a cycle: less the margin, or all of it from the full SoC', () => {
    const r = rules({ passthrough: { enabled: true, margin_w: 50, full_soc: 95 } });
    const policy = new BatteryPolicy();
    expect(policy.decide(r, at(60, { solarPowerW: 600 }))).toMatchObject({
      capW: 550,
      status: { rule: 'passthrough', solar_power: 600 },
    });
    expect(policy.decide(r, at(60, { solarPowerW: 30 })).capW).toBe(0);
    // Above the start threshold the cycle wins; at a full SoC without a cycle (started above 95), all of it.
    const full = new BatteryPolicy();
    expect(
      full.decide(
        rules({ start_soc: 99, passthrough: { enabled: true, margin_w: 50, full_soc: 95 } }),
        at(96, { solarPowerW: 600 }),
      ),
    ).toMatchObject({ capW: 600, status: { rule: 'full_passthrough' } });
    // No charge controller reading: no passthrough.
    expect(policy.decide(r, at(60)).status.rule).toBe('waiting_for_start');
    // The BMS's limit caps passthrough too.
    const limited = policy.decide(
      r,
      day({ battery: batteryStatus({ soc: 60, discharge_current_limit: 5 }), solarPowerW: 600 }),
    );
    expect(limited.capW).toBeCloseTo(5 * 52.31 * 0.95, 6);
  });

  it('in the full-passthrough mode give the whole solar power, but never past the BMS or an unknown battery', () => {
    const policy = new BatteryPolicy();
    expect(policy.decide(rules(), at(50, { solarPowerW: 700 }), true)).toMatchObject({
      capW: 700,
      status: { rule: 'full_passthrough', discharging: false },
    });
    expect(
      policy.decide(
        rules(),
        day({ battery: batteryStatus({ soc: 50, alarms: ['stop_discharge'] }), solarPowerW: 700 }),
        true,
      ).status.rule,
    ).toBe('bms_alarm');
    expect(
      policy.decide(rules(), day({ battery: batteryStatus({ stale: true }), solarPowerW: 700 }), true).capW,
    ).toBe(0);
    expect(policy.decide(rules(), at(50), true).capW).toBe(0);
  });
});
