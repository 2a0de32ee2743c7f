/**
 * The metric families OpenDTU prints, with its names, labels, types and value formats, so existing scrape
 * configs and dashboards keep working. Two deliberate differences make the output valid text exposition
 * format 0.0.4, which the reference's is not:
 * - every metric family is one group (HELP, TYPE, then all its samples across inverters and channels);
 *   the reference interleaves `opendtu_Power` of AC and DC channels with other metrics;
 * - label values are escaped (`\\`, `\"`, `\n`), so an inverter or string name with a quote cannot break
 *   the scrape; every family gets HELP and TYPE lines.
 * Scrapers match by name and labels, never by line order, so both are invisible to them. The names break
 * Prometheus' naming rules (camelCase, `opendtu_uptime` a counter without `_total`); the families beside
 * them in prometheus-families.ts follow the rules (docs/metrics.md).
 */
import type { LiveModel } from '../engine/live-model';
import { AC_FIELDS, channelsOf, DC_FIELDS, hasField, INV_FIELDS, type LiveField, roundTo } from './fields';
import { type Exposition, type Labels, num } from './prometheus-exposition';

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

/** OpenDTU's families: global facts, then per inverter and channel from the field catalogue. */
export function addOpenDtuMetrics(out: Exposition, facts: GlobalFacts, live: LiveModel): void {
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

    const measure = (field: LiveField, channel: number) => {
      if (!hasField(inv, field)) return;
      out.add(
        `opendtu_${field.compactName}`,
        field.unit === '' ? field.name : `in ${field.unit}`,
        'gauge',
        [...base, ['type', field.kind], ['channel', String(channel)]],
        num(roundTo(field.read(inv, channel), field.digits), field.digits),
      );
    };
    for (const field of AC_FIELDS) measure(field, 0);
    for (const channel of channelsOf(inv, 'DC')) {
      const config = inv.channels[channel];
      const channelLabels: Labels = [...base, ['channel', String(channel)]];
      out.add(
        'opendtu_PanelInfo',
        'String name',
        'gauge',
        [...channelLabels, ['panelname', config?.name ?? '']],
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
      // Irradiation is always present here (0 without a configured max power), unlike in the live data.
      for (const field of DC_FIELDS) measure(field, channel);
    }
    for (const field of INV_FIELDS) measure(field, 0);
  });
}
