import { SeededRandom } from '@dtu-console/radio/simulated/random';
import { describe, expect, it } from 'vitest';
import { decodeSpeedwire } from '../../../src/powermeter/speedwire/decode';
import { emeterDatagram } from '../../helpers/speedwire-packets';

/**
 * Written byte by byte from the energy meter protocol: meter 1900123456 (SUSy 349), ticker 123456 ms,
 * 1.4.0 = 12345 (1234.5 W import), 1.8.0 = 36 000 000 000 Ws (10 MWh), 2.4.0 = 0, 2.8.0 = 7 200 000 Ws
 * (2 kWh), software version 2.0.18.R, end tag.
 */
const GOLDEN =
  '534d4100000402a000000001003c00106069015d714195400001e240' +
  '0001040000003039' +
  '000108000000000861c46800' +
  '0002040000000000' +
  '000208000000000000' +
  '6ddd00' +
  '9000000002001252' +
  '00000000';

describe('Speedwire energy meter datagrams', () => {
  it('reads the golden datagram', () => {
    const result = decodeSpeedwire(Buffer.from(GOLDEN, 'hex'));
    expect(result).toEqual({
      ok: true,
      datagram: {
        susyId: 349,
        serial: 1900123456,
        tickerMs: 123456,
        powerW: 1234.5,
        importWh: 10_000_000,
        exportWh: 2000,
      },
    });
  });

  it('gives import − export, and the phases', () => {
    const result = decodeSpeedwire(
      emeterDatagram({
        serial: 3001234567,
        importTenthW: 0,
        exportTenthW: 8125,
        phasesTenthW: [
          [0, 2700],
          [100, 0],
          [0, 5525],
        ],
      }),
    );
    expect(result.ok && result.datagram).toMatchObject({
      serial: 3001234567,
      powerW: -812.5,
      phasesW: [-270, 10, -552.5],
    });
  });

  it('names what is not an energy meter datagram', () => {
    const good = Buffer.from(GOLDEN, 'hex');
    const detail = (bytes: Buffer) => {
      const r = decodeSpeedwire(bytes);
      return r.ok ? 'ok' : r.detail;
    };
    expect(detail(Buffer.from('hello world, no SMA here'))).toBe('not an SMA datagram');
    expect(detail(good.subarray(0, 20))).toMatch(/too short/);
    expect(detail(good.subarray(0, 50))).toMatch(/cut short/);
    expect(detail(emeterDatagram({ serial: 1, importTenthW: 1, exportTenthW: 0, protocol: 0x6065 }))).toMatch(
      /protocol 0x6065/,
    );
    const unknown = Buffer.from(good);
    unknown[30] = 7; // channel 0:1.7.0 has no known size
    expect(detail(unknown)).toMatch(/unknown channel/);
  });

  it('decodes 10 000 seeded random and mutated datagrams without throwing', () => {
    const random = new SeededRandom('speedwire-fuzz');
    const good = Buffer.from(GOLDEN, 'hex');
    let ok = 0;
    for (let i = 0; i < 10_000; i++) {
      let bytes: Buffer;
      if (i % 2 === 0) {
        bytes = Buffer.alloc(Math.floor(random.next() * 120));
        for (let j = 0; j < bytes.length; j++) bytes[j] = Math.floor(random.next() * 256);
        if (random.chance(0.5) && bytes.length >= 4) bytes.write('SMA\0', 0, 'latin1');
      } else {
        bytes = Buffer.from(good.subarray(0, Math.floor(random.next() * (good.length + 1))));
        for (let c = 0; c < 3; c++)
          if (bytes.length > 0)
            bytes[Math.floor(random.next() * bytes.length)] = Math.floor(random.next() * 256);
      }
      const result = decodeSpeedwire(bytes);
      if (result.ok) {
        ok++;
        expect(Number.isFinite(result.datagram.powerW)).toBe(true);
      } else expect(typeof result.detail).toBe('string');
    }
    expect(ok).toBeGreaterThan(0);
  });
});
