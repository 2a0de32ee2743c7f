/**
 * GET /api/prometheus/metrics (api.md §7.6): metric names, labels, types and value formats as OpenDTU
 * prints them, so existing scrape configs and dashboards keep working. Two deliberate differences make the
 * output valid text exposition format 0.0.4, which the reference's is not:
 * - every metric family is one group (HELP, TYPE, then all its samples across inverters and channels);
 *   the reference interleaves `opendtu_Power` of AC and DC channels with other metrics;
 * - label values are escaped (`\\`, `\"`, `\n`), so an inverter or string name with a quote cannot break
 *   the scrape; every family gets HELP and TYPE lines.
 * Scrapers match by name and labels, never by line order, so both are invisible to them.
 */
import type { ValueUnit } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { CONFIG_VERSION } from '../config/version';
import type { GatewayContext } from '../context';
import { inverterDetailJson, type LiveModel } from '../engine';
import { readHostFacts } from '../system/host';
import { readNetworkFacts } from '../system/network-facts';

export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

type MetricType = 'gauge' | 'counter';
type Labels = readonly (readonly [name: string, value: string])[];

/** Label value escaping of the text format: backslash, double quote and line feed. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text escaping: backslash and line feed. */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** Collects samples per metric family (in first-use order) and prints each family as one group. */
export class Exposition {
  readonly #families = new Map<string, { help: string; type: MetricType; samples: string[] }>();

  add(name: string, help: string, type: MetricType, labels: Labels, value: string): void {
    let family = this.#families.get(name);
    if (!family) {
      family = { help, type, samples: [] };
      this.#families.set(name, family);
    }
    const labelText =
      labels.length === 0 ? '' : `{${labels.map(([k, v]) => `${k}="${escapeLabelValue(v)}"`).join(',')}}`;
    family.samples.push(`${name}${labelText} ${value}`);
  }

  text(): string {
    const lines: string[] = [];
    for (const [name, family] of this.#families) {
      lines.push(
        `# HELP ${name} ${escapeHelp(family.help)}`,
        `# TYPE ${name} ${family.type}`,
        ...family.samples,
      );
    }
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  }
}

/** A number as the text format reads it; `digits` fixes the decimals (`%f` is 6). */
function num(value: number, digits?: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  return digits === undefined ? String(value) : value.toFixed(digits);
}

export interface GlobalFacts {
  hostname: string;
  gitHash: string;
  /** config.json format version (`opendtu_build{version}`). */
  configVersion: string;
  /** CPU model (the reference's chip model). */
  arch: string;
  mac: string;
  uptimeS: number;
  heap: { size: number; free: number; biggestBlock: number; minFree: number };
  wifi: { rssi: number; bssid: string };
}

/** Live-data field key → metric name: `Power DC` loses its space (api.md §7.6). */
const metricField = (key: string) => key.replace(/ /g, '');

function isValueUnit(value: unknown): value is ValueUnit {
  return typeof value === 'object' && value !== null && 'v' in value && 'd' in value;
}

/** The measurement fields of a live-data channel, in wire order (a DC channel's `name` is not one). */
function measurements(channel: object): [string, ValueUnit][] {
  return Object.entries(channel).filter((entry): entry is [string, ValueUnit] => isValueUnit(entry[1]));
}

/** The whole exposition: global facts, then per inverter and channel from the live model. */
export function renderMetrics(facts: GlobalFacts, live: LiveModel): string {
  const out = new Exposition();
  out.add(
    'opendtu_build',
    'Gateway name, git revision and config format version',
    'gauge',
    [
      ['name', facts.hostname],
      ['id', facts.gitHash],
      ['version', facts.configVersion],
    ],
    '1',
  );
  out.add(
    'opendtu_platform',
    'Platform information',
    'gauge',
    [
      ['arch', facts.arch],
      ['mac', facts.mac],
    ],
    '1',
  );
  out.add('opendtu_uptime', 'Gateway uptime in seconds', 'counter', [], num(facts.uptimeS));
  out.add('opendtu_heap_size', 'JavaScript heap size in bytes', 'gauge', [], num(facts.heap.size));
  out.add('opendtu_free_heap_size', 'Free JavaScript heap in bytes', 'gauge', [], num(facts.heap.free));
  out.add(
    'opendtu_biggest_heap_block',
    'Most room left in one heap space in bytes',
    'gauge',
    [],
    num(facts.heap.biggestBlock),
  );
  out.add('opendtu_heap_min_free', 'Lowest free heap seen in bytes', 'gauge', [], num(facts.heap.minFree));
  out.add(
    'wifi_rssi',
    'Wi-Fi signal strength in dBm (0 when not on Wi-Fi)',
    'gauge',
    [],
    num(facts.wifi.rssi),
  );
  out.add('wifi_station', 'Wi-Fi access point', 'gauge', [['bssid', facts.wifi.bssid]], '1');

  live.inverters().forEach((inv, position) => {
    const base: Labels = [
      ['serial', inv.serial],
      ['unit', String(position)],
      ['name', inv.name],
    ];
    out.add(
      'opendtu_last_update',
      'Gateway uptime in seconds at the last statistics update (0 = never)',
      'gauge',
      base,
      num(Math.floor(live.uptimeAtMs(inv.lastUpdateMonoMs) / 1000)),
    );
    out.add(
      'opendtu_inverter_limit_relative',
      'Current active power limit as a fraction 0..1',
      'gauge',
      base,
      num(inv.limitRelative / 100, 6),
    );
    if (inv.limitAbsoluteW !== null) {
      out.add(
        'opendtu_inverter_limit_absolute',
        'Current active power limit in W',
        'gauge',
        base,
        num(inv.limitAbsoluteW, 6),
      );
    }
    if (!inv.hasData) return;

    const detail = inverterDetailJson(live, inv);
    const measure = (type: 'AC' | 'DC' | 'INV', channel: string, key: string, field: ValueUnit) => {
      const name = `opendtu_${metricField(key)}`;
      out.add(
        name,
        field.u === '' ? key : `in ${field.u}`,
        'gauge',
        [...base, ['type', type], ['channel', channel]],
        num(field.v, field.d),
      );
    };
    for (const [channel, fields] of Object.entries(detail.AC)) {
      for (const [key, field] of measurements(fields)) measure('AC', channel, key, field);
    }
    for (const [channel, fields] of Object.entries(detail.DC)) {
      const config = inv.channels[Number(channel)];
      const channelLabels: Labels = [...base, ['channel', channel]];
      out.add(
        'opendtu_PanelInfo',
        'String name',
        'gauge',
        [...channelLabels, ['panelname', fields.name.u]],
        '1',
      );
      out.add(
        'opendtu_MaxPower',
        'Configured string peak power in W',
        'gauge',
        channelLabels,
        num(config?.maxPowerW ?? 0),
      );
      out.add(
        'opendtu_YieldTotalOffset',
        'Configured string yield total offset in kWh',
        'gauge',
        channelLabels,
        num(config?.yieldTotalOffsetKWh ?? 0, 6),
      );
      for (const [key, field] of measurements(fields)) {
        if (key !== 'Irradiation') measure('DC', channel, key, field);
      }
      // Always present here (0 without a configured max power), unlike the live data; its `max` is no label.
      const irradiation = fields.Irradiation;
      measure('DC', channel, 'Irradiation', irradiation ?? { v: 0, u: '%', d: 3 });
    }
    for (const [channel, fields] of Object.entries(detail.INV)) {
      for (const [key, field] of measurements(fields)) measure('INV', channel, key, field);
    }
  });
  return out.text();
}

/** Host and build facts of this run. */
export async function globalFacts(ctx: GatewayContext): Promise<GlobalFacts> {
  const [host, network] = await Promise.all([readHostFacts(ctx.options.dataDir), readNetworkFacts()]);
  return {
    hostname: network.hostname,
    gitHash: ctx.build.gitHash,
    configVersion: CONFIG_VERSION,
    arch: host.cpuModel,
    mac: network.mac,
    uptimeS: Math.floor((performance.now() - ctx.startedAt) / 1000),
    heap: {
      size: host.heap.total,
      free: host.heap.total - host.heap.used,
      biggestBlock: host.heap.maxBlock,
      minFree: Math.min(ctx.heap.sample(), host.heap.total - host.heap.used),
    },
    // The host's Wi-Fi BSSID is not readable without extra tools (see routes/network.ts): "".
    wifi: { rssi: network.wireless ? network.rssi : 0, bssid: '' },
  };
}

export const prometheusRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/prometheus/metrics',
    { config: { auth: 'readonly', summary: 'Prometheus metrics', produces: 'text/plain' } },
    async (_request, reply) => {
      const text = renderMetrics(await globalFacts(ctx), ctx.plant.live);
      return reply
        .header('Content-Type', PROMETHEUS_CONTENT_TYPE)
        .header('Cache-Control', 'no-cache')
        .send(text);
    },
  );
};
