import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMetrics } from '../../src/output/prometheus';
import { get } from '../helpers/api';
import { parseExposition, type Sample } from '../helpers/exposition';
import { globalFacts } from '../helpers/global-facts';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';
import { checkMetrics, MISSING_PROMETHEUS, PROMTOOL } from '../helpers/prometheus-tools';

/**
 * What `promtool check metrics` may say about the output: only the OpenDTU names kept for existing
 * dashboards (camelCase families, a counter without `_total`). Anything else is a finding to fix.
 */
const ALLOWED_FINDINGS = [
  "opendtu_MaxPower metric names should be written in 'snake_case' not 'camelCase'",
  "opendtu_PanelInfo metric names should be written in 'snake_case' not 'camelCase'",
  "opendtu_PowerDC metric names should be written in 'snake_case' not 'camelCase'",
  "opendtu_PowerFactor metric names should be written in 'snake_case' not 'camelCase'",
  "opendtu_ReactivePower metric names should be written in 'snake_case' not 'camelCase'",
  "opendtu_YieldDay metric names should be written in 'snake_case' not 'camelCase'",
  "opendtu_YieldTotal metric names should be written in 'snake_case' not 'camelCase'",
  "opendtu_YieldTotalOffset metric names should be written in 'snake_case' not 'camelCase'",
  'opendtu_uptime counter metrics should have "_total" suffix',
];

/** Unit suffixes of the new families; flags, counts and event counters carry none. */
const UNIT = /_(watts|volts|amperes|hertz|celsius|joules|ratio|dbm|seconds|volt_amperes_reactive)$/;
const UNITLESS = new Set([
  'dtu_battery_alarm',
  'dtu_battery_warning',
  'dtu_battery_stale',
  'dtu_battery_frames_total',
  'dtu_battery_bad_frames_total',
  'dtu_solarcharger_charge_state',
  'dtu_solarcharger_stale',
  'dtu_solarcharger_frames_total',
  'dtu_solarcharger_bad_frames_total',
  'dtu_plant_inverters',
  'dtu_plant_inverters_reachable',
  'dtu_plant_daylight',
  'dtu_inverter_info',
  'dtu_inverter_polling',
  'dtu_inverter_reachable',
  'dtu_inverter_producing',
  'dtu_inverter_ac_power_estimated',
  'dtu_string_info',
  'dtu_radio_requests_total',
  'dtu_radio_re_requests_total',
  'dtu_radio_other_dtu_frames_total',
  'dtu_radio_results_total',
  'dtu_radio_frequency_state',
  'dtu_alerts_opened_total',
  'dtu_limiter_enabled',
  'dtu_limiter_state',
  'dtu_limiter_mode',
  'dtu_limiter_battery_rule',
  'dtu_limiter_inverter_role',
  'dtu_limiter_commands_total',
  'dtu_limiter_persistent_commands_total',
  'dtu_meter_up',
  'dtu_http_cross_origin_refused_total',
]);

let env: PlantGateway;
let text: string;
let samples: Sample[];

const one = (name: string, labels: Record<string, string> = {}) => {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(found.length, `${name} ${JSON.stringify(labels)}`).toBe(1);
  return found[0]!.value;
};

beforeAll(async () => {
  env = await plantGateway();
  await env.advance(60_000);
  text = (await get(env.gateway, '/api/prometheus/metrics', null)).body;
  samples = parseExposition(text).samples;
}, 60_000);
afterAll(() => env.cleanup());

describe('promtool check metrics', () => {
  it.skipIf(!PROMTOOL)(
    `finds nothing but the kept OpenDTU names (${PROMTOOL ? 'promtool' : MISSING_PROMETHEUS})`,
    () => {
      const findings = checkMetrics(text);
      expect(findings.filter((line) => !ALLOWED_FINDINGS.includes(line))).toEqual([]);
      // The kept names are really there (the list is not stale).
      expect(findings.length).toBeGreaterThan(0);
      expect(findings.every((line) => line.startsWith('opendtu_'))).toBe(true);
    },
  );

  it.skipIf(!PROMTOOL)('would report a badly named family (the check is real)', () => {
    const findings = checkMetrics('# HELP dtu_x_count x\n# TYPE dtu_x_count counter\ndtu_x_count 1\n');
    expect(findings.join('\n')).toContain('_total');
  });
});

describe('the families beside OpenDTU', () => {
  it('are named with the dtu_ prefix, a base unit, _total on counters, HELP and TYPE', () => {
    const { families } = parseExposition(text);
    const mine = [...families.values()].filter((f) => f.name.startsWith('dtu_'));
    expect(mine.length).toBeGreaterThan(30);
    for (const family of mine) {
      expect(family.help, family.name).toBeTruthy();
      expect(family.name.endsWith('_total'), family.name).toBe(family.type === 'counter');
      const base = family.name.replace(/_total$/, '');
      expect(UNIT.test(base) || UNITLESS.has(family.name), family.name).toBe(true);
      // No abbreviated or scaled units.
      expect(family.name, family.name).not.toMatch(/_(w|wh|kwh|v|a|hz|percent|ms)(_|$)/);
    }
  });

  it('label plant, inverter, string and radio families with serial, name and string only', () => {
    const extra: Record<string, string> = {
      dtu_inverter_info: 'model',
      dtu_string_info: 'string_name',
      dtu_radio_results_total: 'result',
      dtu_radio_frequency_state: 'state',
    };
    const scopes = ['plant', 'inverter', 'string', 'radio'];
    const scoped = samples.filter((s) => s.name.startsWith('dtu_') && scopes.includes(s.name.split('_')[1]!));
    expect(scoped.length).toBeGreaterThan(50);
    for (const sample of scoped) {
      const keys = Object.keys(sample.labels);
      const scope = sample.name.split('_')[1];
      const expected =
        scope === 'plant' ? [] : scope === 'string' ? ['serial', 'name', 'string'] : ['serial', 'name'];
      const allowed = extra[sample.name];
      expect(keys, sample.name).toEqual(allowed ? [...expected, allowed] : expected);
    }
  });

  it("show each HMS/HMT's frequency recovery as an enum of its state, and no series for an HM", () => {
    const states = samples.filter(
      (s) => s.name === 'dtu_radio_frequency_state' && s.labels.serial === HMS2000,
    );
    expect(states.map((s) => [s.labels.state, s.value])).toEqual([
      ['on_frequency', 1],
      ['searching', 0],
      ['found', 0],
      ['not_found', 0],
    ]);
    expect(
      samples.filter((s) => s.name === 'dtu_radio_frequency_state' && s.labels.serial === HM800),
    ).toEqual([]);
    // Never found off the DTU frequency: no found frequency.
    expect(samples.filter((s) => s.name === 'dtu_radio_frequency_found_hertz')).toEqual([]);
  });

  it('show the limiter (an enum of its state), the meter and the alerts each rule opened', async () => {
    const states = samples.filter((s) => s.name === 'dtu_limiter_state');
    expect(states.map((s) => [s.labels.state, s.value])).toEqual([
      ['off', 1],
      ['waiting_for_meter', 0],
      ['regulating', 0],
      ['fallback', 0],
      ['no_inverters', 0],
      ['waiting_for_signal', 0],
    ]);
    // Cap and signal off: none of their families.
    expect(samples.filter((s) => /^dtu_(grid_signal|feed_in)_|export_limit/.test(s.name))).toEqual([]);
    expect(one('dtu_limiter_enabled')).toBe(0);
    expect(one('dtu_limiter_target_watts')).toBe(0);
    expect(one('dtu_limiter_persistent_commands_total')).toBe(0);
    // No inverter governed: no per-inverter limiter series yet.
    expect(samples.filter((s) => s.name.startsWith('dtu_limiter_inverter_'))).toEqual([]);
    expect(samples.filter((s) => s.name === 'dtu_limiter_commands_total')).toEqual([]);
    // The default simulated meter is configured and fresh.
    const meter = (await get(env.gateway, '/api/powermeter/status', null)).json() as { power: number };
    expect(one('dtu_meter_up')).toBe(1);
    expect(one('dtu_meter_power_watts')).toBe(meter.power);
    expect(one('dtu_meter_reading_age_seconds')).toBeLessThanOrEqual(1);
    expect(one('dtu_limiter_grid_power_watts')).toBe(meter.power);
    const opened = samples.filter((s) => s.name === 'dtu_alerts_opened_total');
    expect(opened.map((s) => [s.labels, s.value])).toEqual(
      ['unreachable', 'string', 'alarm', 'radio', 'meter', 'limiter', 'grid_signal_lost', 'grid_signal'].map(
        (rule) => [{ rule }, 0],
      ),
    );
    const plantWide = samples.filter(
      (s) => /^dtu_(limiter|meter)_/.test(s.name) && !s.name.startsWith('dtu_limiter_inverter_'),
    );
    const enumLabel: Record<string, string> = { dtu_limiter_state: 'state', dtu_limiter_mode: 'mode' };
    for (const sample of plantWide) {
      const label = enumLabel[sample.name];
      expect(Object.keys(sample.labels), sample.name).toEqual(label ? [label] : []);
    }
    // The run-time mode: normal after a start. No inverter is battery-fed: no battery rule.
    expect(samples.filter((s) => s.name === 'dtu_limiter_mode').map((s) => [s.labels.mode, s.value])).toEqual(
      [
        ['normal', 1],
        ['off', 0],
        ['full_passthrough', 0],
      ],
    );
    expect(samples.filter((s) => s.name.startsWith('dtu_limiter_battery_'))).toEqual([]);
  });

  it('carry the same values as the OpenDTU families and the live data, energy in joules', async () => {
    const status = JSON.parse((await get(env.gateway, '/api/livedata/status', null)).body) as {
      total: { Power: { v: number }; YieldDay: { v: number }; YieldTotal: { v: number } };
    };
    expect(one('dtu_plant_ac_power_watts')).toBeCloseTo(status.total.Power.v, 6);
    expect(one('dtu_plant_ac_power_watts')).toBeGreaterThan(0);
    expect(one('dtu_plant_energy_today_joules')).toBe(Math.round(status.total.YieldDay.v * 3600));
    expect(one('dtu_plant_energy_joules_total')).toBe(Math.round(status.total.YieldTotal.v * 3_600_000));
    expect(one('dtu_plant_inverters')).toBe(2);
    expect(one('dtu_plant_inverters_reachable')).toBe(2);
    expect(one('dtu_plant_daylight')).toBe(1);

    const old = (name: string, labels: Record<string, string>) => one(`opendtu_${name}`, labels);
    for (const serial of [HM800, HMS2000]) {
      const ac = { serial, type: 'AC', channel: '0' };
      const inv = { serial, type: 'INV', channel: '0' };
      expect(one('dtu_inverter_ac_power_watts', { serial })).toBe(old('Power', ac));
      expect(one('dtu_inverter_ac_voltage_volts', { serial })).toBe(old('Voltage', ac));
      expect(one('dtu_inverter_dc_power_watts', { serial })).toBe(old('PowerDC', inv));
      expect(one('dtu_inverter_temperature_celsius', { serial })).toBe(old('Temperature', inv));
      expect(one('dtu_inverter_energy_today_joules', { serial })).toBe(old('YieldDay', inv) * 3600);
      expect(one('dtu_inverter_energy_joules_total', { serial })).toBe(
        Math.round(old('YieldTotal', inv) * 3_600_000),
      );
      expect(one('dtu_inverter_efficiency_ratio', { serial })).toBeCloseTo(old('Efficiency', inv) / 100, 5);
      expect(one('dtu_inverter_limit_ratio', { serial })).toBe(old('inverter_limit_relative', { serial }));
      expect(one('dtu_inverter_reachable', { serial })).toBe(1);
      expect(one('dtu_inverter_producing', { serial })).toBe(1);
      expect(one('dtu_inverter_last_update_timestamp_seconds', { serial })).toBeGreaterThan(1.7e9);
      for (const string of ['0', '1']) {
        const dc = { serial, type: 'DC', channel: string };
        expect(one('dtu_string_power_watts', { serial, string })).toBe(old('Power', dc));
        expect(one('dtu_string_energy_today_joules', { serial, string })).toBe(old('YieldDay', dc) * 3600);
        expect(one('dtu_string_max_power_watts', { serial, string })).toBe(
          old('MaxPower', { serial, channel: string }),
        );
      }
    }
    expect(
      samples.filter((s) => s.name === 'dtu_string_power_watts' && s.labels.serial === HMS2000),
    ).toHaveLength(4);
    expect(
      samples.find((s) => s.name === 'dtu_string_info' && s.labels.serial === HM800)?.labels,
    ).toMatchObject({
      string: '0',
      string_name: 'South',
    });
  });

  it('count the radio requests and their results per inverter', () => {
    for (const serial of [HM800, HMS2000]) {
      const requests = one('dtu_radio_requests_total', { serial });
      expect(requests).toBeGreaterThan(0);
      const results = ['success', 'nothing', 'partial', 'corrupt'].map((result) =>
        one('dtu_radio_results_total', { serial, result }),
      );
      expect(results[0]).toBeGreaterThan(0);
      expect(results.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(requests);
      // The simulated radio reports no signal strength: absent, never the "none" placeholder.
      for (const rssi of samples.filter((s) => s.name === 'dtu_radio_rssi_dbm')) {
        expect(rssi.value).toBeGreaterThan(-127);
      }
    }
  });

  it('leave out what is not known: measurements before the first answer, daylight when not given', async () => {
    const live = env.gateway.ctx.plant.live;
    const first = live.inverters()[0]!;
    live.setInverter({ ...first, hasData: false, lastUpdateEpochMs: 0, limitKnown: false }, 'status');
    const { samples: now } = parseExposition(renderMetrics(globalFacts(), live));
    const of = (name: string) => now.filter((s) => s.name === name && s.labels.serial === first.serial);
    expect(of('dtu_inverter_ac_power_watts')).toEqual([]);
    expect(of('dtu_string_power_watts')).toEqual([]);
    expect(of('dtu_inverter_limit_ratio')).toEqual([]);
    expect(of('dtu_inverter_last_update_timestamp_seconds')).toEqual([]);
    expect(of('dtu_inverter_reachable')).toHaveLength(1);
    expect(of('dtu_string_info')).toHaveLength(2);
    expect(now.find((s) => s.name === 'dtu_plant_daylight')?.value).toBe(0);
  });
});
