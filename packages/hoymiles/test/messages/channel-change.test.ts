import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import radio from '../../data/dtu-radio.json';
import protocol from '../../data/protocol.json';
import { crc8 } from '../../src/crc';
import {
  buildChannelChange,
  CHANNEL_CHANGE_ANSWER_LENGTH,
  CMT_COUNTRIES,
  type CmtCountryKey,
  cmtChannelOfFrequency,
  cmtCountry,
  cmtFrequencyOfChannel,
  encodeChannelChangeAnswer,
  isFrequencyLegal,
  parseChannelChange,
} from '../../src/messages/channel-change';
import { bytes, errorCode, hex, unwrap } from '../helpers/frame-test-utils';

const HMS = '114483010203';
const DTU = '199980112345';

function reseal(frame: Uint8Array): Uint8Array {
  const copy = frame.slice();
  copy[copy.length - 1] = crc8(copy, 0, copy.length - 1);
  return copy;
}

describe('CMT countries', () => {
  it('are loaded in cmt_country order with the prefixes of docs/protocol.md', () => {
    expect(CMT_COUNTRIES.map((c) => [c.id, c.key])).toEqual([
      [0, 'EU'],
      [1, 'US'],
      [2, 'BR'],
    ]);
    expect(cmtCountry('EU')?.channelChangePrefix).toEqual([0x02, 0x15, 0x21]);
    expect(cmtCountry(1)?.channelChangePrefix).toEqual([0x03, 0x17, 0x3c]);
    expect(cmtCountry('BR')).toMatchObject({ startupFrequencyHz: 915000000, freqDefaultHz: 918000000 });
    expect(cmtCountry(3)).toBeUndefined();
  });
});

describe('frequency ↔ channel', () => {
  it.each(radio.cmt2300a.examples)('$country $frequencyHz Hz → $channel', (example) => {
    const country = example.country as CmtCountryKey;
    const result = cmtChannelOfFrequency(country, example.frequencyHz);
    if (example.valid) {
      expect(unwrap(result)).toBe(example.channel);
      expect(unwrap(cmtFrequencyOfChannel(country, example.channel!))).toBe(example.frequencyHz);
      expect(isFrequencyLegal(country, example.frequencyHz)).toBe(!example.outsideLegalRange);
    } else {
      expect(errorCode(result)).toBe('invalid-value');
    }
  });

  it('rejects channels outside 1..254 and unknown countries', () => {
    expect(errorCode(cmtFrequencyOfChannel('EU', 0))).toBe('invalid-value');
    expect(errorCode(cmtFrequencyOfChannel('EU', 255))).toBe('invalid-value');
    expect(unwrap(cmtFrequencyOfChannel('US', 254))).toBe(963500000);
    expect(errorCode(cmtChannelOfFrequency(7, 865000000))).toBe('invalid-value');
    expect(errorCode(cmtChannelOfFrequency('EU', 865000000.5))).toBe('invalid-value');
  });
});

describe('channel change (0x56)', () => {
  it.each(protocol.testVectors.channelChange)('$country → channel $channel: encode byte-exact', (v) => {
    const country = v.country as CmtCountryKey;
    expect(hex(buildChannelChange({ inverter: HMS, dtu: DTU, country, channel: v.channel }))).toBe(v.frame);
    expect(
      hex(buildChannelChange({ inverter: HMS, dtu: DTU, country, frequencyHz: v.targetFrequencyHz })),
    ).toBe(v.frame);
    expect(cmtCountry(country)?.startupFrequencyHz).toBe(v.sentOnFrequencyHz);
  });

  it.each(protocol.testVectors.channelChange)('$country → channel $channel: decode', (v) => {
    const decoded = unwrap(parseChannelChange(bytes(v.frame), { inverter: HMS, dtu: DTU }));
    expect(decoded).toEqual({
      inverterAddress: 0x83010203,
      dtuAddress: 0x80112345,
      countries: v.country === 'EU' ? ['EU'] : ['US', 'BR'],
      channel: v.channel,
      frequencyHz: v.targetFrequencyHz,
    });
  });

  it('round-trips every channel of every country', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<CmtCountryKey>('EU', 'US', 'BR'),
        fc.integer({ min: 1, max: 254 }),
        (country, ch) => {
          const frame = buildChannelChange({ inverter: HMS, dtu: DTU, country, channel: ch });
          expect(frame).toHaveLength(15);
          const decoded = unwrap(parseChannelChange(frame));
          expect(decoded.channel).toBe(ch);
          expect(decoded.countries).toContain(country);
          expect(decoded.frequencyHz).toBe(unwrap(cmtFrequencyOfChannel(country, ch)));
        },
      ),
    );
  });

  it('throws on caller bugs', () => {
    expect(() => buildChannelChange({ inverter: HMS, dtu: DTU, country: 'EU', channel: 0 })).toThrow(
      RangeError,
    );
    expect(() =>
      buildChannelChange({ inverter: HMS, dtu: DTU, country: 'EU', frequencyHz: 865125000 }),
    ).toThrow(RangeError);
    expect(() => buildChannelChange({ inverter: HMS, dtu: DTU, country: 9, channel: 20 })).toThrow(
      RangeError,
    );
  });

  it('reports malformed frames with typed errors', () => {
    const frame = bytes(protocol.testVectors.channelChange[0]!.frame);
    expect(errorCode(parseChannelChange(frame.subarray(0, 9)))).toBe('short-frame');
    expect(errorCode(parseChannelChange(reseal(frame.subarray(0, 14))))).toBe('short-frame');
    const longer = new Uint8Array(16);
    longer.set(frame.subarray(0, 14));
    expect(errorCode(parseChannelChange(reseal(longer)))).toBe('long-frame');
    const badCrc = frame.slice();
    badCrc[12] = 21;
    expect(errorCode(parseChannelChange(badCrc))).toBe('bad-crc8');
    const badPrefix = frame.slice();
    badPrefix[10] = 0x16;
    expect(errorCode(parseChannelChange(reseal(badPrefix)))).toBe('invalid-value');
    const badTrailer = frame.slice();
    badTrailer[13] = 0x15;
    expect(errorCode(parseChannelChange(reseal(badTrailer)))).toBe('invalid-value');
    const badChannel = frame.slice();
    badChannel[12] = 0xff;
    expect(errorCode(parseChannelChange(reseal(badChannel)))).toBe('invalid-value');
    expect(errorCode(parseChannelChange(frame, { inverter: '114182345678' }))).toBe('wrong-address');
    expect(errorCode(parseChannelChange(bytes(protocol.testVectors.requestFrame[0]!.frame)))).toBe(
      'unexpected-command',
    );
  });
});

describe('the answer to a channel change (the capture corpus)', () => {
  // hms-unknown-channel-change-other-2573-1: a vendor DTU's frames with its HMS inverters, as its owner
  // published them (7E … 7F framing removed, addresses spaced): line 14.
  const captured = 'D6 83 19 90 47 80 16 46 33 02 00 15 21 4E';

  it("is D6, the DTU's address in bytes 5..8, the request's prefix with 00, as an HMS sent it", () => {
    const answer = encodeChannelChangeAnswer({ inverter: 0x83199047, dtu: 0x80164633, country: 'EU' });
    expect(hex(answer)).toBe(captured);
    expect(answer).toHaveLength(CHANNEL_CHANGE_ANSWER_LENGTH);
  });

  it('refuses an unknown country', () => {
    expect(() => encodeChannelChangeAnswer({ inverter: 1, dtu: 2, country: 99 })).toThrow(RangeError);
  });
});
