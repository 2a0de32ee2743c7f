import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import protocol from '../data/protocol.json';
import runtime from '../data/runtime-fields.json';
import { crc8 } from '../src/crc';
import {
  FragmentAssembler,
  MAX_REREQUESTS,
  MAX_RESENDS,
  reassemble,
  type WindowDecision,
} from '../src/fragments';
import { buildDataRequest, encodeResponseFragments } from '../src/frame';
import { bytes, errorCode, flipped, hex, unwrap } from './helpers/frame-test-utils';

const HM = '114182345678';
const HMS = '114483010203';
const DTU = '199980112345';

/** A response of `count` fragments (16 data bytes each except the last) with a valid CRC16. */
function response(count: number, lastLength = 6, command = 0x15): Uint8Array[] {
  const data = Uint8Array.from({ length: (count - 1) * 16 + lastLength - 2 }, (_, i) => (i * 7 + 3) & 0xff);
  return encodeResponseFragments({ inverter: HM, dtu: DTU, command, payload: data, appendCrc16: true });
}

function assembler(): FragmentAssembler {
  return new FragmentAssembler({ command: 0x95, inverter: HM, dtu: DTU });
}

function feed(a: FragmentAssembler, frames: (Uint8Array | undefined)[]): void {
  for (const frame of frames) if (frame) a.accept(frame);
}

function reseal(frame: Uint8Array): Uint8Array {
  const copy = frame.slice();
  copy[copy.length - 1] = crc8(copy, 0, copy.length - 1);
  return copy;
}

describe('limits', () => {
  it('are the documented ones', () => {
    expect(MAX_RESENDS).toBe(protocol.retries.maxResendWhenNothingReceived);
    expect(MAX_REREQUESTS).toBe(protocol.retries.maxFragmentReRequests);
    expect([MAX_RESENDS, MAX_REREQUESTS]).toEqual([4, 5]);
  });
});

describe('reassembly of the data-file vectors', () => {
  const sets = [
    {
      name: 'alarm log',
      frames: protocol.testVectors.alarmLog.frames,
      without: protocol.testVectors.alarmLog.payloadWithoutCrc,
    },
    ...runtime.testVectors.map((v) => ({
      name: `run data ${v.family}`,
      frames: v.responseFrames,
      without: v.payloadWithoutCrc,
    })),
    {
      name: 'devInfo simple',
      frames: protocol.testVectors.devInfo.simpleFrames,
      without: '27 80 10 22 71 01 01 00 00 00 00 00 00 00',
    },
  ];

  it.each(sets)('$name: in order', ({ frames, without }) => {
    const a = new FragmentAssembler({ command: 0x15 });
    for (const f of frames) expect(unwrap(a.accept(bytes(f)))).toBe('stored');
    const decision = a.endWindow();
    expect(decision.action).toBe('complete');
    if (decision.action !== 'complete') return;
    expect(hex(decision.payloadWithoutCrc)).toBe(without);
    expect(decision.payload.length).toBe(decision.payloadWithoutCrc.length + 2);
    expect(decision.fragments).toBe(frames.length);
    expect(decision.command).toBe(0x95);
  });

  it.each(sets)('$name: reversed, with duplicates', ({ frames, without }) => {
    const result = unwrap(reassemble([...frames, ...frames].reverse().map(bytes), { command: 0x95 }));
    expect(hex(result.payloadWithoutCrc)).toBe(without);
  });

  it('run data: the payload CRC16 is the one in the vector', () => {
    for (const v of runtime.testVectors) {
      const result = unwrap(reassemble(v.responseFrames.map(bytes)));
      expect(hex(result.payload.subarray(-2)).replace(' ', '')).toBe(v.payloadCrc16);
    }
  });
});

describe('window decisions (domain A.2)', () => {
  it('nothing received: resend 4 times, then fail', () => {
    const a = assembler();
    for (let attempt = 1; attempt <= 4; attempt++)
      expect(a.endWindow()).toEqual({ action: 'resend', attempt });
    const last = a.endWindow();
    expect(last).toMatchObject({ action: 'fail', failure: 'nothing', error: { code: 'no-response' } });
    expect(a.finished).toBe(true);
    expect(a.endWindow()).toBe(last);
  });

  it('a CRC8-bad frame is reported, not stored', () => {
    const a = assembler();
    const [first] = response(2);
    expect(errorCode(a.accept(flipped(first!, 12, 1)))).toBe('bad-crc8');
    expect(a.received).toEqual([]);
    expect(a.counters.badCrc8).toBe(1);
    expect(a.endWindow()).toEqual({ action: 'resend', attempt: 1 });
  });

  it('last fragment missing: re-request highest received + 1', () => {
    const [f1, f2] = response(3);
    const a = assembler();
    feed(a, [f2, f1]);
    expect(a.endWindow()).toEqual({ action: 'rerequest', fragment: 3, attempt: 1 });
  });

  it('last missing takes precedence over a middle gap', () => {
    const [f1, , f3] = response(4);
    const a = assembler();
    feed(a, [f1, f3]);
    expect(a.endWindow()).toEqual({ action: 'rerequest', fragment: 4, attempt: 1 });
  });

  it('middle fragments missing: re-request the lowest, one at a time, until complete', () => {
    const frames = response(5);
    const a = assembler();
    feed(a, [frames[4], frames[2]]);
    expect(a.lastFragment).toBe(5);
    expect(a.endWindow()).toEqual({ action: 'rerequest', fragment: 1, attempt: 1 });
    expect(a.endWindow()).toEqual({ action: 'rerequest', fragment: 1, attempt: 2 }); // lost again
    feed(a, [frames[0]]);
    expect(a.endWindow()).toEqual({ action: 'rerequest', fragment: 2, attempt: 3 });
    feed(a, [frames[1]]);
    expect(a.endWindow()).toEqual({ action: 'rerequest', fragment: 4, attempt: 4 });
    feed(a, [frames[3]]);
    const done = a.endWindow();
    expect(done.action).toBe('complete');
    expect(a.reRequests).toBe(4);
  });

  it('re-requests exhausted after 5: fail', () => {
    const [f1] = response(2);
    const a = assembler();
    feed(a, [f1]);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(a.endWindow()).toEqual({ action: 'rerequest', fragment: 2, attempt });
    }
    const last = a.endWindow();
    expect(last).toMatchObject({ action: 'fail', failure: 'partial', error: { code: 'missing-fragment' } });
  });

  it('a resend does not use up re-requests and vice versa', () => {
    const [f1, f2] = response(2);
    const a = assembler();
    expect(a.endWindow()).toEqual({ action: 'resend', attempt: 1 });
    feed(a, [f2]);
    expect(a.endWindow()).toEqual({ action: 'rerequest', fragment: 1, attempt: 1 });
    feed(a, [f1]);
    expect(a.endWindow().action).toBe('complete');
    expect([a.resends, a.reRequests]).toEqual([1, 1]);
  });

  it('a bad CRC16 over the joined payload fails the command', () => {
    const frames = response(2);
    const a = assembler();
    feed(a, [frames[0], reseal(flipped(frames[1]!, 11, 0x10))]);
    const decision = a.endWindow();
    expect(decision).toMatchObject({ action: 'fail', failure: 'corrupt', error: { code: 'bad-crc16' } });
  });

  it('without the CRC16 check (device-control acks) a complete set is enough', () => {
    const frames = encodeResponseFragments({
      inverter: HM,
      dtu: DTU,
      command: 0x51,
      payload: bytes('00 00 0B 00 FF FF'),
    });
    const a = new FragmentAssembler({ command: 0xd1, checkCrc16: false });
    feed(a, frames);
    expect(a.endWindow()).toMatchObject({ action: 'complete', command: 0xd1 });
    const checked = new FragmentAssembler({ command: 0xd1 });
    feed(checked, frames);
    expect(checked.endWindow()).toMatchObject({ action: 'fail', error: { code: 'bad-crc16' } });
  });

  it('a payload too short to hold a CRC16 is truncated', () => {
    const frames = encodeResponseFragments({ inverter: HM, dtu: DTU, command: 0x15, payload: bytes('00') });
    expect(errorCode(reassemble(frames))).toBe('truncated-payload');
  });

  it('12 fragments without a last one: fail', () => {
    const frames = response(12, 16).map((f, i) =>
      i === 11 ? reseal(Uint8Array.from(f, (b, j) => (j === 9 ? 12 : b))) : f,
    );
    const a = assembler();
    feed(a, frames);
    expect(a.received).toHaveLength(12);
    expect(a.endWindow()).toMatchObject({ action: 'fail', error: { code: 'corrupt-fragment' } });
  });
});

describe('rejected fragments', () => {
  it('duplicates: same bytes ignored, different bytes corrupt and re-requested', () => {
    const frames = response(3);
    const a = assembler();
    expect(unwrap(a.accept(frames[0]!))).toBe('stored');
    expect(unwrap(a.accept(frames[0]!))).toBe('duplicate');
    expect(unwrap(a.accept(frames[1]!))).toBe('stored');
    expect(unwrap(a.accept(frames[2]!))).toBe('stored');
    expect(errorCode(a.accept(reseal(flipped(frames[1]!, 14, 0x01))))).toBe('corrupt-fragment');
    expect(a.received).toEqual([1, 3]);
    expect(a.counters).toMatchObject({ stored: 3, duplicates: 1, corrupt: 1 });
    expect(a.endWindow()).toEqual({ action: 'rerequest', fragment: 2, attempt: 1 });
    feed(a, [frames[1]]);
    expect(a.endWindow().action).toBe('complete');
  });

  it("an HM's answer naming itself in bytes 5..8 is assembled; another DTU's is counted and left out", () => {
    const data = Uint8Array.from({ length: 30 }, (_, i) => i);
    const own = encodeResponseFragments({
      inverter: HM,
      dtu: HM,
      command: 0x15,
      payload: data,
      appendCrc16: true,
    });
    const foreign = encodeResponseFragments({
      inverter: HM,
      dtu: '199980112399',
      command: 0x15,
      payload: data.map((b) => b ^ 0xff),
      appendCrc16: true,
    });
    const a = assembler();
    feed(a, [foreign[0], own[0], foreign[1], own[1]]);
    expect(a.counters).toMatchObject({ stored: 2, otherDtu: 2, rejected: 0 });
    const done = a.endWindow();
    expect(done.action).toBe('complete');
    expect(done.action === 'complete' ? [...done.payloadWithoutCrc] : []).toEqual([...data]);
  });

  it('fragment numbers 0 and ≥ 13 are discarded', () => {
    const [f1] = response(1);
    const a = assembler();
    for (const number of [0x00, 0x80, 0x0d, 0x8d, 0x7f]) {
      const frame = reseal(Uint8Array.from(f1!, (b, i) => (i === 9 ? number : b)));
      expect(errorCode(a.accept(frame))).toBe('bad-fragment-number');
    }
    expect(a.received).toEqual([]);
    expect(a.counters.rejected).toBe(5);
  });

  it('fragments beyond the last one, or a last one below a stored fragment, are corrupt', () => {
    const frames = response(4);
    const a = assembler();
    feed(a, [frames[3]]);
    const fifth = reseal(Uint8Array.from(frames[2]!, (b, i) => (i === 9 ? 5 : b)));
    expect(errorCode(a.accept(fifth))).toBe('corrupt-fragment');
    const b = assembler();
    feed(b, [frames[2]]);
    const lastTwo = reseal(Uint8Array.from(frames[1]!, (x, i) => (i === 9 ? 0x82 : x)));
    expect(errorCode(b.accept(lastTwo))).toBe('corrupt-fragment');
    expect(b.received).toEqual([3]);
  });

  it('wrong command, wrong address, requests and short frames are refused', () => {
    const a = assembler();
    const ack = encodeResponseFragments({
      inverter: HM,
      dtu: DTU,
      command: 0x51,
      payload: bytes('00 00 0B 00 14 07'),
    });
    expect(errorCode(a.accept(ack[0]!))).toBe('unexpected-command');
    const other = encodeResponseFragments({
      inverter: HMS,
      dtu: DTU,
      command: 0x15,
      payload: bytes('00 01 02 03'),
    });
    expect(errorCode(a.accept(other[0]!))).toBe('wrong-address');
    const request = buildDataRequest({ inverter: HM, dtu: DTU, dataType: 0x0b, time: 0 });
    expect(errorCode(a.accept(request))).toBe('unexpected-command');
    expect(errorCode(a.accept(new Uint8Array(5)))).toBe('short-frame');
    expect(a.received).toEqual([]);
  });

  it('without a command option the first fragment fixes it', () => {
    const a = new FragmentAssembler();
    const [f1, f2] = response(2);
    feed(a, [f1]);
    const ack = encodeResponseFragments({
      inverter: HM,
      dtu: DTU,
      command: 0x51,
      payload: new Uint8Array(20),
    });
    expect(errorCode(a.accept(ack[1]!))).toBe('unexpected-command');
    feed(a, [f2]);
    expect(a.endWindow().action).toBe('complete');
  });

  it('frames after the decision are ignored', () => {
    const frames = response(1);
    const a = assembler();
    feed(a, frames);
    const decision = a.endWindow();
    expect(unwrap(a.accept(frames[0]!))).toBe('ignored');
    expect(a.endWindow()).toBe(decision);
  });
});

/** Independent statement of the A.2 table, for the property test. */
function expectedDecision(delivered: Set<number>, n: number, resends: number, reRequests: number): string {
  if (delivered.size === 0) return resends < MAX_RESENDS ? 'resend' : 'fail:no-response';
  let next: number | undefined;
  if (!delivered.has(n)) next = Math.max(...delivered) + 1;
  else for (let k = n; k >= 1; k--) if (!delivered.has(k)) next = k;
  if (next === undefined) return 'complete';
  return reRequests < MAX_REREQUESTS ? `rerequest:${next}` : 'fail:missing-fragment';
}

function describeDecision(d: WindowDecision): string {
  if (d.action === 'rerequest') return `rerequest:${d.fragment}`;
  if (d.action === 'fail') return `fail:${d.error.code}`;
  return d.action;
}

describe('property: random payloads through a lossy, reordering, duplicating radio', () => {
  it('reaches the decision the A.2 table prescribes, window after window', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 190 }),
        // Per window: which fragments get through (by index into a shuffled list) and which are doubled.
        fc.array(
          fc.record({ keep: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), seed: fc.nat() }),
          {
            minLength: 12,
            maxLength: 12,
          },
        ),
        fc.boolean(),
        (data, windows, noisy) => {
          const frames = encodeResponseFragments({
            inverter: HMS,
            dtu: DTU,
            command: 0x15,
            payload: data,
            appendCrc16: true,
          });
          const n = frames.length;
          const a = new FragmentAssembler({ command: 0x95, inverter: HMS, dtu: DTU });
          const delivered = new Set<number>();
          let resends = 0;
          let reRequests = 0;
          let asked: number[] = frames.map((_, i) => i + 1);
          for (const window of windows) {
            // Deliver the asked-for fragments that survive, shuffled, some twice, plus CRC8-bad noise.
            const surviving = asked.filter((_, i) => window.keep[i % 12]);
            const order = [...surviving, ...surviving.filter((_, i) => (window.seed >> i) & 1)];
            order.sort((x, y) => ((x * 31 + window.seed) % 13) - ((y * 31 + window.seed) % 13));
            for (const k of order) {
              const outcome = unwrap(a.accept(frames[k - 1]!));
              expect(outcome).toBe(delivered.has(k) ? 'duplicate' : 'stored');
              delivered.add(k);
              if (noisy) expect(errorCode(a.accept(flipped(frames[k - 1]!, 10, 0x01)))).toBe('bad-crc8');
            }
            const expected = expectedDecision(delivered, n, resends, reRequests);
            const decision = a.endWindow();
            expect(describeDecision(decision)).toBe(expected);
            if (decision.action === 'complete') {
              expect(decision.payloadWithoutCrc).toEqual(data);
              expect(decision.fragments).toBe(n);
              return;
            }
            if (decision.action === 'fail') return;
            if (decision.action === 'resend') {
              resends++;
              asked = frames.map((_, i) => i + 1);
            } else {
              reRequests++;
              asked = [decision.fragment];
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uint8Array({ maxLength: 34 }), { maxLength: 20 }),
        fc.boolean(),
        (frames, seal) => {
          const a = new FragmentAssembler({ command: 0x95 });
          for (const f of frames) {
            const frame = seal && f.length > 0 ? reseal(f) : f;
            const result = a.accept(frame);
            expect(typeof result.ok).toBe('boolean');
          }
          for (let i = 0; i < 12; i++) expect(typeof a.endWindow().action).toBe('string');
          expect(a.finished).toBe(true);
        },
      ),
    );
  });
});
