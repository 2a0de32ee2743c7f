import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import protocol from '../../data/protocol.json';
import {
  decodeEventLog,
  EVENT_LOG_DATA_TYPE,
  type EventLogEntry,
  encodeEventLog,
  eventLogEntryFromUtc,
  eventLogTimes,
  eventMessage,
  eventMessageInfo,
  formatEventTime,
  renderEventLog,
} from '../../src/messages/event-log';
import { hex, joinFrames, toHex, withCrc } from '../helpers/hex';

const vec = protocol.testVectors.alarmLog;

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('event log test vector (protocol.json → alarmLog, tz +7200)', () => {
  const payload = withCrc(hex(vec.payloadWithoutCrc));

  it('is data type 0x11 and what the frames join to', () => {
    expect(EVENT_LOG_DATA_TYPE).toBe(0x11);
    expect(toHex(joinFrames(vec.frames))).toBe(toHex(payload));
  });

  it('decodes every entry', () => {
    const entries = unwrap(decodeEventLog(payload));
    expect(entries).toHaveLength(vec.entryCount);
    entries.forEach((e, i) => {
      const x = vec.entries[i]!;
      expect(e.eventWord).toBe(Number.parseInt(x.wcode, 16));
      expect(e.messageId).toBe(x.message_id);
      expect(e.rawStart).toBe(x.rawStart);
      expect(e.rawEnd).toBe(x.rawEnd);
    });
  });

  it('renders times and texts as the API shows them', () => {
    const entries = unwrap(decodeEventLog(payload));
    const view = renderEventLog(entries, { tzOffsetSeconds: vec.timezoneOffsetSeconds, messageSet: 'ALL' });
    expect(view.count).toBe(3);
    view.events.forEach((ev, i) => {
      const x = vec.entries[i]!;
      expect(ev.messageId).toBe(x.message_id);
      expect(ev.startTime).toBe(x.start_time);
      expect(ev.endTime).toBe(x.end_time);
      expect(formatEventTime(ev.startTime)).toBe(x.shownStart);
      expect(formatEventTime(ev.endTime)).toBe(x.shownEnd);
    });
    expect(view.events.map((e) => e.message)).toEqual([
      'inverter has started',
      'grid voltage too low',
      'inverter clock was synchronised',
    ]);
  });

  it('encodes the decoded entries back to the same bytes', () => {
    expect(toHex(encodeEventLog(unwrap(decodeEventLog(payload))))).toBe(toHex(payload));
  });
});

describe('event times', () => {
  const entry = (rawStart: number, startPm: boolean, rawEnd: number, endPm: boolean): EventLogEntry => ({
    eventWord: 1,
    messageId: 1,
    rawStart,
    rawEnd,
    startPm,
    endPm,
  });

  it('keeps negative UTC offsets signed (no unsigned wrap)', () => {
    // 01:00 UTC in New York winter (−5 h) is 20:00 of the previous local day.
    const t = eventLogTimes(entry(3600, false, 3700, false), -18000);
    expect(t).toEqual({ startTime: -14400, endTime: -14300 });
    expect(formatEventTime(t.startTime)).toBe('20:00:00');
    expect(formatEventTime(t.endTime)).toBe('20:01:40');
    // An open event keeps end 0 whatever the offset.
    expect(eventLogTimes(entry(3600, false, 0, true), -18000).endTime).toBe(0);
  });

  it('may exceed a day with a positive offset', () => {
    const t = eventLogTimes(entry(43000, true, 43100, true), 7200);
    expect(t.startTime).toBe(93400);
    expect(formatEventTime(t.startTime)).toBe('01:56:40');
  });

  it('formats modulo 24 h', () => {
    expect(formatEventTime(0)).toBe('00:00:00');
    expect(formatEventTime(86399)).toBe('23:59:59');
    expect(formatEventTime(86400)).toBe('00:00:00');
    expect(formatEventTime(-1)).toBe('23:59:59');
    expect(formatEventTime(-86401)).toBe('23:59:59');
  });
});

describe('message text', () => {
  it('uses the HMT override set', () => {
    expect(eventMessage(215, 'ALL')).toBe('PV1 input voltage too high');
    expect(eventMessage(215, 'HMT')).toBe('MPPT C input voltage too high');
    expect(eventMessage(143, 'HMT')).toBe('grid voltage too low');
  });

  it('knows id 171 only on HMT, and unknown ids as "Unknown"', () => {
    expect(eventMessage(171, 'HMT')).toBe('abnormal phase-to-phase angle');
    expect(eventMessage(171, 'ALL')).toBe('Unknown');
    expect(eventMessageInfo(171, 'ALL').category).toBeNull();
    expect(eventMessage(0, 'ALL')).toBe('Unknown');
    expect(eventMessage(5, 'HMT')).toBe('Unknown');
    expect(eventMessageInfo(143, 'ALL').category).toBe('grid');
  });

  it('reads only the low byte of the event word', () => {
    const payload = encodeEventLog([
      { eventWord: 0xc12d, messageId: 0x2d, rawStart: 1, rawEnd: 0, startPm: false, endPm: false },
    ]);
    const [e] = unwrap(decodeEventLog(payload));
    expect(e?.messageId).toBe(0x2d);
    expect(e?.startPm).toBe(false);
    expect(e?.eventWord).toBe(0xc12d); // 0x12d would be id 301: the extra bit is kept but not read
  });
});

describe('event log encode → decode', () => {
  const utcEntry = fc.record({
    id: fc.integer({ min: 0, max: 255 }),
    start: fc.integer({ min: 0, max: 86399 }),
    end: fc.option(fc.integer({ min: 0, max: 86399 })),
    extra: fc.constantFrom(0, 0x8000, 0x4000, 0x0f00),
  });

  it('keeps ids, PM flags and UTC times (with tz 0 the local times are the UTC times)', () => {
    fc.assert(
      fc.property(fc.array(utcEntry, { maxLength: 15 }), (list) => {
        const entries = list.map((x) => eventLogEntryFromUtc(x.id, x.start, x.end, x.extra));
        const payload = encodeEventLog(entries);
        expect(payload.length).toBe(2 + 12 * list.length + 2);
        const decoded = unwrap(decodeEventLog(payload));
        expect(decoded).toEqual(entries);
        decoded.forEach((e, i) => {
          const x = list[i]!;
          const t = eventLogTimes(e, 0);
          expect(e.messageId).toBe(x.id);
          expect(e.eventWord & 0xc000).toBe(x.extra & 0xc000);
          expect(t.startTime).toBe(x.start);
          if (x.end === null) expect(t.endTime).toBe(0);
          else expect(t.endTime).toBe(x.end % 43200 === 0 ? x.end + 1 : x.end);
        });
      }),
    );
  });

  it('keeps at most 15 entries', () => {
    const many = Array.from({ length: 20 }, (_, i) => eventLogEntryFromUtc(i + 1, i * 100, null));
    const payload = encodeEventLog(many);
    expect(payload.length).toBe(184);
    expect(unwrap(decodeEventLog(payload)).map((e) => e.messageId)).toEqual(
      many.slice(0, 15).map((e) => e.messageId),
    );
    // A longer payload than an inverter sends: only the first 15 entries are taken.
    const long = withCrc(Uint8Array.from([0, 1, ...Array.from({ length: 16 * 12 }, (_, i) => i % 251)]));
    expect(unwrap(decodeEventLog(long))).toHaveLength(15);
  });

  it('encodes an empty log as header and CRC', () => {
    const payload = encodeEventLog([]);
    expect(toHex(payload)).toBe(toHex(withCrc(hex('00 01'))));
    expect(unwrap(decodeEventLog(payload))).toEqual([]);
  });
});

describe('event log malformed input', () => {
  const payload = withCrc(hex(vec.payloadWithoutCrc));

  it('rejects a bad CRC16', () => {
    for (let i = 0; i < payload.length; i++) {
      const bad = payload.slice();
      bad[i]! ^= 0x04;
      const r = decodeEventLog(bad);
      expect(r.ok ? 'ok' : r.error.code).toBe('bad-crc16');
    }
  });

  it('rejects payloads too short for the header', () => {
    for (const p of [new Uint8Array(0), Uint8Array.of(0), withCrc(Uint8Array.of(0))]) {
      const r = decodeEventLog(p);
      expect(r.ok ? 'ok' : r.error.code).toBe('truncated-payload');
    }
  });

  it('ignores a partial entry before the CRC instead of reading the CRC as data', () => {
    // 2 + 12 + 10 data bytes: OpenDTU would count ⌊(26 − 2) / 12⌋ = 2 entries.
    const partial = withCrc(hex(vec.payloadWithoutCrc).subarray(0, 24));
    const entries = unwrap(decodeEventLog(partial));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.eventWord).toBe(0x8001);
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (bytes, seal) => {
        const r = decodeEventLog(seal ? withCrc(bytes) : bytes);
        if (r.ok) expect(r.value.length).toBeLessThanOrEqual(15);
        else expect(['truncated-payload', 'bad-crc16']).toContain(r.error.code);
      }),
    );
  });
});
