/**
 * The limiter's run-time mode, battery rule, battery cap and inverter roles as Prometheus families: enums
 * with every value listed, the battery ones only while the status names a battery rule.
 */
import {
  type BatteryLimiterRule,
  BatteryLimiterRules,
  type BatteryLimiterStatus,
  type PowerLimiterInverterStatus,
  type PowerLimiterStatus,
} from '@dtu-console/contract';
import { batteryLimiterStatus, gridSignalStatus } from '@dtu-console/contract/powerlimiter/fixtures';
import { describe, expect, it } from 'vitest';
import { InverterState } from '../../src/engine/inverter';
import { LiveModel } from '../../src/engine/live-model';
import { inverterSettings } from '../../src/engine/settings';
import { type MetricExtras, renderMetrics } from '../../src/output/prometheus';
import { parseExposition } from '../helpers/exposition';
import { globalFacts } from '../helpers/global-facts';
import { checkMetrics, MISSING_PROMETHEUS, PROMTOOL } from '../helpers/prometheus-tools';

const SOLAR = '116180000001';
const FED = '116180000002';
const LOOSE = '116180000003';

function limiterInverter(patch: Partial<PowerLimiterInverterStatus>): PowerLimiterInverterStatus {
  return {
    serial: SOLAR,
    governed: true,
    behind_power_meter: true,
    role: 'solar',
    limit_w: 400,
    output_w: 380,
    sun_limited_w: null,
    commands_last_hour: 2,
    failing: false,
    lease_until: null,
    ...patch,
  };
}

function batteryRule(patch: Partial<BatteryLimiterStatus> = {}): BatteryLimiterStatus {
  return batteryLimiterStatus(patch);
}

/** A limiter regulating a solar inverter and a battery-fed one, a third inverter not governed. */
function limiterStatus(patch: Partial<PowerLimiterStatus> = {}): PowerLimiterStatus {
  return {
    enabled: true,
    state: 'regulating',
    grid_power: 12,
    grid_power_age_ms: 800,
    target: 0,
    persistent_commands: 0,
    inverters: [
      limiterInverter({ serial: SOLAR, role: 'solar' }),
      limiterInverter({ serial: FED, role: 'battery', limit_w: 600, output_w: 590 }),
      limiterInverter({ serial: LOOSE, governed: false, role: 'solar', limit_w: null, output_w: 0 }),
    ],
    feed_in: {
      module_power_wp: 0,
      cap_w: null,
      signal_w: null,
      export_limit_w: null,
      binding: 'zero_export',
      production_cap_w: null,
      grid_signal: gridSignalStatus(),
    },
    battery: batteryRule(),
    mode: 'normal',
    ...patch,
  };
}

function scrape(status: PowerLimiterStatus | undefined) {
  const live = new LiveModel({ now: () => 1000 });
  for (const [serial, name] of [
    [SOLAR, 'Roof'],
    [FED, 'Battery "east"'],
    [LOOSE, 'Shed'],
  ] as const) {
    live.setInverter(new InverterState(inverterSettings({ serial, name })).snapshot(), 'status');
  }
  const extras: MetricExtras = status ? { limiter: { status, commandsSent: new Map() } } : {};
  const text = renderMetrics(globalFacts(), live, extras);
  const { families } = parseExposition(text);
  const samples = (name: string) =>
    (families.get(name)?.samples ?? []).map((s) => ({ labels: s.labels, value: s.value }));
  return { text, families, samples };
}

/** The rule enum as `[rule, value]` pairs: every rule, the one in force at 1. */
const ruleEnum = (inForce: BatteryLimiterRule) =>
  BatteryLimiterRules.map((rule) => ({ labels: { rule }, value: rule === inForce ? 1 : 0 }));

const BATTERY_FAMILIES = [
  'dtu_limiter_battery_rule',
  'dtu_limiter_battery_cap_watts',
  'dtu_limiter_inverter_role',
];

describe('the limiter battery rule', () => {
  it('lists every rule code of the contract, in its order', () => {
    expect(BatteryLimiterRules).toEqual([
      'battery_off',
      'bms_alarm',
      'discharging',
      'passthrough',
      'full_passthrough',
      'waiting_for_start',
      'below_stop',
    ]);
  });

  it.each([
    ['discharging', 4921],
    ['passthrough', 290],
    ['full_passthrough', 310],
    ['battery_off', 0],
    ['bms_alarm', 0],
    ['waiting_for_start', 0],
    ['below_stop', 0],
  ] as const)('is an enum with %s at 1, its cap %d W', (rule, capW) => {
    const { families, samples } = scrape(limiterStatus({ battery: batteryRule({ rule, cap_w: capW }) }));
    expect(samples('dtu_limiter_battery_rule')).toEqual(ruleEnum(rule));
    expect(samples('dtu_limiter_battery_cap_watts')).toEqual([{ labels: {}, value: capW }]);
    expect(families.get('dtu_limiter_battery_rule')).toMatchObject({
      type: 'gauge',
      help: 'Battery rule that decides what the battery-fed inverters may feed: 1 for the rule in force, 0 for the others',
    });
    expect(families.get('dtu_limiter_battery_cap_watts')).toMatchObject({
      type: 'gauge',
      help: 'Most the battery-fed inverters may feed together now under the battery rule in watts (0: standby)',
    });
  });

  it('leaves the cap out when the rules set none (no discharge current limit from the BMS), keeps the rule', () => {
    const { samples } = scrape(limiterStatus({ battery: batteryRule({ rule: 'discharging', cap_w: null }) }));
    expect(samples('dtu_limiter_battery_cap_watts')).toEqual([]);
    expect(samples('dtu_limiter_battery_rule')).toEqual(ruleEnum('discharging'));
  });

  it("gives each governed inverter's role while there is a battery rule, labelled like the other limiter families", () => {
    const { samples, families } = scrape(limiterStatus());
    expect(samples('dtu_limiter_inverter_role')).toEqual([
      { labels: { serial: SOLAR, name: 'Roof', role: 'solar' }, value: 1 },
      { labels: { serial: SOLAR, name: 'Roof', role: 'battery' }, value: 0 },
      { labels: { serial: FED, name: 'Battery "east"', role: 'solar' }, value: 0 },
      { labels: { serial: FED, name: 'Battery "east"', role: 'battery' }, value: 1 },
    ]);
    expect(families.get('dtu_limiter_inverter_role')?.type).toBe('gauge');
    // The per-inverter limit and output keep their labels: a role changed in the settings starts no new series.
    expect(samples('dtu_limiter_inverter_output_watts')).toEqual([
      { labels: { serial: SOLAR, name: 'Roof' }, value: 380 },
      { labels: { serial: FED, name: 'Battery "east"' }, value: 590 },
    ]);
  });

  it('is absent, with the roles, while no governed inverter is battery-fed (the status has no rule)', () => {
    const { families, samples } = scrape(
      limiterStatus({ battery: null, inverters: [limiterInverter({ serial: SOLAR })] }),
    );
    for (const name of BATTERY_FAMILIES) expect(families.has(name), name).toBe(false);
    // The rest of the limiter is there.
    expect(samples('dtu_limiter_state').find((s) => s.labels.state === 'regulating')?.value).toBe(1);
    expect(samples('dtu_limiter_inverter_limit_watts')).toEqual([
      { labels: { serial: SOLAR, name: 'Roof' }, value: 400 },
    ]);
  });

  it('is absent while the limiter is off or mode off (the status has no rule then), and without a limiter', () => {
    const off = scrape(limiterStatus({ enabled: false, state: 'off', battery: null, mode: 'off' }));
    for (const name of BATTERY_FAMILIES) expect(off.families.has(name), name).toBe(false);
    const none = scrape(undefined);
    for (const name of [...BATTERY_FAMILIES, 'dtu_limiter_mode']) {
      expect(none.families.has(name), name).toBe(false);
    }
  });
});

describe('the limiter mode', () => {
  it.each([
    ['normal', [1, 0, 0]],
    ['off', [0, 1, 0]],
    ['full_passthrough', [0, 0, 1]],
  ] as const)('is an enum with %s at 1, with or without a battery rule', (mode, values) => {
    const expected = ['normal', 'off', 'full_passthrough'].map((m, i) => ({
      labels: { mode: m },
      value: values[i],
    }));
    expect(scrape(limiterStatus({ mode })).samples('dtu_limiter_mode')).toEqual(expected);
    expect(scrape(limiterStatus({ mode, battery: null })).samples('dtu_limiter_mode')).toEqual(expected);
  });

  it('says what it is', () => {
    expect(scrape(limiterStatus()).families.get('dtu_limiter_mode')).toMatchObject({
      type: 'gauge',
      help: 'Power limiter run-time mode (set on MQTT, normal after a restart): 1 for the mode in force, 0 for the others',
    });
  });
});

describe('promtool check metrics', () => {
  it.skipIf(!PROMTOOL)(
    `finds nothing in the limiter's families with a battery rule (${PROMTOOL ? 'promtool' : MISSING_PROMETHEUS})`,
    () => {
      const findings = checkMetrics(scrape(limiterStatus()).text);
      expect(findings.filter((line) => !line.startsWith('opendtu_'))).toEqual([]);
    },
  );
});
