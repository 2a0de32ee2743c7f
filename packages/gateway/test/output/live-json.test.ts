import { channel } from '@dtu-console/contract/inverter/fixtures';
import { eventLogEntryFromUtc } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import {
  devinfoStatusJson,
  eventlogStatusJson,
  gridprofileRawJson,
  gridprofileStatusJson,
  type inverterDetailJson,
  limitStatusJson,
  livedataMessageJson,
  livedataStatusJson,
  powerStatusJson,
  roundTo,
} from '../../src/output/live-json';
import { HM800, HMS800 } from '../engine/harness';
import { vectorPlant } from '../helpers/live-states';

const SUMMARY_KEYS = [
  'serial',
  'name',
  'order',
  'data_age',
  'data_age_ms',
  'poll_enabled',
  'reachable',
  'producing',
  'limit_relative',
  'limit_absolute',
  'radio_stats',
];
const STATS_KEYS = [
  'tx_request',
  'tx_re_request',
  'rx_success',
  'rx_fail_nothing',
  'rx_fail_partial',
  'rx_fail_corrupt',
  'rssi',
];

/** The worked example of docs/protocol.md (HM-800, test vector 2 of runtime-fields.json). */
function workedExample() {
  return vectorPlant({
    name: 'Garage roof',
    channels: [channel('South', 400), channel('')],
    eventLog: [eventLogEntryFromUtc(1, 22530, null), eventLogEntryFromUtc(143, 47110, 47260)],
  });
}

describe('GET /api/livedata/status JSON', () => {
  it('lists every inverter with the summary fields only, in slot order, with total and hints', async () => {
    const h = await workedExample();
    const json = livedataStatusJson(h.live, { defaultPassword: true });
    expect(Object.keys(json)).toEqual(['inverters', 'total', 'hints']);
    expect(json.inverters.map((i) => i.serial)).toEqual([HM800, HMS800]);
    for (const inv of json.inverters) {
      expect(Object.keys(inv)).toEqual([...SUMMARY_KEYS, 'events']);
      expect(Object.keys(inv.radio_stats ?? {})).toEqual(STATS_KEYS);
    }
    const [roof, shed] = json.inverters;
    // The event count of the older API form: the HM-800's log holds two entries, the silent HMS none.
    expect(json.inverters.map((i) => (i as { events: number }).events)).toEqual([2, 0]);
    expect(roof).toMatchObject({
      serial: '114182345678',
      name: 'Garage roof',
      order: 0,
      poll_enabled: true,
      reachable: true,
      producing: true,
      limit_relative: 100,
      limit_absolute: 800,
    });
    expect(roof!.data_age).toBe(Math.floor(roof!.data_age_ms / 1000));
    expect(Number.isInteger(roof!.data_age_ms)).toBe(true);
    // Never answered: rated power unknown → −1; data age = uptime.
    expect(shed).toMatchObject({ order: 5, limit_relative: 0, limit_absolute: -1, producing: false });
    expect(shed!.data_age_ms).toBe(h.live.uptimeMs());
    expect(json.total).toEqual({
      Power: { v: 455.1, u: 'W', d: 1 },
      YieldDay: { v: 2435, u: 'Wh', d: 0 },
      YieldTotal: { v: 3111.893, u: 'kWh', d: 3 },
    });
    expect(json.hints).toEqual({
      time_sync: false,
      radio_problem: false,
      default_password: true,
      pin_mapping_issue: false,
    });
  });

  it('gives the detailed object for ?inv=, with the field catalogue in order, units, decimals and derived values', async () => {
    const h = await workedExample();
    const json = livedataStatusJson(h.live, { inv: HM800, defaultPassword: false });
    expect(json.inverters.length).toBe(1);
    const inv = json.inverters[0] as ReturnType<typeof inverterDetailJson>;
    expect(Object.keys(inv)).toEqual([...SUMMARY_KEYS, 'AC', 'DC', 'INV', 'events']);
    expect(inv.AC).toEqual({
      '0': {
        Power: { v: 455.1, u: 'W', d: 1 },
        Voltage: { v: 231.2, u: 'V', d: 1 },
        Current: { v: 1.97, u: 'A', d: 2 },
        Frequency: { v: 50.01, u: 'Hz', d: 2 },
        PowerFactor: { v: 0.998, u: '', d: 3 },
        ReactivePower: { v: -2.3, u: 'var', d: 1 },
      },
    });
    expect(Object.keys(inv.AC['0']!)).toEqual([
      'Power',
      'Voltage',
      'Current',
      'Frequency',
      'PowerFactor',
      'ReactivePower',
    ]);
    expect(inv.DC).toEqual({
      '0': {
        name: { u: 'South' },
        Power: { v: 239.6, u: 'W', d: 1 },
        Voltage: { v: 33.5, u: 'V', d: 1 },
        Current: { v: 7.15, u: 'A', d: 2 },
        YieldDay: { v: 1234, u: 'Wh', d: 0 },
        YieldTotal: { v: 1567.891, u: 'kWh', d: 3 },
        Irradiation: { v: 59.9, u: '%', d: 3, max: 400 },
      },
      '1': {
        name: { u: '' },
        Power: { v: 238, u: 'W', d: 1 },
        Voltage: { v: 34.1, u: 'V', d: 1 },
        Current: { v: 6.98, u: 'A', d: 2 },
        YieldDay: { v: 1201, u: 'Wh', d: 0 },
        YieldTotal: { v: 1544.002, u: 'kWh', d: 3 },
      },
    });
    expect(Object.keys(inv.DC['0']!)).toEqual([
      'name',
      'Power',
      'Voltage',
      'Current',
      'YieldDay',
      'YieldTotal',
      'Irradiation',
    ]);
    expect(inv.INV).toEqual({
      '0': {
        'Power DC': { v: 477.6, u: 'W', d: 1 },
        YieldDay: { v: 2435, u: 'Wh', d: 0 },
        YieldTotal: { v: 3111.893, u: 'kWh', d: 3 },
        Temperature: { v: 41.3, u: '°C', d: 1 },
        Efficiency: { v: 95.289, u: '%', d: 3 },
      },
    });
    expect(Object.keys(inv.INV['0']!)).toEqual([
      'Power DC',
      'YieldDay',
      'YieldTotal',
      'Temperature',
      'Efficiency',
    ]);
    expect(inv.events).toBe(2);
  });

  it('before any answer: the fixed field set with every value 0; unknown ?inv= gives an empty list', async () => {
    const h = await workedExample();
    const json = livedataStatusJson(h.live, { inv: HMS800, defaultPassword: false });
    const inv = json.inverters[0] as ReturnType<typeof inverterDetailJson>;
    expect(Object.keys(inv.DC)).toEqual(['0', '1']);
    expect(inv.AC['0']!.Power).toEqual({ v: 0, u: 'W', d: 1 });
    expect(inv.DC['1']!.YieldTotal).toEqual({ v: 0, u: 'kWh', d: 3 });
    expect(inv.events).toBe(0);
    expect(livedataStatusJson(h.live, { inv: '123456789012', defaultPassword: false }).inverters).toEqual([]);
    expect(livedataStatusJson(h.live, { inv: 'xyz', defaultPassword: false }).inverters.length).toBe(2);
    // Serial spellings of docs/api.md find the same inverter.
    expect(
      livedataStatusJson(h.live, { inv: ' 0x114182345678', defaultPassword: false }).inverters.length,
    ).toBe(1);
  });

  it('one detailed inverter per WebSocket message', async () => {
    const h = await workedExample();
    const message = livedataMessageJson(h.live, HM800, { defaultPassword: false })!;
    expect(Object.keys(message)).toEqual(['inverters', 'total', 'hints']);
    expect(message.inverters.length).toBe(1);
    expect(message.inverters[0]!.serial).toBe(HM800);
    expect(livedataMessageJson(h.live, '999999999999', { defaultPassword: false })).toBeUndefined();
    // Round trip through text: plain JSON types only.
    expect(JSON.parse(JSON.stringify(message))).toEqual(message);
  });

  it('shows the clock hint and the radio problem hint', async () => {
    const h = await workedExample();
    h.radio.statusValue = {
      nrf: { configured: true, connected: true, pvariant: false },
      cmt: { configured: false, connected: false },
    };
    h.clock.setSynchronised(false);
    await h.engine.start();
    await h.clock.advance(1000);
    const hints = livedataStatusJson(h.live, { defaultPassword: false }).hints;
    expect(hints).toMatchObject({ time_sync: true, radio_problem: true });
    await h.engine.stop();
  });
});

describe('per-inverter and control JSON', () => {
  it('event log: count and events with local times; {} for an unknown inverter', async () => {
    const h = await workedExample();
    const inv = h.live.inverter(HM800);
    const json = eventlogStatusJson(h.live, inv);
    expect(json).toEqual({
      count: 2,
      events: [
        { message_id: 1, message: expect.any(String), start_time: 22530 + 7200, end_time: 0 },
        { message_id: 143, message: expect.any(String), start_time: 47110 + 7200, end_time: 47260 + 7200 },
      ],
    });
    expect(Object.keys((json as { events: object[] }).events[0]!)).toEqual([
      'message_id',
      'message',
      'start_time',
      'end_time',
    ]);
    const translated = eventlogStatusJson(h.live, inv, { utcOffsetSeconds: 0, translate: (id) => `#${id}` });
    expect(translated).toMatchObject({ events: [{ message: '#1', start_time: 22530 }, { message: '#143' }] });
    expect(eventlogStatusJson(h.live, undefined)).toEqual({});
  });

  it('device info in the documented key order; zeros before any answer', async () => {
    const h = await workedExample();
    const json = devinfoStatusJson(h.live.inverter(HM800));
    expect(json).toEqual({
      valid_data: true,
      serial: HM800,
      fw_bootloader_version: 2,
      fw_build_version: 10112,
      hw_part_number: expect.any(Number),
      hw_version: '01.00',
      hw_model_name: 'HM-800-2T',
      max_power: 800,
      fw_build_datetime: '2023-03-14 09:05:00',
      pdl_supported: false,
    });
    expect(Object.keys(json)).toEqual([
      'valid_data',
      'serial',
      'fw_bootloader_version',
      'fw_build_version',
      'hw_part_number',
      'hw_version',
      'hw_model_name',
      'max_power',
      'fw_build_datetime',
      'pdl_supported',
    ]);
    expect(devinfoStatusJson(h.live.inverter(HMS800))).toMatchObject({
      valid_data: false,
      fw_build_version: 0,
      hw_model_name: '',
      max_power: 0,
    });
    expect(devinfoStatusJson(undefined)).toEqual({});
  });

  it('grid profile: parsed and raw; Unknown / 0.0.0 / [] before it is read', async () => {
    const h = await workedExample();
    const parsed = gridprofileStatusJson(h.live.inverter(HM800));
    expect(parsed).toMatchObject({ name: 'XX - EN 50549-1:2019', version: '2.1.3' });
    const raw = gridprofileRawJson(h.live.inverter(HM800)) as { raw: number[] };
    expect(raw.raw.slice(0, 4)).toEqual([0x0a, 0x00, 0x21, 0x03]);
    expect(gridprofileStatusJson(h.live.inverter(HMS800))).toEqual({
      name: 'Unknown',
      version: '0.0.0',
      sections: [],
    });
    expect(gridprofileRawJson(h.live.inverter(HMS800))).toEqual({ raw: [] });
    expect(gridprofileStatusJson(undefined)).toEqual({});
  });

  it('limit and power status keyed by serial', async () => {
    const h = await workedExample();
    expect(limitStatusJson(h.live)).toEqual({
      [HM800]: { limit_relative: 100, max_power: 800, limit_set_status: 'Unknown' },
      [HMS800]: { limit_relative: 0, max_power: 0, limit_set_status: 'Unknown' },
    });
    expect(powerStatusJson(h.live)).toEqual({
      [HM800]: { power_set_status: 'Unknown' },
      [HMS800]: { power_set_status: 'Unknown' },
    });
  });

  it('rounds values to their decimals without float noise or -0', () => {
    expect(roundTo(239.6 + 238.0, 1)).toBe(477.6);
    expect(roundTo(-0.0001, 1)).toBe(0);
    expect(Object.is(roundTo(-0.0001, 1), -0)).toBe(false);
    expect(roundTo(Number.NaN, 2)).toBe(0);
    expect(roundTo(12345.678, 3)).toBe(12345.678);
  });
});
