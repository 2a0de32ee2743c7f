/**
 * What ships for Prometheus and Grafana users: deploy/prometheus/alerts.yml (checked and unit-tested with
 * promtool) and deploy/grafana/dashboard.json, both written over the metric names the gateway exposes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { metricFamilyNames } from '../../src/output/prometheus-families';
import { get } from '../helpers/api';
import { parseExposition } from '../helpers/exposition';
import { plantGateway } from '../helpers/plant-gateway';
import { MISSING_PROMETHEUS, PROMTOOL, promtool } from '../helpers/prometheus-tools';

const DEPLOY = join(import.meta.dirname, '../../../../deploy');
const RULES_DIR = join(DEPLOY, 'prometheus');
const DASHBOARD = join(DEPLOY, 'grafana/dashboard.json');

/** `ALERTS` is Prometheus' own series of the shipped rules. */
const PROMETHEUS_OWN = ['ALERTS'];

/**
 * Families the dashboard leaves out on purpose. The OpenDTU-compatible `opendtu_*` set repeats what the
 * `dtu_*` families carry, for OpenDTU's own dashboards; the persistent-command counter is always 0 (the
 * limiter sends none; it is kept as proof, and an alert would be the place for it).
 */
const UNPLOTTED: Record<string, string> = {
  dtu_limiter_persistent_commands_total: 'always 0: the limiter sends no persistent limits',
  wifi_rssi: "OpenDTU's own set: the host's Wi-Fi signal (0 on a cable), for OpenDTU's dashboards",
  wifi_station: "OpenDTU's own set: the host's access point, for OpenDTU's dashboards",
};
const UNPLOTTED_PREFIX = 'opendtu_';

/** Metric names in a PromQL expression (not functions, keywords or label names). */
function metricNames(expr: string): string[] {
  const withoutStrings = expr.replace(/"[^"]*"/g, '""');
  const withoutLabels = withoutStrings.replace(/\{[^}]*\}/g, '{}').replace(/\[[^\]]*\]/g, '[]');
  const withoutGrouping = withoutLabels.replace(
    /\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g,
    '',
  );
  return (withoutGrouping.match(/\b(dtu_[a-z0-9_]+|opendtu_[A-Za-z0-9_]+|ALERTS)\b(?!\s*\()/g) ?? []).filter(
    (name, index, all) => all.indexOf(name) === index,
  );
}

let exposed: Set<string>;

beforeAll(async () => {
  const env = await plantGateway();
  try {
    await env.advance(60_000);
    const text = (await get(env.gateway, '/api/prometheus/metrics', null)).body;
    // Everything in a scrape, and the declared families that may be absent from this one (no RSSI yet).
    exposed = new Set([...parseExposition(text).families.keys(), ...metricFamilyNames()]);
  } finally {
    await env.cleanup();
  }
}, 60_000);

describe('deploy/prometheus/alerts.yml', () => {
  const rulesText = readFileSync(join(RULES_DIR, 'alerts.yml'), 'utf8');

  it.skipIf(!PROMTOOL)(`is valid for promtool (${PROMTOOL ? 'promtool' : MISSING_PROMETHEUS})`, () => {
    const run = promtool(['check', 'rules', join(RULES_DIR, 'alerts.yml')]);
    expect(`${run.stdout}${run.stderr}`).toContain('SUCCESS: 9 rules found');
    expect(run.status).toBe(0);
  });

  it.skipIf(!PROMTOOL)('passes its unit tests (promtool test rules alerts.test.yml)', () => {
    const run = promtool(['test', 'rules', join(RULES_DIR, 'alerts.test.yml')]);
    expect(`${run.stdout}${run.stderr}`).toContain('SUCCESS');
    expect(run.status, run.stdout + run.stderr).toBe(0);
  });

  it('has the gateway rules over metric names the gateway exposes', () => {
    const alerts = [...rulesText.matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
    expect(alerts).toEqual([
      'DtuInverterUnreachableInDaylight',
      'DtuStringUnderperforming',
      'DtuRadioLoss',
      'DtuMeterStale',
      'DtuLimiterFallback',
      'DtuBatteryLow',
      'DtuBatteryAlarm',
      'DtuBatteryStale',
      'DtuLimiterStoppedByBattery',
    ]);
    const exprs = [...rulesText.matchAll(/expr: \|\n((?: {10}.*\n)+)/g)].map((m) => m[1]!);
    expect(exprs).toHaveLength(alerts.length);
    for (const expr of exprs) {
      const names = metricNames(expr);
      expect(names.length, expr).toBeGreaterThan(0);
      for (const name of names) expect(exposed.has(name), name).toBe(true);
    }
  });
});

interface Target {
  expr?: string;
}
interface Panel {
  type: string;
  title: string;
  targets?: Target[];
}

describe('deploy/grafana/dashboard.json', () => {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
    uid: string;
    panels: Panel[];
    templating: {
      list: { name: string; type: string; query?: unknown; multi?: boolean; includeAll?: boolean }[];
    };
  };
  const exprs = dashboard.panels.flatMap((panel) =>
    (panel.targets ?? []).map((target) => ({ panel: panel.title, expr: target.expr ?? '' })),
  );

  it('has an instance variable over the gateways, several selectable', () => {
    const variable = dashboard.templating.list.find((v) => v.name === 'instance');
    expect(variable).toMatchObject({ type: 'query', multi: true, includeAll: true });
    const query = JSON.stringify(variable?.query);
    expect(query).toMatch(/label_values\((\w+), instance\)/);
    const name = /label_values\((\w+), instance\)/.exec(query)![1]!;
    expect(exposed.has(name), name).toBe(true);
  });

  it('reads only metric names the gateway exposes', () => {
    expect(exprs.length).toBeGreaterThan(10);
    for (const { panel, expr } of exprs) {
      const names = metricNames(expr);
      expect(names.length, `${panel}: ${expr}`).toBeGreaterThan(0);
      for (const name of names) {
        const known = exposed.has(name) || PROMETHEUS_OWN.includes(name);
        expect(known, `${panel}: ${name}`).toBe(true);
      }
    }
  });

  it('filters every selector by $instance', () => {
    for (const { panel, expr } of exprs) {
      const selectors = expr.match(/\b(?:dtu_[a-z0-9_]+|opendtu_[A-Za-z0-9_]+|ALERTS)\b(\{[^}]*\})?/g) ?? [];
      for (const selector of selectors) {
        expect(selector, `${panel}: ${expr}`).toContain('instance=~"$instance"');
      }
    }
  });

  it('shows plant, inverter and string power, yields, radio quality, alerts and the limiter', () => {
    const used = new Set(exprs.flatMap(({ expr }) => metricNames(expr)));
    for (const name of [
      'dtu_plant_ac_power_watts',
      'dtu_inverter_ac_power_watts',
      'dtu_string_power_watts',
      'dtu_plant_energy_today_joules',
      'dtu_plant_energy_joules_total',
      'dtu_inverter_energy_today_joules',
      'dtu_string_energy_today_joules',
      'dtu_radio_results_total',
      'dtu_radio_requests_total',
      'dtu_radio_rssi_dbm',
      'dtu_alert_active',
      'dtu_limiter_grid_power_watts',
      'dtu_limiter_target_watts',
      'dtu_limiter_inverter_limit_watts',
      'dtu_limiter_state',
    ]) {
      expect(used.has(name), name).toBe(true);
    }
  });

  it('plots every family the gateway exports, or lists it as left out on purpose', () => {
    const used = new Set(exprs.flatMap(({ expr }) => metricNames(expr)));
    const missing = [...exposed].filter(
      (name) => !used.has(name) && !(name in UNPLOTTED) && !name.startsWith(UNPLOTTED_PREFIX),
    );
    expect(missing).toEqual([]);
    // The list names only families that exist and are really left out.
    for (const name of Object.keys(UNPLOTTED)) {
      expect(exposed.has(name), name).toBe(true);
      expect(used.has(name), name).toBe(false);
    }
  });

  it('tells the metric-name extraction apart from functions and labels (the checks above are real)', () => {
    expect(
      metricNames(
        'sum by (instance) (rate(dtu_radio_results_total{result="success"}[5m])) / dtu_x{a="dtu_y"}',
      ),
    ).toEqual(['dtu_radio_results_total', 'dtu_x']);
  });
});
