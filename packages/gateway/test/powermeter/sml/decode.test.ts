import { describe, expect, it } from 'vitest';
import { MeterError } from '../../../src/powermeter/problems';
import { crc16x25, framesOf, SmlFramer } from '../../../src/powermeter/sml/frame';
import { smlReadings } from '../../../src/powermeter/sml/obis';
import { SML_TELEGRAMS, type SmlTelegram, telegramBytes } from '../../helpers/sml-telegrams';

function readingsOf(t: SmlTelegram) {
  const events = framesOf(telegramBytes(t));
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event?.kind !== 'telegram') throw new Error(`not a telegram: ${JSON.stringify(event)}`);
  return smlReadings(event.payload);
}

describe('SML CRC-16/X-25', () => {
  it('gives the check value of the CRC catalogue for "123456789"', () => {
    expect(crc16x25(Buffer.from('123456789'))).toBe(0x906e);
  });
});

describe('SML telegrams of real meters', () => {
  for (const [name, telegram] of Object.entries(SML_TELEGRAMS)) {
    it(`${name}: ${telegram.meter}`, () => {
      const r = readingsOf(telegram);
      const { expected } = telegram as SmlTelegram;
      expect(r.powerW).toBe(expected.powerW);
      expect(r.phasesW).toEqual(expected.phasesW);
      expect(r.importWh).toBe(expected.importWh);
      expect(r.exportWh).toBe(expected.exportWh);
    });
  }

  it('takes 1.7.0 − 2.7.0 where a meter sends no 16.7.0', () => {
    // A GetList response written by hand: 1.7.0 = 500 W, 2.7.0 = 1234.5 W (scaler −1).
    const entry = (c: number, unit: number, scaler: number, value: number[]) =>
      Buffer.from([
        0x77,
        0x07,
        0x01,
        0x00,
        c,
        0x07,
        0x00,
        0xff,
        0x01,
        0x01,
        0x62,
        unit,
        0x52,
        scaler & 0xff,
        0x50 | (value.length + 1),
        ...value,
        0x01,
      ]);
    const list = Buffer.concat([
      Buffer.from([
        0x76, 0x01, 0x62, 0x00, 0x62, 0x00, 0x72, 0x63, 0x07, 0x01, 0x77, 0x01, 0x01, 0x01, 0x01, 0x72,
      ]),
      entry(1, 27, 0, [0x01, 0xf4]),
      entry(2, 27, 0xff, [0x30, 0x39]),
      Buffer.from([0x01, 0x01, 0x63, 0x00, 0x00, 0x00]),
    ]);
    const r = smlReadings(list);
    expect(r.powerW).toBe(500 - 1234.5);
  });
});

describe('SML framing', () => {
  const easy = telegramBytes(SML_TELEGRAMS.easymeterQ3A);

  it('finds telegrams in a stream delivered one byte at a time, after garbage', () => {
    const framer = new SmlFramer();
    const stream = Buffer.concat([Buffer.from('garbage\x1b\x1b\x00'), easy, easy]);
    const events = [...stream].flatMap((b) => framer.push(Buffer.from([b])));
    expect(events.map((e) => e.kind)).toEqual(['telegram', 'telegram']);
    expect(framer.pending).toBe(0);
  });

  it('reports a CRC mismatch and reads the next telegram', () => {
    const bad = Buffer.from(easy);
    bad[200] = (bad[200] as number) ^ 0x01;
    const events = framesOf(Buffer.concat([bad, easy]));
    expect(events.map((e) => e.kind)).toEqual(['crc', 'telegram']);
  });

  it('reports a telegram cut off by the next start (bytes lost on the line)', () => {
    const cut = Buffer.concat([easy.subarray(0, 300), easy.subarray(301)]);
    const events = framesOf(Buffer.concat([cut, easy]));
    expect(events.map((e) => e.kind)).toEqual(['broken', 'telegram']);
  });

  it('waits for the rest of a truncated telegram and never holds more than its limit', () => {
    const framer = new SmlFramer();
    expect(framer.push(easy.subarray(0, 100))).toEqual([]);
    expect(framer.pending).toBe(100);
    const events = framer.push(Buffer.alloc(9000, 0x42));
    expect(events.map((e) => e.kind)).toEqual(['broken']);
    expect(framer.pending).toBeLessThan(8);
  });

  it('unescapes 1b1b1b1b inside the content', () => {
    // An octet string of 8 bytes holding 1b1b1b1b, escaped on the wire.
    const content = Buffer.from([0x09, 0x1b, 0x1b, 0x1b, 0x1b, 0x1b, 0x1b, 0x1b, 0x1b, 0x00, 0x00, 0x00]);
    const body = Buffer.concat([
      Buffer.from([0x1b, 0x1b, 0x1b, 0x1b, 0x01, 0x01, 0x01, 0x01]),
      content.subarray(0, 4),
      Buffer.from([0x1b, 0x1b, 0x1b, 0x1b]),
      content.subarray(4),
      Buffer.from([0x1b, 0x1b, 0x1b, 0x1b, 0x1a, 0x03]),
    ]);
    const crc = crc16x25(body);
    const telegram = Buffer.concat([body, Buffer.from([crc & 0xff, crc >> 8])]);
    const [event] = framesOf(telegram);
    expect(event?.kind).toBe('telegram');
    if (event?.kind === 'telegram') expect(event.payload.toString('hex')).toBe('091b1b1b1b1b1b1b1b');
  });

  it('names a telegram whose content is not SML', () => {
    expect(() => smlReadings(Buffer.from([0x76, 0x05, 0x01]))).toThrow(MeterError);
    expect(() => smlReadings(Buffer.from([0x7f, 0x7f, 0x7f]))).toThrow(/SML/);
  });
});
