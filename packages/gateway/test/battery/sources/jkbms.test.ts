/**
 * The JK BMS source: published answers become battery readings, the answer is gathered from any split
 * of the line, and over a real serial line (a socat pseudo-terminal pair) the test plays the BMS: it
 * reads the request, checks it is the published one, and answers with a published answer.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { BatteryLimits } from '@dtu-console/contract';
import { SerialPort } from 'serialport';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeAnswer, type JkBmsAnswer } from '../../../src/battery/jkbms/frame';
import { JkBmsAnswerReader, JkBmsSource, jkReading } from '../../../src/battery/sources/jkbms';
import { collect, openable } from '../../helpers/battery-sources';
import { PtyPair } from '../../helpers/pty-pair';
import { rng } from '../../helpers/seeded';
import { until } from '../../powermeter/sink';

const data = (name: string) => readFileSync(new URL(`../data/${name}`, import.meta.url));
const REQUEST = data('jkbms-request-read-all.bin');
const SEVEN = data('jkbms-answer-b1a8s20p-7s.bin');
const FOURTEEN = data('jkbms-answer-14s-charging.bin');
const DISCHARGING = data('jkbms-answer-b1a24s15p-16s-discharging.bin');
const UNDERVOLTAGE = data('jkbms-answer-b1a24s15p-16s-undervoltage.bin');
const COLD = data('jkbms-answer-b1a24s15p-16s-cold.bin');

/** The owner's 7-cell answer as a battery reading. */
const SEVEN_READING = {
  socPercent: 90,
  voltageV: 26.58,
  currentA: 0,
  powerW: 0,
  temperatureC: 28,
  chargeCurrentLimitA: 25,
  dischargeCurrentLimitA: 200,
  alarms: [],
  warnings: [],
};

function answer(bytes: Uint8Array): JkBmsAnswer {
  const decoded = decodeAnswer(bytes);
  if ('refused' in decoded) throw new Error(decoded.refused);
  return decoded;
}

/** The test clock, counting the timers set on it that have neither fired nor been cancelled. */
class CountingClock extends ManualClock {
  pending = 0;

  override setTimer(ms: number, callback: () => void): () => void {
    this.pending++;
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      this.pending--;
    };
    const cancel = super.setTimer(ms, () => {
      settle();
      callback();
    });
    return () => {
      settle();
      cancel();
    };
  }
}

describe('JK BMS answers as battery readings', () => {
  it("maps the owner's 7-cell answer: limits from the over-current values while the MOSFETs are on", () => {
    expect(jkReading(answer(SEVEN))).toEqual(SEVEN_READING);
  });

  it('takes the higher battery sensor as the temperature, not the MOSFET, and the power as V × I', () => {
    // Sensors 30 and 28 °C, MOSFET 29 °C; 53.59 V × 2.08 A.
    expect(jkReading(answer(FOURTEEN))).toMatchObject({ temperatureC: 30, powerW: 111.5, currentA: 2.08 });
  });

  it('gives a negative power while discharging', () => {
    expect(jkReading(answer(DISCHARGING))).toMatchObject({ currentA: -8.8, powerW: -459.7 });
  });

  it('allows nothing out while the discharge MOSFET is off, and nothing in while the charge MOSFET is', () => {
    expect(jkReading(answer(UNDERVOLTAGE))).toMatchObject({
      socPercent: 0,
      dischargeCurrentLimitA: 0,
      chargeCurrentLimitA: 40,
      alarms: ['discharge_undervoltage'],
    });
    expect(jkReading(answer(COLD))).toMatchObject({
      temperatureC: 3,
      chargeCurrentLimitA: 0,
      dischargeCurrentLimitA: 40,
      alarms: ['battery_undertemperature'],
    });
  });

  it('allows nothing while a MOSFET is switched off in the settings, even when the status says on', () => {
    expect(jkReading({ ...answer(SEVEN), dischargeSwitch: false })).toMatchObject({
      dischargeCurrentLimitA: 0,
    });
  });
});

describe('JK BMS answer reader', () => {
  it('gathers an answer that comes a byte at a time, after noise', () => {
    const reader = new JkBmsAnswerReader();
    const events = [Uint8Array.of(0x00, 0x4e, 0x13), ...Array.from(SEVEN, (b) => Uint8Array.of(b))].flatMap(
      (chunk) => reader.push(chunk),
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({ frame: Uint8Array.from(SEVEN) });
  });

  it('refuses an answer cut short when the next request starts afresh', () => {
    const reader = new JkBmsAnswerReader();
    expect(reader.push(SEVEN.subarray(0, 100))).toEqual([]);
    expect(reader.reset()).toEqual({ refused: 'answer cut short: 100 of 264 bytes came' });
    expect(reader.push(SEVEN)).toEqual([{ frame: Uint8Array.from(SEVEN) }]);
  });

  it('refuses a corrupted answer once and finds the good one right after it', () => {
    const reader = new JkBmsAnswerReader();
    const altered = Buffer.from(SEVEN);
    altered[120] = (altered[120] ?? 0) ^ 0x01;
    const events = reader.push(Buffer.concat([altered, SEVEN]));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ refused: expect.stringMatching(/^bad checksum/) });
    expect(events[1]).toEqual({ frame: Uint8Array.from(SEVEN) });
  });

  it('never throws on 200 seeded garbage inputs, and reads the answer to the next request', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const next = rng(seed);
      const garbage = Uint8Array.from({ length: 2 + Math.floor(next() * 600) }, () =>
        Math.floor(next() * 256),
      );
      // Half of the inputs start like a frame, so the length and end checks get exercised too.
      if (seed % 2 === 0) garbage.set([0x4e, 0x57], 0);
      const reader = new JkBmsAnswerReader();
      expect(() => reader.push(garbage)).not.toThrow();
      expect(() => reader.reset()).not.toThrow();
      expect(reader.push(SEVEN)).toEqual([{ frame: Uint8Array.from(SEVEN) }]);
    }
  });
});

describe('JK BMS on a serial line: the test plays the BMS (socat pty pair)', () => {
  let clock: CountingClock;
  let dir: string;
  let pair: PtyPair;
  let bms: SerialPort | undefined;
  let heard: Buffer;
  let source: JkBmsSource | undefined;

  beforeEach(async () => {
    clock = new CountingClock(1_700_000_000_000);
    dir = await mkdtemp(join(tmpdir(), 'dtu-jkbms-'));
    pair = new PtyPair(dir, 'jkbms');
    await pair.start();
    heard = Buffer.alloc(0);
    const port = new SerialPort({ path: pair.peer, baudRate: BatteryLimits.jkbmsBaudRate, autoOpen: false });
    await new Promise<void>((resolve, reject) => port.open((error) => (error ? reject(error) : resolve())));
    port.on('data', (chunk: Buffer) => {
      heard = Buffer.concat([heard, chunk]);
    });
    bms = port;
  });
  afterEach(async () => {
    await source?.stop();
    source = undefined;
    const port = bms;
    bms = undefined;
    if (port?.isOpen) await new Promise<void>((resolve) => port.close(() => resolve()));
    await pair.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const start = async (iface: 'uart' | 'rs485' = 'uart') => {
    source = new JkBmsSource({ device: pair.device, interface: iface }, clock, 50);
    const got = collect(source);
    await until(() => source?.line?.isOpen === true);
    return got;
  };

  /** One poll period passes: the source asks; the test waits for the whole request and takes it. */
  const nextRequest = async (): Promise<Buffer> => {
    await clock.advance(BatteryLimits.jkbmsPollMs);
    await until(() => heard.length >= REQUEST.length);
    const request = heard.subarray(0, REQUEST.length);
    heard = heard.subarray(REQUEST.length);
    return request;
  };

  const reply = (bytes: Uint8Array) =>
    new Promise<void>((resolve, reject) =>
      bms?.write(Buffer.from(bytes), (e) => (e ? reject(e) : resolve())),
    );

  it('asks with the published request every poll period and reads the published answer', async () => {
    const got = await start();
    expect(await nextRequest()).toEqual(REQUEST);
    await reply(SEVEN);
    await until(() => got.readings.length === 1);
    expect(got.readings[0]).toEqual({ ...SEVEN_READING, atMs: clock.now() });
    expect(await nextRequest()).toEqual(REQUEST);
    await reply(FOURTEEN);
    await until(() => got.readings.length === 2);
    expect(got.readings[1]).toMatchObject({ voltageV: 53.59, currentA: 2.08 });
    expect([got.ok, got.bad]).toEqual([2, 0]);
  });

  it('refuses an answer with one byte altered, counts it, and reads the next answer', async () => {
    const got = await start();
    await nextRequest();
    const altered = Buffer.from(SEVEN);
    altered[120] = (altered[120] ?? 0) ^ 0x01;
    await reply(altered);
    await until(() => got.bad === 1);
    expect(got.readings).toEqual([]);
    expect(got.problems.at(-1)).toMatchObject({
      code: 'bad-frames',
      detail: expect.stringMatching(/answer refused, bad checksum.*\(1 so far\)$/),
    });
    await nextRequest();
    await reply(SEVEN);
    await until(() => got.readings.length === 1);
    expect(got.ok).toBe(1);
  });

  it('says plainly when the BMS stops answering', async () => {
    const got = await start();
    await nextRequest();
    await reply(SEVEN);
    await until(() => got.readings.length === 1);
    await nextRequest(); // no answer to this one
    expect(got.problems).toEqual([]);
    await nextRequest();
    expect(got.problems).toEqual([
      {
        code: 'no-reading',
        detail: `The JK BMS on ${pair.device} has not answered for 5 s: check that the BMS's TX goes to the adapter's RX, its RX to TX, and GND`,
      },
    ]);
  });

  it('names the RS485 wires, and ignores its own request echoed back by the adapter', async () => {
    const got = await start('rs485');
    await nextRequest();
    await reply(Buffer.concat([REQUEST, SEVEN]));
    await until(() => got.readings.length === 1);
    expect([got.ok, got.bad]).toEqual([1, 0]);
    await nextRequest();
    await nextRequest();
    expect(got.problems.at(-1)?.detail).toMatch(/check the A and B wires of the RS485 adapter$/);
  });

  it('stop leaves no clock timer and no open port behind, and asks no more', async () => {
    await start();
    expect(clock.pending).toBe(1);
    expect(await openable(pair.device, BatteryLimits.jkbmsBaudRate)).toBe(false);
    await source?.stop();
    expect(clock.pending).toBe(0);
    expect(source?.line?.isOpen).toBe(false);
    expect(await openable(pair.device, BatteryLimits.jkbmsBaudRate)).toBe(true);
    await clock.advance(3 * BatteryLimits.jkbmsPollMs);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard.length).toBe(0);
  });
});

describe('JK BMS without its device', () => {
  it('says the device is missing, with its path, asks nothing, and is quiet once stopped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-jkbms-'));
    const device = join(dir, 'ttyUSB-gone');
    const clock = new CountingClock(0);
    const source = new JkBmsSource({ device, interface: 'uart' }, clock, 50);
    const got = collect(source);
    await until(() => got.problems.length >= 2);
    expect(got.problems[0]).toEqual({ code: 'device-missing', detail: `Serial device ${device} not found` });
    // Polls pass without a request (the line is not open) and without a 'no-reading' of their own.
    await clock.advance(3 * BatteryLimits.jkbmsPollMs);
    expect(got.problems.every((p) => p.code === 'device-missing')).toBe(true);
    await source.stop();
    expect(clock.pending).toBe(0);
    const count = got.problems.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(got.problems.length).toBe(count);
    await rm(dir, { recursive: true, force: true });
  });
});
