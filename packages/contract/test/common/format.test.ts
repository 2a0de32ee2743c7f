import { describe, expect, it } from 'vitest';
import {
  bytesToKb,
  formatEventTime,
  formatVersion,
  heapFragmentation,
  limitInputMax,
  localDateOf,
  localTimeParts,
  maxUsage,
  nrfModuleName,
  parseGitHash,
  productionDate,
  showsAbsoluteDataAge,
  wifiQuality,
} from '../../src/common/format';

describe('formatVersion', () => {
  it.each([
    [10012, '1.0.12'],
    [10112, '1.1.12'],
    [20004, '2.0.4'],
    [1, '0.0.1'],
    [2, '0.0.2'],
    [0, '0.0.0'],
    [123456, '12.34.56'],
  ])('%i → %s', (n, text) => {
    expect(formatVersion(n)).toBe(text);
  });
});

describe('productionDate', () => {
  it.each([
    ['116171603546', 2021, '16'],
    ['112182216549', 2022, '22'],
    ['116170512345', 2021, '5'],
    ['2821349f7444', 2017, '49'],
    ['2821349F7444', 2017, '49'],
    ['1161f0a00000', 2029, 'a'],
  ])('%s → %i week %s', (serial, year, week) => {
    expect(productionDate(serial)).toEqual({ year, week });
  });

  it('rejects non-hex text', () => {
    expect(productionDate('')).toBeUndefined();
    expect(productionDate('A01-XYZ')).toBeUndefined();
  });
});

describe('parseGitHash', () => {
  it.each([
    ['v26.3.30', { value: 'v26.3.30', isHash: false }],
    ['g1a2b3c4', { value: '1a2b3c4', isHash: true }],
    ['v26.3.30-5-g1a2b3c4', { value: '1a2b3c4', isHash: true }],
    ['v26.3.30-12-gdeadbee', { value: 'deadbee', isHash: true }],
  ])('%s', (input, result) => {
    expect(parseGitHash(input)).toEqual(result);
  });
});

describe('wifiQuality', () => {
  it.each([
    [-120, 0],
    [-100, 0],
    [-99, 2],
    [-75, 50],
    [-58, 84],
    [-51, 98],
    [-50, 100],
    [-30, 100],
  ])('%i dBm → %i %%', (rssi, q) => {
    expect(wifiQuality(rssi)).toBe(q);
  });
});

describe('memory helpers', () => {
  it('converts bytes to kB of 1024', () => {
    expect(bytesToKb(2048)).toBe(2);
    expect(bytesToKb(281708)).toBeCloseTo(275.1055, 4);
  });

  it('computes heap fragmentation from the largest block and free heap', () => {
    // docs/api.md example: free = 281708 - 162340 = 119368, largest block 65524.
    expect(heapFragmentation(65524, 119368)).toBeCloseTo(0.451076, 6);
    expect(heapFragmentation(1000, 1000)).toBe(0);
    expect(heapFragmentation(0, 0)).toBe(0);
  });

  it('computes max usage as total minus min free', () => {
    expect(maxUsage(281708, 98012)).toBe(183696);
  });
});

describe('small display rules', () => {
  it('names the nRF24 module variant', () => {
    expect(nrfModuleName(true)).toBe('nRF24L01+');
    expect(nrfModuleName(false)).toBe('nRF24L01');
  });

  it('bounds the limit input', () => {
    expect(limitInputMax(true, 800)).toBe(100);
    expect(limitInputMax(false, 800)).toBe(800);
    expect(limitInputMax(false, 0)).toBe(2250);
    expect(limitInputMax(false, -1)).toBe(2250);
  });

  it('switches to an absolute time above 300 s', () => {
    expect(showsAbsoluteDataAge(300)).toBe(false);
    expect(showsAbsoluteDataAge(301)).toBe(true);
  });

  it('formats event-log times as HH:MM:SS of the day', () => {
    expect(formatEventTime(25862)).toBe('07:11:02');
    expect(formatEventTime(0)).toBe('00:00:00');
    expect(formatEventTime(86400 + 61)).toBe('00:01:01');
    expect(formatEventTime(-60)).toBe('23:59:00');
  });
});

describe('localTimeParts', () => {
  it('reads the wall-clock parts of the time status form', () => {
    expect(localTimeParts('Sunday, June 21 2026 03:03:20')).toEqual({
      year: 2026,
      month: 6,
      day: 21,
      hour: 3,
      minute: 3,
      second: 20,
    });
    expect(localDateOf('Monday, March 2 2026 19:18:50')).toBe('2026-03-02');
  });

  it('gives null for what is not that form', () => {
    for (const text of [
      '--',
      '',
      'Sunday, Juni 21 2026 03:03:20',
      'Sunday, June 21 2026',
      '2026-06-21T03:03:20',
    ]) {
      expect(localTimeParts(text), text).toBeNull();
    }
  });
});
