/** State topic payloads: OpenDTU's text formats for the DTU, the totals and one inverter. */
import { describe, expect, it } from 'vitest';
import { InverterState } from '../../src/engine/inverter';
import type { LiveInverter } from '../../src/engine/live-types';
import { plantTotals } from '../../src/engine/yields';
import {
  dtuMessages,
  inverterChannelMessages,
  inverterStatusMessages,
  totalsMessages,
} from '../../src/mqtt/state-topics';

const asMap = (messages: { topic: string; payload: string }[]) =>
  new Map(messages.map((m) => [m.topic, m.payload]));

function hm800(): LiveInverter {
  return new InverterState({
    id: 0,
    serial: '114172220003',
    name: 'Balcony',
    order: 0,
    poll_enable: true,
    poll_enable_night: false,
    command_enable: true,
    command_enable_night: false,
    reachable_threshold: 2,
    zero_runtime: false,
    zero_day: false,
    clear_eventlog: false,
    yieldday_correction: false,
    channels: [
      { name: 'East', max_power: 400, yield_total_offset: 0 },
      { name: '', max_power: 0, yield_total_offset: 0 },
    ],
  }).snapshot();
}

describe('MQTT state topics', () => {
  it('DTU: integers, the host name and address; Wi-Fi and temperature only when the host has them', () => {
    const wired = asMap(
      dtuMessages({
        uptimeS: 86400.7,
        ip: '192.168.1.50',
        hostname: 'pv-gateway',
        heap: { size: 294112, free: 121344, minFree: 98304, maxAlloc: 65524 },
      }),
    );
    expect([...wired.keys()]).toEqual([
      'dtu/uptime',
      'dtu/ip',
      'dtu/hostname',
      'dtu/heap/size',
      'dtu/heap/free',
      'dtu/heap/minfree',
      'dtu/heap/maxalloc',
    ]);
    expect(wired.get('dtu/uptime')).toBe('86400');
    const wifi = asMap(
      dtuMessages({
        uptimeS: 1,
        ip: '10.0.0.2',
        hostname: 'h',
        heap: { size: 1, free: 1, minFree: 1, maxAlloc: 1 },
        rssi: -62,
        temperature: 48.333,
      }),
    );
    expect(wifi.get('dtu/rssi')).toBe('-62');
    expect(wifi.get('dtu/temperature')).toBe('48.33');
  });

  it('totals: 0 decimals while nothing counts, then 1 / 3; irradiation always with 3', () => {
    expect(asMap(totalsMessages(plantTotals([])))).toEqual(
      new Map([
        ['ac/power', '0'],
        ['ac/yieldtotal', '0'],
        ['ac/yieldday', '0'],
        ['ac/is_valid', '1'],
        ['dc/power', '0'],
        ['dc/irradiation', '0.000'],
        ['dc/is_valid', '1'],
      ]),
    );
    const totals = asMap(
      totalsMessages(
        plantTotals([
          {
            pollEnabled: true,
            pollEnableSetting: true,
            reachable: false,
            acPowerW: 1023.44,
            dcPowerW: 1055.6,
            yieldDayWh: 6012,
            yieldTotalKWh: 4938.2714,
            inputs: [{ powerW: 263.9, maxPowerW: 400 }],
          },
        ]),
      ),
    );
    expect(totals.get('ac/power')).toBe('1023.4');
    expect(totals.get('ac/yieldtotal')).toBe('4938.271');
    expect(totals.get('ac/yieldday')).toBe('6012');
    expect(totals.get('ac/is_valid')).toBe('0');
    expect(totals.get('dc/irradiation')).toBe('65.975');
  });

  it('inverter: name and radio every cycle; device info and limits only once known', () => {
    const inv = hm800();
    const status = asMap(inverterStatusMessages(inv));
    expect(status.get('114172220003/name')).toBe('Balcony');
    expect(status.get('114172220003/radio/rssi')).toBe('-127');
    expect(status.get('114172220003/status/last_update')).toBe('0');
    expect([...status.keys()].some((t) => t.includes('/device/') || t.includes('limit_'))).toBe(false);

    const known = asMap(
      inverterStatusMessages({
        ...inv,
        limitKnown: true,
        limitRelative: 100,
        limitAbsoluteW: 800,
        lastUpdateEpochMs: 1767612345678,
      }),
    );
    expect(known.get('114172220003/status/limit_relative')).toBe('100.00');
    expect(known.get('114172220003/status/limit_absolute')).toBe('800.00');
    expect(known.get('114172220003/status/last_update')).toBe('1767612345');
  });

  it('channels: AC, then each input with its name, then the inverter-wide values; catalogue decimals', () => {
    const inv = hm800();
    const values = {
      ...inv.values,
      ac: {
        voltage: 230.14,
        current: 4.449,
        power: 1023.4,
        reactivePower: -0.04,
        frequency: 50.01,
        powerFactor: 0.999,
      },
    };
    const channels = inverterChannelMessages({ ...inv, values });
    expect(channels.map((m) => m.topic.slice('114172220003/'.length))).toEqual([
      '0/voltage',
      '0/current',
      '0/power',
      '0/frequency',
      '0/powerfactor',
      '0/reactivepower',
      '1/name',
      '1/voltage',
      '1/current',
      '1/power',
      '1/yieldday',
      '1/yieldtotal',
      '1/irradiation',
      '2/name',
      '2/voltage',
      '2/current',
      '2/power',
      '2/yieldday',
      '2/yieldtotal',
      '2/irradiation',
      '0/powerdc',
      '0/yieldday',
      '0/yieldtotal',
      '0/temperature',
      '0/efficiency',
    ]);
    const map = asMap(channels);
    expect(map.get('114172220003/0/voltage')).toBe('230.1');
    expect(map.get('114172220003/0/current')).toBe('4.45');
    expect(map.get('114172220003/0/reactivepower')).toBe('-0.0');
    expect(map.get('114172220003/1/name')).toBe('East');
    expect(map.get('114172220003/2/name')).toBe('');
    expect(map.get('114172220003/1/irradiation')).toBe('0.000');
    expect(map.get('114172220003/0/yieldtotal')).toBe('0.000');
  });
});
