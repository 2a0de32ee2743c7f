/**
 * MI captures (first-generation MI-600) replayed through the engine: frames written from the documented
 * byte layout (docs/protocol.md, "The MI series"; the vectors of packages/hoymiles/test/mi.test.ts: live
 * answers by hand, the info exchange and the status frame from public captures), in AhoyDTU's log format
 * and in OpenDTU's line format. MI frames carry no CRC16 and are not fragments: only CRC8 is checked, and
 * answers are matched to requests by address and command.
 */

import { ManualClock } from '@dtu-console/clock';
import { crc8, toHex } from '@dtu-console/hoymiles';
import { readCapture } from '@dtu-console/radio/replay/capture';
import { ReplayRadio } from '@dtu-console/radio/replay/replay-radio';
import { SeededRandom } from '@dtu-console/radio/simulated/random';
import { describe, expect, it } from 'vitest';
import { ahoyRx, bytesOf, opendtuNrf, withBadCrc8 } from '../../../../radio/test/helpers/radio-captures';
import { EventBus } from '../../../src/bus';
import { InverterEngine } from '../../../src/engine/engine';
import { LiveModel } from '../../../src/engine/live-model';
import { MI_ESTIMATED_EFFICIENCY } from '../../../src/engine/mi-values';
import { engineSettings, inverterSettings } from '../../../src/engine/settings';
import { inverterDetailJson } from '../../../src/output/live-json';
import { recordTransmits } from '../../helpers/transmits';

/** 21 June 2026 12:00 CEST. */
const NOON = Date.UTC(2026, 5, 21, 10, 0, 0);
const LOCATION = { latitude: 51.1657, longitude: 10.4515 };
const MI600 = '104160100013';

/** Requests of the capture's DTU (199986097668): the live inputs as this gateway builds them, and the
 * captured info request with 00 in byte 9. */
const REQUEST = {
  input1: '09 60 10 00 13 86 09 76 68 09 F2',
  input2: '11 60 10 00 13 86 09 76 68 11 F2',
  info: '0f 60 10 00 13 86 09 76 68 00 fd',
  gridProfile: '10 60 10 00 13 86 09 76 68 10 F2',
  on: '51 60 10 00 13 86 09 76 68 55 AA 5C',
  off: '51 60 10 00 13 86 09 76 68 AA 55 5C',
};
const ANSWER = {
  input1: '89 60 10 00 13 60 10 00 13 01 60 00 51 09 0A 13 89 0B 23 04 D2 FF DD 03 00 FF',
  input2: '91 60 10 00 13 60 10 00 13 01 5E 00 4F 09 0A 13 89 0B 5B 04 B0 FF DD 03 00 DD',
  info: [
    '8f 60 10 00 13 60 10 00 13 00 00 ce 00 ec 07 e2 04 67 03 52 00 11 00 01 70 41 5b',
    '8f 60 10 00 13 60 10 00 13 01 00 13 11 8f 0e 00 04 cd 00 14 22 60 00 11 00 01 82',
  ],
  gridProfile: '90 60 10 00 13 60 10 00 13 00 00 0A 00 03 99',
  /** The control answer: `D1`, the inverter's id twice, the code echoed (docs/protocol.md). */
  on: 'D1 60 10 00 13 60 10 00 13 55 AA 2E',
  off: 'D1 60 10 00 13 60 10 00 13 AA 55 2E',
  /** Input 1 reports state 8, code 31 on its own. */
  status: '88 60 10 00 13 60 10 00 13 00 08 00 1F 9F',
};

/** AhoyDTU's tool: answers only, with the tool's own lines around them. */
function ahoyLog(): string {
  return [
    'Poll 104160100013',
    ahoyRx(3, ANSWER.info[0]!),
    ahoyRx(3, ANSWER.info[1]!),
    ahoyRx(3, ANSWER.gridProfile),
    'Poll 104160100013',
    ahoyRx(75, ANSWER.input1),
    ahoyRx(40, ANSWER.input2),
  ].join('\n');
}

/** OpenDTU's line format: each request, then its answer. */
function openDtuLog(): string {
  return [
    `00:00:01.003 > ${opendtuNrf.tx('MiRealTimeRunData', 61, REQUEST.input1)}`,
    `00:00:01.040 > ${opendtuNrf.rx(3, ANSWER.input1, -30)}`,
    `00:00:01.103 > ${opendtuNrf.tx('MiRealTimeRunData', 75, REQUEST.input2)}`,
    `00:00:01.140 > ${opendtuNrf.rx(40, ANSWER.input2, -30)}`,
    `00:00:01.203 > ${opendtuNrf.tx('MiDevInfo', 3, REQUEST.info)}`,
    `00:00:01.240 > ${opendtuNrf.rx(23, ANSWER.info[0]!, -30)}`,
    `00:00:01.241 > ${opendtuNrf.rx(23, ANSWER.info[1]!, -30)}`,
    `00:00:01.303 > ${opendtuNrf.tx('MiGridProfile', 23, REQUEST.gridProfile)}`,
    `00:00:01.340 > ${opendtuNrf.rx(40, ANSWER.gridProfile, -30)}`,
  ].join('\n');
}

const MI1500 = '106161100013';

/** An MI frame written from the documented layout, closed with its CRC8. */
function miFrame(hex: string): string {
  const bytes = bytesOf(hex);
  return toHex(Uint8Array.of(...bytes, crc8(bytes, 0, bytes.length)));
}

/**
 * An MI-1500's four inputs in AhoyDTU's format: B6 is the vector of mi.test.ts (state 5, code 5), B7..B9
 * are written from the layout (producing: state 3, code 0).
 */
const MI1500_ANSWERS = [
  'B6 61 10 00 13 61 10 00 13 01 40 00 10 09 0A 13 88 01 46 00 64 01 2C 05 05 71',
  miFrame('B7 61 10 00 13 61 10 00 13 01 36 00 0F 09 0A 13 88 01 D1 00 5A 01 2C 03 00'),
  miFrame('B8 61 10 00 13 61 10 00 13 01 40 00 10 09 0A 13 88 01 F4 00 50 01 2C 03 00'),
  miFrame('B9 61 10 00 13 61 10 00 13 01 2C 00 0E 09 0A 13 88 01 90 00 46 01 2C 03 00'),
];

function replayStack(text: string, serial = MI600) {
  const clock = new ManualClock(NOON);
  const radio = new ReplayRadio({ file: '/captures/mi.log', read: async () => text });
  const sent = recordTransmits(radio);
  const live = new LiveModel({ bus: new EventBus(), now: () => clock.now() });
  const settings = engineSettings({
    dtu: { pollIntervalS: 5 },
    location: { ...LOCATION, timezone: 'CET-1CEST,M3.5.0,M10.5.0/3' },
    inverters: [
      inverterSettings({
        id: 0,
        order: 0,
        serial,
        name: serial,
        channels: Array.from({ length: serial === MI1500 ? 4 : 2 }, () => ({
          name: '',
          max_power: 0,
          yield_total_offset: 0,
        })),
      }),
    ],
  });
  const engine = new InverterEngine({ clock, radio, live, settings });
  return { clock, radio, live, engine, sent };
}

type Json = Record<string, Record<string, Record<string, { v: number; estimated?: true }>>>;

/** The documented values of the two live answers, through the API's JSON. */
function expectDocumentedValues(live: LiveModel): void {
  const inv = live.inverter(MI600)!;
  expect(inv.hasData).toBe(true);
  const json = inverterDetailJson(live, inv) as unknown as Json;
  const dc = [json.DC!['0']!, json.DC!['1']!];
  expect(dc.map((c) => c.Voltage!.v)).toEqual([35.2, 35]);
  expect(dc.map((c) => c.Current!.v)).toEqual([8.1, 7.9]);
  expect(dc.map((c) => c.Power!.v)).toEqual([285.1, 290.7]);
  expect(dc.map((c) => c.YieldDay!.v)).toEqual([1234, 1200]);
  const ac = json.AC!['0']!;
  expect(ac.Voltage!.v).toBe(231.4);
  expect(ac.Frequency!.v).toBe(50.01);
  // No AC power is reported: it is estimated from the DC power and marked so.
  expect(ac.Power!.v).toBeCloseTo((285.1 + 290.7) * MI_ESTIMATED_EFFICIENCY, 1);
  expect(ac.Power!.estimated).toBe(true);
  expect(ac.Voltage!.estimated).toBeUndefined();
  // Not reported by an MI, and not shown as a value.
  expect(ac.Current).toBeUndefined();
  expect(json.INV!['0']!.Temperature!.v).toBe(-3.5);
  expect(inv.values.dc.map((d) => d.yieldDay)).toEqual([1234, 1200]);
}

describe('MI captures through --radio replay', () => {
  it('reads requests and single-frame answers by address and command, checking CRC8 only', () => {
    const capture = readCapture(openDtuLog());
    expect(capture.problems).toEqual([]);
    expect(capture.exchanges.map((e) => [e.key, e.answers.length])).toEqual([
      ['mi:09', 1],
      ['mi:11', 1],
      ['mi:0F', 2],
      ['mi:10', 1],
    ]);
    const ahoy = readCapture(`${ahoyRx(3, ANSWER.status)}\n${ahoyLog()}`);
    expect(ahoy.problems).toEqual([]);
    // The info answer's two frames form one exchange; every other answer is one of its own. The status
    // frame heard before any exchange is handed on with the first one.
    expect(ahoy.exchanges.map((e) => [e.key, e.answers.map((a) => a.bytes[0])])).toEqual([
      ['mi:0F', [0x88, 0x8f, 0x8f]],
      ['mi:10', [0x90]],
      ['mi:09', [0x89]],
      ['mi:11', [0x91]],
    ]);
  });

  it.each([1, 2, 3, 4])(
    'never throws on seeded garbage with MI command bytes (seed %i), keeping only good CRC8',
    async (seed) => {
      const random = new SeededRandom(`mi-replay-fuzz-${seed}`);
      const byte = () => Math.floor(random.next() * 256);
      const commands = [
        0x09, 0x11, 0x36, 0x0f, 0x10, 0x51, 0x89, 0x91, 0xb6, 0x8f, 0x90, 0x88, 0x92, 0xd1, 0x15, 0x95,
      ];
      for (let round = 0; round < 100; round++) {
        const lines = Array.from({ length: Math.floor(random.next() * 12) }, () => {
          const bytes = Uint8Array.from({ length: 1 + Math.floor(random.next() * 34) }, byte);
          bytes[0] = commands[Math.floor(random.next() * commands.length)]!;
          // Most frames sealed with a good CRC8, the rest left as garbage.
          if (random.chance(0.7) && bytes.length > 1)
            bytes[bytes.length - 1] = crc8(bytes, 0, bytes.length - 1);
          return random.chance(0.5) ? opendtuNrf.tx('Mi', 3, toHex(bytes)) : ahoyRx(3, toHex(bytes));
        });
        const text = lines.join('\n');
        const capture = readCapture(text);
        for (const exchange of capture.exchanges) {
          for (const answer of exchange.answers) {
            expect(crc8(answer.bytes, 0, answer.bytes.length - 1)).toBe(answer.bytes.at(-1));
          }
        }
        const radio = new ReplayRadio({ file: 'fuzz.log', read: async () => text });
        await radio.start();
        await radio.transmit({ radio: 'NRF24', frame: bytesOf(REQUEST.input1), windowMs: 100 });
      }
    },
  );

  it('reports an MI frame that fails its CRC8 and plays its exchange as silence', () => {
    const capture = readCapture(
      [
        opendtuNrf.tx('MiRealTimeRunData', 61, REQUEST.input1),
        opendtuNrf.rx(3, withBadCrc8(ANSWER.input1)),
      ].join('\n'),
    );
    expect(capture.problems).toEqual([{ line: 2, message: expect.stringMatching(/^CRC8 does not match/) }]);
    expect(capture.exchanges).toMatchObject([{ key: 'mi:09', answers: [] }]);
  });

  it('gives the documented values of an AhoyDTU log, with model, grid profile and estimated AC power', async () => {
    const s = replayStack(ahoyLog());
    const started = s.engine.start();
    await s.clock.advance(30_000);
    await started;
    expectDocumentedValues(s.live);
    const inv = s.live.inverter(MI600)!;
    expect(inv.deviceInfo.hwModelName).toBe('MI-600');
    expect(inv.maxPowerW).toBe(600);
    expect(inv.mi?.gridProfile).toEqual({ code: 10, version: 3 });
    // The engine asked the MI's own 11-byte requests, and each found its answer at the first send.
    expect(new Set(s.sent.map((r) => r.frame[0]))).toEqual(new Set([0x09, 0x11, 0x0f, 0x10]));
    expect(s.sent.every((r) => r.frame.length === 11)).toBe(true);
    expect(inv.radioStats).toMatchObject({ tx_re_request: 0 });
    expect(s.radio.status()).toMatchObject({
      mode: 'replay',
      simulated: false,
      nrf: { configured: true, connected: true },
      cmt: { configured: false, connected: false },
      replay: { exchanges: 4, inverters: ['60100013'], problems: [] },
    });
    await s.engine.stop();
  });

  it('gives the documented values of a log in OpenDTU’s line format', async () => {
    const s = replayStack(openDtuLog());
    const started = s.engine.start();
    await s.clock.advance(30_000);
    await started;
    expectDocumentedValues(s.live);
    expect(s.live.inverter(MI600)!.deviceInfo.hwModelName).toBe('MI-600');
    expect(s.live.inverter(MI600)!.radioStats.rssi).toBe(-30);
    // The MI's answers name the inverter twice: they are played as captured, not re-addressed.
    const answers = await s.radio.transmit({ radio: 'NRF24', frame: bytesOf(REQUEST.input1), windowMs: 100 });
    expect([...answers[0]!]).toEqual([...bytesOf(ANSWER.input1)]);
    await s.engine.stop();
  });

  it('hands a status frame on with the answer it came in, into the event log', async () => {
    const s = replayStack([ahoyRx(3, ANSWER.status), ahoyLog()].join('\n'));
    const started = s.engine.start();
    await s.clock.advance(30_000);
    await started;
    const inv = s.live.inverter(MI600)!;
    expect(inv.eventLog.map((e) => e.messageId)).toContain(8310);
    await s.engine.stop();
  });

  it('replays an MI’s on and off: the control answer joins its MI request, not an HM one', async () => {
    const text = [
      openDtuLog(),
      opendtuNrf.tx('MiPowerControl', 61, REQUEST.off),
      opendtuNrf.rx(3, ANSWER.off),
      opendtuNrf.tx('MiPowerControl', 61, REQUEST.on),
      opendtuNrf.rx(3, ANSWER.on),
    ].join('\n');
    const capture = readCapture(text);
    expect(capture.problems).toEqual([]);
    expect(capture.exchanges.slice(-2).map((e) => [e.key, e.answers.length])).toEqual([
      ['mi:51:AA55', 1],
      ['mi:51:55AA', 1],
    ]);
    const s = replayStack(text);
    const started = s.engine.start();
    await s.clock.advance(10_000);
    await started;
    expect(s.engine.setPower(MI600, 'off')).toBe('queued');
    await s.clock.advance(10_000);
    expect(s.live.inverter(MI600)!.powerSetStatus).toBe('Ok');
    expect(s.engine.setPower(MI600, 'on')).toBe('queued');
    await s.clock.advance(10_000);
    expect(s.live.inverter(MI600)!.powerSetStatus).toBe('Ok');
    await s.engine.stop();
  });

  it('replays a 4-input MI-1500 (0x36..0x39 answered by B6..B9) with the status bytes in its event log', async () => {
    const s = replayStack(
      MI1500_ANSWERS.map((frame, i) => ahoyRx([3, 23, 40, 61][i]!, frame)).join('\n'),
      MI1500,
    );
    const started = s.engine.start();
    await s.clock.advance(30_000);
    await started;
    const inv = s.live.inverter(MI1500)!;
    expect(inv.hasData).toBe(true);
    const json = inverterDetailJson(s.live, inv) as unknown as Json;
    const dc = ['0', '1', '2', '3'].map((c) => json.DC![c]!);
    expect(dc.map((c) => c.Voltage!.v)).toEqual([32, 31, 32, 30]);
    expect(dc.map((c) => c.Current!.v)).toEqual([1.6, 1.5, 1.6, 1.4]);
    expect(dc.map((c) => c.Power!.v)).toEqual([32.6, 46.5, 50, 40]);
    expect(dc.map((c) => c.YieldDay!.v)).toEqual([100, 90, 80, 70]);
    expect(json.AC!['0']!.Voltage!.v).toBe(231.4);
    expect(json.AC!['0']!.Frequency!.v).toBe(50);
    expect(json.AC!['0']!.Power!).toMatchObject({ estimated: true });
    expect(json.INV!['0']!.Temperature!.v).toBe(30);
    expect(inv.eventLog.map((e) => e.messageId)).toContain(5051);
    expect(new Set(s.sent.map((r) => r.frame[0]))).toEqual(new Set([0x36, 0x37, 0x38, 0x39, 0x0f, 0x10]));
    await s.engine.stop();
  });
});
