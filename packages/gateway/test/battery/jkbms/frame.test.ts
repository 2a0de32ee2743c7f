/**
 * JK BMS frames: the request to read all data is the published one, and published answers decode to
 * the values their publishers annotated; a frame with a wrong sum, length or identifier is refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  alarmKeys,
  checkFrame,
  decodeAnswer,
  decodeCurrent,
  decodeTemperature,
  JK_ALARM_BITS,
  readAllRequest,
} from '../../../src/battery/jkbms/frame';
import { rng } from '../../helpers/seeded';

const data = (name: string) => Uint8Array.from(readFileSync(new URL(`../data/${name}`, import.meta.url)));
const REQUEST = data('jkbms-request-read-all.bin');
/** An owner's JK-B1A8S20P (7 cells), annotated field by field where it was published. */
const SEVEN = data('jkbms-answer-b1a8s20p-7s.bin');
const FOURTEEN = data('jkbms-answer-14s-charging.bin');
const DISCHARGING = data('jkbms-answer-b1a24s15p-16s-discharging.bin');
const UNDERVOLTAGE = data('jkbms-answer-b1a24s15p-16s-undervoltage.bin');
const COLD = data('jkbms-answer-b1a24s15p-16s-cold.bin');
/** An answer published with a line error in it (its sum does not match). */
const CORRUPTED = data('jkbms-answer-bd6a20s10p-corrupted.bin');

/** The frame with its checksum made right again after a change. */
function resum(frame: Uint8Array): Uint8Array {
  const out = Uint8Array.from(frame);
  const sum = out.subarray(0, out.length - 4).reduce((a, b) => a + b, 0) & 0xffff;
  out[out.length - 2] = sum >> 8;
  out[out.length - 1] = sum & 0xff;
  return out;
}

describe('JK BMS request', () => {
  it('is byte for byte the published request to read all data', () => {
    expect([...readAllRequest()]).toEqual([...REQUEST]);
    expect(checkFrame(readAllRequest())).toBeUndefined();
  });
});

describe('JK BMS answer', () => {
  it("decodes the owner's 7-cell answer to the values annotated beside it", () => {
    expect(decodeAnswer(SEVEN)).toEqual({
      // 0x79: 15 (21 bytes), cells 1–4 0E D2, 5–7 0E DB.
      cellsMv: [3794, 3794, 3794, 3794, 3803, 3803, 3803],
      // 0x80, 0x81, 0x82: 00 1C.
      mosfetTemperatureC: 28,
      sensor1TemperatureC: 28,
      sensor2TemperatureC: 28,
      // 0x83: 0A 62 (10 mV); 0x84: 00 00; 0x85: 5A.
      voltageV: 26.58,
      currentA: 0,
      socPercent: 90,
      // 0x8B: 00 00; 0x8C: 00 03 (charge and discharge MOSFETs on).
      alarmBits: 0,
      chargeMosfetOn: true,
      dischargeMosfetOn: true,
      balancing: false,
      // 0xAB, 0xAC: 01.
      chargeSwitch: true,
      dischargeSwitch: true,
      // 0x99: 00 19, 0x97: 00 C8.
      chargeOvercurrentA: 25,
      dischargeOvercurrentA: 200,
      // 0xC0: 01.
      protocolVersion: 1,
    });
  });

  it('reads the charging current of protocol 1 (top bit set) and the balancing bit', () => {
    const answer = decodeAnswer(FOURTEEN);
    expect(answer).toMatchObject({
      voltageV: 53.59, // 14 EF
      currentA: 2.08, // 80 D0: charging, 208 × 10 mA
      socPercent: 15,
      mosfetTemperatureC: 29,
      sensor1TemperatureC: 30,
      sensor2TemperatureC: 28,
      balancing: true, // 0x8C 00 07
      chargeOvercurrentA: 5,
      dischargeOvercurrentA: 7,
    });
    expect('cellsMv' in answer && answer.cellsMv).toHaveLength(14);
  });

  it('reads a discharging current as negative', () => {
    expect(decodeAnswer(DISCHARGING)).toMatchObject({ voltageV: 52.24, currentA: -8.8, socPercent: 60 });
  });

  it('reads the alarm bits and the MOSFET a protection switched off', () => {
    expect(decodeAnswer(UNDERVOLTAGE)).toMatchObject({
      alarmBits: 0x0008,
      dischargeMosfetOn: false,
      socPercent: 0,
    });
    expect(decodeAnswer(COLD)).toMatchObject({
      alarmBits: 0x0200,
      chargeMosfetOn: false,
      sensor1TemperatureC: 3,
    });
  });

  it('refuses the published answer that a line error corrupted, naming the checksum', () => {
    expect(decodeAnswer(CORRUPTED)).toEqual({ refused: 'bad checksum: sent 58e8, bytes add up to 596d' });
  });

  it('refuses an answer with one byte altered', () => {
    const altered = Uint8Array.from(SEVEN);
    altered[SEVEN.indexOf(0x85) + 1] = 0x5b; // SoC 90 -> 91
    expect(decodeAnswer(altered)).toMatchObject({ refused: expect.stringMatching(/^bad checksum/) });
  });

  it('refuses a frame whose length field does not match it', () => {
    for (const delta of [-1, 1]) {
      const frame = Uint8Array.from(SEVEN);
      frame[3] = (frame[3] ?? 0) + delta;
      expect(decodeAnswer(resum(frame))).toMatchObject({ refused: expect.stringMatching(/^wrong length/) });
    }
    expect(decodeAnswer(SEVEN.subarray(0, 200))).toMatchObject({
      refused: expect.stringMatching(/^wrong length/),
    });
  });

  it('refuses an unknown identifier: its length is unknown, so the rest cannot be read', () => {
    const frame = Uint8Array.from(SEVEN);
    frame[SEVEN.indexOf(0x86)] = 0x88;
    expect(decodeAnswer(resum(frame))).toEqual({ refused: 'unknown data identifier 0x88' });
  });

  it('refuses the request itself as an answer', () => {
    expect(decodeAnswer(REQUEST)).toEqual({ refused: 'a request, not an answer' });
  });

  it('never throws on 200 seeded garbage inputs, with or without a frame start, and refuses them all', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = rng(seed);
      const garbage = Uint8Array.from({ length: Math.floor(next() * 400) }, () => Math.floor(next() * 256));
      const headed = Uint8Array.from([0x4e, 0x57, ...garbage]);
      for (const input of [garbage, headed]) {
        let result: ReturnType<typeof decodeAnswer> | undefined;
        expect(() => {
          result = decodeAnswer(input);
        }).not.toThrow();
        expect(result).toHaveProperty('refused');
      }
      // The decoder keeps nothing between frames: a good answer after the garbage still decodes.
      expect(decodeAnswer(SEVEN)).toHaveProperty('socPercent', 90);
    }
  });
});

describe('JK BMS encodings', () => {
  it('reads temperatures above 100 as below zero', () => {
    expect([0, 28, 100, 101, 120, 140].map(decodeTemperature)).toEqual([0, 28, 100, -1, -20, -40]);
  });

  it("reads the current both ways, as the protocol's examples give it", () => {
    // Protocol 1: 20 A discharging is 2000 (0x07D0), 20 A charging 34768 (0x87D0).
    expect(decodeCurrent(0x07d0, 1)).toBe(-20);
    expect(decodeCurrent(0x87d0, 1)).toBe(20);
    expect(Object.is(decodeCurrent(0x0000, 1), 0)).toBe(true);
    // Protocol 0: offset 10000, 11000 is 10 A discharging, 9500 is 5 A charging.
    expect(decodeCurrent(11000, 0)).toBe(-10);
    expect(decodeCurrent(9500, 0)).toBe(5);
  });

  it('names the alarm bits; the low-capacity bit is a warning', () => {
    expect(alarmKeys(0)).toEqual({ alarms: [], warnings: [] });
    expect(alarmKeys(0x0809)).toEqual({
      alarms: ['discharge_undervoltage', 'cell_undervoltage'],
      warnings: ['low_soc'],
    });
    expect(alarmKeys(0xffff)).toEqual({ alarms: JK_ALARM_BITS.slice(1), warnings: ['low_soc'] });
  });
});
