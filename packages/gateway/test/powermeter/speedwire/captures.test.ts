/**
 * Datagrams of real SMA meters (test/helpers/speedwire-captures.ts), decoded and checked against the values
 * read off their bytes by hand.
 */
import { SeededRandom } from '@dtu-console/radio/simulated/random';
import { describe, expect, it } from 'vitest';
import { decodeSpeedwire } from '../../../src/powermeter/speedwire/decode';
import { ENERGY_METER_1, ENERGY_METER_2, HOME_MANAGER_2 } from '../../helpers/speedwire-captures';

describe('Speedwire datagrams of real meters', () => {
  it('reads an SMA Energy Meter 1.0', () => {
    expect(ENERGY_METER_1.length).toBe(600);
    expect(decodeSpeedwire(ENERGY_METER_1)).toEqual({
      ok: true,
      datagram: {
        susyId: 270,
        serial: 1900243374,
        tickerMs: 3860374550,
        powerW: -1742.9,
        phasesW: [-539.4, -678.5, -525],
        importWh: 39636503.4,
        exportWh: 25602170.3,
      },
    });
  });

  it('reads an SMA Energy Meter 2.0', () => {
    expect(ENERGY_METER_2.length).toBe(600);
    expect(decodeSpeedwire(ENERGY_METER_2)).toEqual({
      ok: true,
      datagram: {
        susyId: 349,
        serial: 1901427928,
        tickerMs: 3794375989,
        powerW: -11967,
        phasesW: [-4077, -4077, -3813],
        importWh: 7500240,
        exportWh: 86688627,
      },
    });
  });

  it('reads a Sunny Home Manager 2.0, whose datagram also carries the grid frequency', () => {
    expect(HOME_MANAGER_2.length).toBe(608);
    expect(decodeSpeedwire(HOME_MANAGER_2)).toEqual({
      ok: true,
      datagram: {
        susyId: 372,
        serial: 3014003406,
        tickerMs: 2646999865,
        powerW: -699.7,
        phasesW: [-286, -294.6, -119.1],
        importWh: 445086.8,
        exportWh: 33642610.1,
      },
    });
  });

  it('the phases of each capture add up to its total', () => {
    for (const capture of [ENERGY_METER_1, ENERGY_METER_2, HOME_MANAGER_2]) {
      const result = decodeSpeedwire(capture);
      if (!result.ok) throw new Error(result.detail);
      const sum = (result.datagram.phasesW ?? []).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(result.datagram.powerW, 6);
    }
  });

  it('names every truncation of a real datagram as cut short or too short', () => {
    for (const capture of [ENERGY_METER_1, ENERGY_METER_2, HOME_MANAGER_2]) {
      // Up to the end tag's start the length field announces more than is there.
      for (let length = 4; length < capture.length - 4; length++) {
        const result = decodeSpeedwire(capture.subarray(0, length));
        expect(result.ok ? 'ok' : result.detail).toMatch(/too short|cut short/);
      }
    }
  });

  it('decodes 3 000 seeded mutations of the real datagrams without throwing', () => {
    const random = new SeededRandom('speedwire-captures');
    const captures = [ENERGY_METER_1, ENERGY_METER_2, HOME_MANAGER_2];
    for (let i = 0; i < 3000; i++) {
      const bytes = Buffer.from(captures[i % 3] as Buffer);
      for (let c = 0; c < 1 + (i % 4); c++)
        bytes[Math.floor(random.next() * bytes.length)] = Math.floor(random.next() * 256);
      const result = decodeSpeedwire(bytes);
      if (result.ok) expect(Number.isFinite(result.datagram.powerW)).toBe(true);
      else expect(result.detail.length).toBeGreaterThan(0);
    }
  });
});
