/** Reading captures: both log formats, every other line ignored, bad checksums reported by line. */
import { describe, expect, it } from 'vitest';
import { readCapture, requestKey } from '../../src/replay/capture';
import { SeededRandom } from '../../src/simulated';
import {
  ahoyRx,
  bytesOf,
  opendtuCmt,
  opendtuNrf,
  reRequestVector,
  runtimeVector,
  withBadCrc8,
  withBadCrc16Request,
  withBadPayload,
} from '../helpers/radio-captures';

const HM800 = runtimeVector('HM_2CH');
const HMS800 = runtimeVector('HMS_2CH');
const HM400 = runtimeVector('HM_1CH');

describe('readCapture', () => {
  it('reads OpenDTU nRF24 lines with a gap and its re-request, and ignores every other line', () => {
    const [f1, f2, f3] = HM800.responseFrames;
    const text = [
      '00:00:01.120 > Fetch inverter: 114182345678',
      `00:00:01.123 > ${opendtuNrf.tx('RealTimeRunData', 61, HM800.request.frame)}`,
      '00:00:01.130 > Interrupt received',
      `00:00:01.140 > ${opendtuNrf.rx(3, f1!)}`,
      `00:00:01.150 > ${opendtuNrf.rx(3, f3!, -30)}`,
      `00:00:01.640 > ${opendtuNrf.tx('RequestFrame', 75, reRequestVector(2))}`,
      `00:00:01.660 > ${opendtuNrf.rx(40, f2!)}`,
      '00:00:01.700 > Success',
      'E (1234) wifi: something unrelated 15 82 34 56',
    ].join('\n');
    const capture = readCapture(text);
    expect(capture.problems).toEqual([]);
    expect(capture.formats).toEqual(['opendtu']);
    expect(capture.frameLines).toBe(5);
    expect(capture.exchanges).toMatchObject([
      { address: 0x82345678, key: 'data:0B', line: 2, radio: 'NRF24' },
      { address: 0x82345678, key: 'frame:2', line: 6, radio: 'NRF24' },
    ]);
    expect(capture.exchanges[0]!.answers.map((a) => [a.line, a.rssi])).toEqual([
      [4, -80],
      [5, -30],
    ]);
    expect(capture.exchanges[1]!.answers.map((a) => a.bytes)).toEqual([bytesOf(f2!)]);
  });

  it('reads OpenDTU CMT2300A lines with the frequency', () => {
    const text = [
      opendtuCmt.tx('RealTimeRunData', 865, HMS800.request.frame),
      ...HMS800.responseFrames.map((frame) => opendtuCmt.rx(865, frame, -64)),
    ].join('\r\n');
    const capture = readCapture(text);
    expect(capture.problems).toEqual([]);
    expect(capture.exchanges).toHaveLength(1);
    expect(capture.exchanges[0]).toMatchObject({ address: 0x83010203, key: 'data:0B', radio: 'CMT' });
    expect(capture.exchanges[0]!.answers).toHaveLength(HMS800.responseFrames.length);
  });

  it("reads AhoyDTU's answers as answers to run-data requests, a repeated fragment starting the next", () => {
    const text = [
      'INFO: Poll inverter 112182216549',
      ...HM400.responseFrames.map((frame) => ahoyRx(75, frame)),
      ...HM400.responseFrames.map((frame) => ahoyRx(3, frame)),
    ].join('\n');
    const capture = readCapture(text);
    expect(capture.problems).toEqual([]);
    expect(capture.formats).toEqual(['ahoy']);
    expect(capture.exchanges.map((e) => [e.key, e.line, e.answers.length])).toEqual([
      ['data:0B', 2, 2],
      ['data:0B', 4, 2],
    ]);
  });

  it('reports a frame failing CRC8 with its line number and leaves it out', () => {
    const [f1, f2, f3] = HM800.responseFrames;
    const text = [
      opendtuNrf.tx('RealTimeRunData', 61, HM800.request.frame),
      opendtuNrf.rx(3, f1!),
      opendtuNrf.rx(3, withBadCrc8(f2!)),
      opendtuNrf.rx(3, f3!),
    ].join('\n');
    const capture = readCapture(text);
    expect(capture.problems).toEqual([{ line: 3, message: expect.stringMatching(/^CRC8 does not match/) }]);
    expect(capture.exchanges[0]!.answers.map((a) => a.line)).toEqual([2, 4]);
  });

  it('reports an answer failing CRC16 with its lines, and replays it as silence', () => {
    const [f1, f2, f3] = HM800.responseFrames;
    const text = [
      opendtuNrf.tx('RealTimeRunData', 61, HM800.request.frame),
      opendtuNrf.rx(3, f1!),
      opendtuNrf.rx(3, withBadPayload(f2!)),
      opendtuNrf.rx(3, f3!),
    ].join('\n');
    const capture = readCapture(text);
    expect(capture.problems).toEqual([{ line: 4, message: 'the answer of lines 2, 3, 4 fails its CRC16' }]);
    expect(capture.exchanges[0]!.answers).toEqual([]);
  });

  it('reports a request whose body fails CRC16, a shortened line and a wrong byte count', () => {
    const text = [
      opendtuNrf.tx('RealTimeRunData', 61, withBadCrc16Request(HM800.request.frame)),
      `RX Channel: 3 --> 95 82 34 56 78 …`,
      'Received 27 bytes on channel 75: 95 82 34 56 78',
    ].join('\n');
    const capture = readCapture(text);
    expect(capture.problems.map((p) => p.line)).toEqual([1, 2, 3]);
    expect(capture.problems[0]!.message).toBe('the request body fails its CRC16');
    expect(capture.problems[1]!.message).toMatch(/not in hex bytes/);
    expect(capture.problems[2]!.message).toBe('says 27 bytes but holds 5');
    expect(capture.exchanges).toEqual([]);
  });

  it('tells requests apart by what they ask, not by their time stamp', () => {
    expect(requestKey(bytesOf(HM800.request.frame))).toBe('data:0B');
    expect(requestKey(bytesOf(reRequestVector(5)))).toBe('frame:5');
  });

  it('never throws on garbage, and reports what looks like a frame line', () => {
    const random = new SeededRandom(32);
    const int = (low: number, high: number) => Math.floor(random.between(low, high + 1));
    for (let round = 0; round < 200; round++) {
      const lines = Array.from({ length: 20 }, () => {
        const bytes = Array.from({ length: int(0, 33) }, () =>
          int(0, 255).toString(16).padStart(2, '0'),
        ).join(' ');
        const kind = int(0, 3);
        if (kind === 0) return `RX Channel: ${int(0, 99)} --> ${bytes} | -80 dBm`;
        if (kind === 1) return `TX RealTimeRunData 865.00 MHz --> ${bytes}`;
        if (kind === 2) return `Received ${int(0, 40)} bytes on channel 3: ${bytes}`;
        return bytes;
      });
      const capture = readCapture(lines.join('\n'));
      expect(capture.frameLines).toBeGreaterThanOrEqual(capture.problems.length);
    }
  });
});
