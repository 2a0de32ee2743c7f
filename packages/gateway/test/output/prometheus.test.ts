import { channel } from '@dtu-console/contract/inverter/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeLabelValue, type GlobalFacts, renderMetrics } from '../../src/output/prometheus';
import { HM800, HMS800 } from '../engine/harness';
import { expectAuthMatrix, get } from '../helpers/api';
import { parseExposition } from '../helpers/exposition';
import { vectorPlant } from '../helpers/live-states';
import {
  HM800 as HM_800,
  HMS2000 as HMS_2000,
  type PlantGateway,
  plantGateway,
} from '../helpers/plant-gateway';

const FACTS: GlobalFacts = {
  hostname: 'dtu-host',
  gitHash: 'gabc1234',
  configVersion: '1.0.0',
  arch: 'Test CPU "quoted"',
  mac: 'AA:BB:CC:DD:EE:FF',
  uptimeS: 86400,
  heap: { size: 1000, free: 400, biggestBlock: 300, minFree: 200 },
  wifi: { rssi: 0, bssid: '' },
};

/** An HM-800 with data and named strings (one with a quote and a backslash), and a silent HMS-800. */
function plant() {
  return vectorPlant({ name: 'Garage "roof" \\ west', channels: [channel('South', 410, 1.5), channel('')] });
}

describe('exposition checker (test helper)', () => {
  it('accepts a valid exposition', () => {
    const parsed = parseExposition(
      '# HELP a_total help\n# TYPE a_total counter\na_total{x="1",y="q\\"\\\\\\n"} 1.5\na_total{x="2"} NaN\n',
    );
    expect(parsed.samples.map((s) => s.labels)).toEqual([{ x: '1', y: 'q"\\\n' }, { x: '2' }]);
  });

  it.each([
    ['a sample without TYPE', 'a 1\n'],
    ['an undeclared family between groups', '# TYPE a gauge\na 1\n# TYPE b gauge\nb 1\na{x="1"} 2\n'],
    ['a second TYPE', '# TYPE a gauge\n# TYPE a gauge\na 1\n'],
    ['a non-numeric value', '# TYPE a gauge\na 1,5\n'],
    ['an unescaped quote', '# TYPE a gauge\na{x="q"q"} 1\n'],
    ['a bad escape', '# TYPE a gauge\na{x="\\t"} 1\n'],
    ['a bad label name', '# TYPE a gauge\na{1x="1"} 1\n'],
    ['a duplicate series', '# TYPE a gauge\na{x="1"} 1\na{x="1"} 2\n'],
    ['no final line feed', '# TYPE a gauge\na 1'],
    ['an unknown type', '# TYPE a number\na 1\n'],
  ])('rejects %s', (_what, text) => {
    expect(() => parseExposition(text)).toThrow();
  });
});

describe('renderMetrics', () => {
  it('is valid exposition format: every sample declared, families grouped, labels escaped, values numeric', async () => {
    const h = await plant();
    const text = renderMetrics(FACTS, h.live);
    const { families } = parseExposition(text);
    for (const family of families.values()) {
      expect(family.type, family.name).toMatch(/^(gauge|counter)$/);
      expect(family.help, family.name).toBeTruthy();
    }
    expect(text).toContain('name="Garage \\"roof\\" \\\\ west"');
    expect(text).toContain('arch="Test CPU \\"quoted\\""');
  });

  it('has the global metrics with their labels and types', async () => {
    const h = await plant();
    const { families } = parseExposition(renderMetrics(FACTS, h.live));
    const one = (name: string) => {
      const family = families.get(name);
      expect(family?.samples.length, name).toBe(1);
      return family!;
    };
    expect(one('opendtu_build').samples[0]!.labels).toEqual({
      name: 'dtu-host',
      id: 'gabc1234',
      version: '1.0.0',
    });
    expect(one('opendtu_platform').samples[0]!.labels).toEqual({
      arch: 'Test CPU "quoted"',
      mac: 'AA:BB:CC:DD:EE:FF',
    });
    expect(one('opendtu_uptime').type).toBe('counter');
    expect(one('opendtu_uptime').samples[0]!.raw).toBe('86400');
    expect(one('opendtu_heap_size').samples[0]!.value).toBe(1000);
    expect(one('opendtu_free_heap_size').samples[0]!.value).toBe(400);
    expect(one('opendtu_biggest_heap_block').samples[0]!.value).toBe(300);
    expect(one('opendtu_heap_min_free').samples[0]!.value).toBe(200);
    expect(one('wifi_rssi').samples[0]!.value).toBe(0);
    expect(one('wifi_station').samples[0]!.labels).toEqual({ bssid: '' });
  });

  it('has per-inverter metrics with unit = position, %f limits, and absolute limit only with a known rating', async () => {
    const h = await plant();
    const { families } = parseExposition(renderMetrics(FACTS, h.live));
    const name = 'Garage "roof" \\ west';
    const relative = families.get('opendtu_inverter_limit_relative')!.samples;
    expect(relative.map((s) => [s.labels, s.raw])).toEqual([
      [{ serial: HM800, unit: '0', name }, '1.000000'],
      [{ serial: HMS800, unit: '1', name: 'Shed' }, '0.000000'],
    ]);
    const absolute = families.get('opendtu_inverter_limit_absolute')!.samples;
    expect(absolute.map((s) => [s.labels.serial, s.raw])).toEqual([[HM800, '800.000000']]);
    const lastUpdate = families.get('opendtu_last_update')!.samples;
    expect(lastUpdate[0]!.value).toBeGreaterThanOrEqual(0);
    expect(lastUpdate[1]).toMatchObject({ labels: { serial: HMS800 }, value: 0 });
  });

  it('has channel metrics only for inverters with data, in AC, DC, INV order with the field decimals', async () => {
    const h = await plant();
    const { samples } = parseExposition(renderMetrics(FACTS, h.live));
    const channelSamples = samples.filter((s) => s.labels.channel !== undefined);
    expect(channelSamples.every((s) => s.labels.serial === HM800)).toBe(true);
    const value = (metric: string, type: string | undefined, channel: string) =>
      samples.find((s) => s.name === metric && s.labels.type === type && s.labels.channel === channel)?.raw;
    expect(value('opendtu_Power', 'AC', '0')).toBe('455.1');
    expect(value('opendtu_Current', 'AC', '0')).toBe('1.97');
    expect(value('opendtu_PowerFactor', 'AC', '0')).toBe('0.998');
    expect(value('opendtu_ReactivePower', 'AC', '0')).toBe('-2.3');
    expect(value('opendtu_Power', 'DC', '1')).toBe('238.0');
    expect(value('opendtu_YieldDay', 'DC', '0')).toBe('1234');
    expect(value('opendtu_YieldTotal', 'DC', '0')).toBe('1569.391');
    // Irradiation always present for DC here: 0 without a max power.
    expect(value('opendtu_Irradiation', 'DC', '0')).toBe('58.439');
    expect(value('opendtu_Irradiation', 'DC', '1')).toBe('0.000');
    expect(value('opendtu_PowerDC', 'INV', '0')).toBe('477.6');
    expect(value('opendtu_Temperature', 'INV', '0')).toBe('41.3');
    expect(value('opendtu_Efficiency', 'INV', '0')).toMatch(/^\d+\.\d{3}$/);
    const panel = samples.filter((s) => s.name === 'opendtu_PanelInfo');
    expect(panel.map((s) => s.labels)).toEqual([
      { serial: HM800, unit: '0', name: 'Garage "roof" \\ west', channel: '0', panelname: 'South' },
      { serial: HM800, unit: '0', name: 'Garage "roof" \\ west', channel: '1', panelname: '' },
    ]);
    expect(samples.filter((s) => s.name === 'opendtu_MaxPower').map((s) => s.raw)).toEqual(['410', '0']);
    expect(samples.filter((s) => s.name === 'opendtu_YieldTotalOffset').map((s) => s.raw)).toEqual([
      '1.500000',
      '0.000000',
    ]);
    // Measurement order per inverter: AC first, then DC 0..n, then INV.
    const types = channelSamples.filter((s) => s.labels.type !== undefined && s.name === 'opendtu_YieldDay');
    expect(types.map((s) => `${s.labels.type}${s.labels.channel}`)).toEqual(['DC0', 'DC1', 'INV0']);
    expect(samples.some((s) => s.name === 'opendtu_Power DC' || s.name.includes(' '))).toBe(false);
  });

  it('escapes label values', () => {
    expect(escapeLabelValue('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
  });
});

describe('GET /api/prometheus/metrics', () => {
  let env: PlantGateway;
  beforeAll(async () => {
    env = await plantGateway();
    await env.advance(60_000);
  });
  afterAll(() => env.cleanup());

  it('answers text exposition format 0.0.4 with no-cache, valid for the checker, with every inverter', async () => {
    const response = await get(env.gateway, '/api/prometheus/metrics', null);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const { families, samples } = parseExposition(response.body);
    for (const name of [
      'opendtu_build',
      'opendtu_platform',
      'opendtu_uptime',
      'opendtu_heap_size',
      'opendtu_free_heap_size',
      'opendtu_biggest_heap_block',
      'opendtu_heap_min_free',
      'wifi_rssi',
      'wifi_station',
      'opendtu_last_update',
      'opendtu_inverter_limit_relative',
      'opendtu_inverter_limit_absolute',
      'opendtu_PanelInfo',
      'opendtu_MaxPower',
      'opendtu_YieldTotalOffset',
      'opendtu_Power',
      'opendtu_PowerDC',
      'opendtu_Irradiation',
    ]) {
      expect(families.has(name), name).toBe(true);
    }
    expect(families.get('opendtu_build')!.samples[0]!.labels).toMatchObject({ id: 'gabc1234' });
    const power = samples.filter((s) => s.name === 'opendtu_Power' && s.labels.type === 'AC');
    expect(power.map((s) => [s.labels.serial, s.labels.unit])).toEqual([
      [HM_800, '0'],
      [HMS_2000, '1'],
    ]);
    // HMS-2000-4T: four DC channels.
    expect(samples.filter((s) => s.name === 'opendtu_MaxPower' && s.labels.serial === HMS_2000).length).toBe(
      4,
    );
  });

  it('is read-only', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/prometheus/metrics', level: 'readonly' },
    ]);
  });
});
