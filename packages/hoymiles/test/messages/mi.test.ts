/**
 * The MI series. Vectors: requests and answers written by hand from the documented layout (docs/protocol.md,
 * "The MI series"), and frames of public captures: an MI-600's info exchange (serial 104160100013) and the
 * vendor DTU's limit frames to an MI-600 (id 63500316), whose CRC8 and values these tests check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FAMILIES, familyOfSerial, lookupModel } from '../../src/families';
import {
  buildMiRequest,
  decodeMiGridProfile,
  decodeMiInfo,
  decodeMiLiveAnswer,
  encodeMiLiveAnswer,
  joinMiRecord,
  miLiveCommands,
  parseMiRequest,
} from '../../src/messages/mi';
import {
  buildMiLimitRequest,
  buildMiPowerRequest,
  decodeMiStatusFrame,
  encodeMiControlAnswer,
  encodeMiStatusFrame,
  isMiControlAnswer,
  miStatusEventCode,
  parseMiControl,
} from '../../src/messages/mi-control';
import { decodeRunData } from '../../src/messages/run-data';
import { answerFrames, readEntry } from '../helpers/captures';
import { bytes, errorCode, hex, unwrap } from '../helpers/frame-test-utils';

const MI600 = '104160100013';
const MI1500 = '106161100013';
const DTU = '199986097668';

describe('MI families', () => {
  it('recognises generation-2 serials (second byte low bits 01) by inputs, leaves generation 3 to HM', () => {
    expect(familyOfSerial('102112345678')).toBe('MI_1CH');
    expect(familyOfSerial(MI600)).toBe('MI_2CH');
    expect(familyOfSerial(MI1500)).toBe('MI_4CH');
    expect(familyOfSerial('104512345678')).toBe('MI_2CH');
    expect(familyOfSerial('102212345678')).toBe('HM_1CH');
    expect(familyOfSerial('104212345678')).toBe('HM_2CH');
    expect(familyOfSerial('106212345678')).toBe('HM_4CH');
    expect(familyOfSerial('104312345678')).toBeUndefined();
  });

  it('describes type names, inputs and the nRF24 radio', () => {
    expect(FAMILIES.MI_1CH).toMatchObject({
      typeName: 'MI-250/300/350',
      dcInputs: 1,
      radio: 'NRF24',
      series: 'MI',
    });
    expect(FAMILIES.MI_2CH).toMatchObject({ typeName: 'MI-500/600/700', dcInputs: 2 });
    expect(FAMILIES.MI_4CH).toMatchObject({ typeName: 'MI-1000/1200/1500', dcInputs: 4 });
  });

  it('names the model and rated power from the part number (capture: MI-600, part 1249679)', () => {
    expect(lookupModel(1249679)).toEqual({ model: 'MI-600', maxPowerW: 600 });
    expect(lookupModel(0x00031100)).toEqual({ model: 'MI-300', maxPowerW: 300 });
    expect(lookupModel(0x00251100)).toEqual({ model: 'MI-1500', maxPowerW: 1500 });
  });
});

describe('MI requests', () => {
  it('asks one live-data command per input', () => {
    expect(miLiveCommands('MI_1CH')).toEqual([0x09]);
    expect(miLiveCommands('MI_2CH')).toEqual([0x09, 0x11]);
    expect(miLiveCommands('MI_4CH')).toEqual([0x36, 0x37, 0x38, 0x39]);
    expect(() => miLiveCommands('HM_2CH')).toThrow(RangeError);
  });

  it('builds [cmd][inverter][dtu][cmd][CRC8]', () => {
    expect(hex(buildMiRequest({ inverter: MI600, dtu: DTU, command: 0x09 }))).toBe(
      '09 60 10 00 13 86 09 76 68 09 F2',
    );
    expect(hex(buildMiRequest({ inverter: MI600, dtu: DTU, command: 0x0f }))).toBe(
      '0F 60 10 00 13 86 09 76 68 0F F2',
    );
  });

  it('reads a captured info request with 0x00 in byte 9', () => {
    const captured = bytes('0f 60 10 00 13 86 09 76 68 00 fd');
    expect(unwrap(parseMiRequest(captured, { inverter: MI600 }))).toMatchObject({ command: 0x0f });
    expect(errorCode(parseMiRequest(captured, { inverter: '104160100014' }))).toBe('wrong-address');
    expect(errorCode(parseMiRequest(bytes('0f 60 10 00 13 86 09 76 68 00 fe')))).toBe('bad-crc8');
  });
});

describe('MI answers', () => {
  const input1 = bytes('89 60 10 00 13 60 10 00 13 01 60 00 51 09 0A 13 89 0B 23 04 D2 FF DD 03 00 FF');
  const input2 = bytes('91 60 10 00 13 60 10 00 13 01 5E 00 4F 09 0A 13 89 0B 5B 04 B0 FF DD 03 00 DD');

  it('decodes the documented live layout', () => {
    expect(unwrap(decodeMiLiveAnswer(input1, { inverter: MI600 }))).toMatchObject({
      input: 0,
      dcVoltage: 35.2,
      dcCurrent: 8.1,
      acVoltage: 231.4,
      frequency: 50.01,
      dcPower: 285.1,
      yieldDay: 1234,
      temperature: -3.5,
      status: undefined,
    });
    expect(unwrap(decodeMiLiveAnswer(input2))).toMatchObject({ input: 1, dcPower: 290.7, yieldDay: 1200 });
  });

  it('reads the status bytes of a 4-input answer', () => {
    const b6 = bytes('B6 61 10 00 13 61 10 00 13 01 40 00 10 09 0A 13 88 01 46 00 64 01 2C 05 05 71');
    const answer = unwrap(decodeMiLiveAnswer(b6, { inverter: MI1500 }));
    expect(answer).toMatchObject({ input: 0, dcVoltage: 32, dcCurrent: 1.6, dcPower: 32.6, temperature: 30 });
    expect(answer.status).toEqual({ state: 5, code: 5 });
    expect(miStatusEventCode(5, 5, 0)).toBe(5051);
    const short = bytes('B7 61 10 00 13 61 10 00 13 01 40 00 10 09 0A 13 88 01 46 00 64 01 2C 70');
    expect(errorCode(decodeMiLiveAnswer(short))).toBe('short-frame');
  });

  it('encodes what it decodes (simulator side)', () => {
    const frame = encodeMiLiveAnswer({
      inverter: MI600,
      dtu: DTU,
      command: 0x11,
      state: {
        dcVoltage: 35,
        dcCurrent: 8.3,
        acVoltage: 230.1,
        frequency: 49.98,
        dcPower: 290.5,
        yieldDay: 777,
        temperature: 41.2,
      },
    });
    expect(frame[0]).toBe(0x91);
    expect(unwrap(decodeMiLiveAnswer(frame, { inverter: MI600 }))).toMatchObject({
      input: 1,
      dcCurrent: 8.3,
      frequency: 49.98,
      dcPower: 290.5,
      temperature: 41.2,
    });
  });

  it('joins the inputs into the record the MI_2CH run-data layout reads', () => {
    const answers = [input2, input1].map((f) => unwrap(decodeMiLiveAnswer(f)));
    const record = unwrap(joinMiRecord('MI_2CH', answers));
    const data = unwrap(decodeRunData('MI_2CH', record));
    expect(data.dc.map((d) => d.power)).toEqual([285.1, 290.7]);
    expect(data.dc.map((d) => d.yieldDay)).toEqual([1234, 1200]);
    expect(data.ac).toMatchObject({ voltage: 231.4, frequency: 50.01, power: 0, current: 0 });
    expect(data.temperature).toBe(-3.5);
    expect(errorCode(joinMiRecord('MI_2CH', answers.slice(0, 1)))).toBe('missing-fragment');
  });

  it('decodes a captured MI-600 info answer (two frames)', () => {
    const frames = [
      bytes('8f 60 10 00 13 60 10 00 13 00 00 ce 00 ec 07 e2 04 67 03 52 00 11 00 01 70 41 5b'),
      bytes('8f 60 10 00 13 60 10 00 13 01 00 13 11 8f 0e 00 04 cd 00 14 22 60 00 11 00 01 82'),
    ];
    const info = unwrap(decodeMiInfo(frames, { inverter: MI600 }));
    expect(info).toEqual({
      fwVersion: 236,
      fwBuildYear: 2018,
      fwBuildMonthDay: 1127,
      fwBuildHourMinute: 850,
      bootloaderVersion: 17,
      hwVersion: 28737,
      hwPartNumber: 1249679,
    });
    expect(unwrap(decodeMiInfo(frames.slice(0, 1))).hwPartNumber).toBeUndefined();
    expect(errorCode(decodeMiInfo(frames.slice(1)))).toBe('missing-fragment');
  });

  it('decodes the grid-profile answer', () => {
    const frame = bytes('90 60 10 00 13 60 10 00 13 00 00 0A 00 03 99');
    expect(unwrap(decodeMiGridProfile(frame))).toEqual({ code: 10, version: 3 });
  });
});

describe('MI control and status', () => {
  it('switches on and off with 55 AA / AA 55', () => {
    const on = buildMiPowerRequest({ inverter: MI600, dtu: DTU, on: true });
    expect(hex(on)).toBe('51 60 10 00 13 86 09 76 68 55 AA 5C');
    expect(hex(buildMiPowerRequest({ inverter: MI600, dtu: DTU, on: false }))).toBe(
      '51 60 10 00 13 86 09 76 68 AA 55 5C',
    );
    expect(unwrap(parseMiControl(on))).toEqual({ kind: 'on' });
  });

  it('reproduces the vendor DTU’s captured limit frames', () => {
    const id = '116163500316';
    const frame = (watts: number) =>
      hex(buildMiLimitRequest({ inverter: id, dtu: id, watts, ratedPowerW: 600 }));
    expect(frame(225.2)).toBe('51 63 50 03 16 63 50 03 16 5A 5A 25 08 CC B0');
    expect(frame(558)).toBe('51 63 50 03 16 63 50 03 16 5A 5A 5D 15 CC D5');
    expect(frame(316.8)).toBe('51 63 50 03 16 63 50 03 16 5A 5A 34 0C 60 09');
    expect(unwrap(parseMiControl(bytes('51 63 50 03 16 63 50 03 16 5A 5A 5D 15 CC D5')))).toEqual({
      kind: 'limit',
      percent: 93,
      tenthsOfW: 5580,
    });
    expect(() => buildMiLimitRequest({ inverter: id, dtu: id, watts: 100, ratedPowerW: 0 })).toThrow(
      RangeError,
    );
    expect(() => buildMiLimitRequest({ inverter: id, dtu: id, watts: 700, ratedPowerW: 600 })).toThrow(
      RangeError,
    );
  });

  it('recognises the control answer', () => {
    expect(isMiControlAnswer(encodeMiControlAnswer(MI600, 0x55aa), { inverter: MI600 })).toBe(true);
    expect(isMiControlAnswer(encodeMiControlAnswer(MI600, 0x55aa), { inverter: MI1500 })).toBe(false);
  });

  it('turns status frames into alarm-table codes', () => {
    const off = bytes('88 60 10 00 13 60 10 00 13 00 08 00 1F 9F');
    expect(unwrap(decodeMiStatusFrame(off))).toEqual({ input: 0, state: 8, code: 31, eventCode: 8310 });
    expect(unwrap(decodeMiStatusFrame(encodeMiStatusFrame(MI600, 1, 2, 0)))).toMatchObject({
      input: 1,
      eventCode: 5052,
    });
    expect(miStatusEventCode(3, 0, 0)).toBe(0);
    expect(miStatusEventCode(5, 8, 1)).toBe(5080);
  });
});

describe('MI decoders on garbage', () => {
  it('never throw on seeded random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 40 }), (data) => {
        for (const run of [
          () => decodeMiLiveAnswer(data),
          () => decodeMiInfo([data]),
          () => decodeMiGridProfile(data),
          () => decodeMiStatusFrame(data),
          () => parseMiControl(data),
          () => parseMiRequest(data),
        ]) {
          const result = run();
          expect(typeof result.ok).toBe('boolean');
        }
      }),
      { numRuns: 500, seed: 35 },
    );
  });
});

describe('MI info answers of real inverters (the capture corpus)', () => {
  it("decodes an MI-600's two info frames, naming the inverter twice, to its hand decode", () => {
    const stem = 'mi-600-info-ahoy-esp-1111-1';
    const entry = readEntry(stem);
    const exchange = entry.exchanges[0]!;
    const expected = exchange.expected.devinfo as Record<string, number | string>;
    const frames = answerFrames(stem, exchange);
    expect(frames).toHaveLength(2);
    // The DTU's address is in the request, the inverter's own in bytes 5..8 of both answers.
    const info = unwrap(
      decodeMiInfo(frames, { inverter: entry.serial!, dtu: Number.parseInt(entry.dtu_address!, 16) }),
    );
    expect(info.fwVersion).toBe(expected.fw_build_version);
    expect(info.bootloaderVersion).toBe(expected.fw_bootloader_version);
    expect(info.hwPartNumber).toBe(expected.hw_part_number);
    const [date, time] = String(expected.fw_build_datetime).split(' ');
    const [year, month, day] = date!.split('-').map(Number);
    const [hour, minute] = time!.split(':').map(Number);
    expect([info.fwBuildYear, info.fwBuildMonthDay, info.fwBuildHourMinute]).toEqual([
      year,
      month! * 100 + day!,
      hour! * 100 + minute!,
    ]);
    expect(lookupModel(info.hwPartNumber!)).toEqual({
      model: expected.hw_model_name,
      maxPowerW: expected.max_power,
    });
  });
});
