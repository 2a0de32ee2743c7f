/**
 * The SmartShunt / BMV source: published blocks decode to the values their publishers printed, and the
 * same bytes are read from a real serial line (a socat pseudo-terminal pair).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  alarmKeys,
  shuntReading,
  VEDIRECT_ALARM_BITS,
  VeDirectBatterySource,
} from '../../../src/battery/sources/vedirect-battery';
import { decodeShunt } from '../../../src/battery/vedirect/fields';
import { type VeDirectBlock, VeDirectFramer } from '../../../src/battery/vedirect/framer';
import { collect, openable } from '../../helpers/battery-sources';
import { PtyPair } from '../../helpers/pty-pair';
import { rng } from '../../helpers/seeded';
import { until } from '../../powermeter/sink';

const data = (name: string) => readFileSync(new URL(`../data/${name}`, import.meta.url));
/** Published blocks: a BMV-712 Smart, a SmartShunt 500 A, and an MPPT's history block (no battery value). */
const BMV = data('vedirect-bmv-712-smart.bin');
const SHUNT = data('vedirect-smartshunt-500a.bin');
const HISTORY = data('vedirect-mppt-smartsolar-150-70.bin');

/** What the publishers' decoders printed for the two monitor blocks. */
const BMV_VALUES = { voltageV: 52.553, currentA: 25.919, powerW: 1362, socPercent: 66.8 };
const SHUNT_VALUES = { voltageV: 53.509, currentA: 23.866, powerW: 1277, socPercent: 54.8 };

function blocksOf(bytes: Uint8Array): VeDirectBlock[] {
  const blocks: VeDirectBlock[] = [];
  new VeDirectFramer((b) => blocks.push(b)).push(bytes);
  return blocks;
}

/** A text block of `fields` with its checksum byte (all bytes add up to 0 modulo 256). */
function block(fields: Iterable<[string, string]>): Buffer {
  const text = [...fields].map(([label, value]) => `\r\n${label}\t${value}`).join('');
  const body = Buffer.from(`${text}\r\nChecksum\t`, 'latin1');
  const sum = body.reduce((a, b) => (a + b) & 0xff, 0);
  return Buffer.concat([body, Buffer.from([(256 - sum) & 0xff])]);
}

/** The published BMV block with some fields changed, checksum recomputed. */
function bmvWith(changes: Record<string, string>): Buffer {
  const fields = new Map(blocksOf(BMV)[0]);
  for (const [label, value] of Object.entries(changes)) fields.set(label, value);
  return block(fields);
}

const hostTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

describe('VE.Direct battery monitor: decoding', () => {
  it('decodes the published BMV-712 Smart and SmartShunt blocks to the values printed beside them', () => {
    const [bmv] = blocksOf(BMV);
    const [shunt] = blocksOf(SHUNT);
    expect(bmv && shuntReading(decodeShunt(bmv))).toEqual({ ...BMV_VALUES, alarms: [], warnings: [] });
    expect(shunt && shuntReading(decodeShunt(shunt))).toEqual({ ...SHUNT_VALUES, alarms: [], warnings: [] });
  });

  it('gives no reading for a block that carries no battery value', () => {
    const [history] = blocksOf(HISTORY);
    expect(history).toBeDefined();
    expect(history && shuntReading(decodeShunt(history))).toBeUndefined();
  });

  it('names the alarm reason bits while the alarm is on, and none while it is off', () => {
    expect(alarmKeys({ alarm: true, alarmReason: 0b100101 })).toEqual([
      'low_voltage',
      'low_soc',
      'low_temperature',
    ]);
    expect(alarmKeys({ alarm: true, alarmReason: 0x2000 })).toEqual(['bms_lockout']);
    expect(alarmKeys({ alarm: true, alarmReason: 0x3fff })).toEqual([...VEDIRECT_ALARM_BITS]);
    expect(alarmKeys({ alarm: false, alarmReason: 5 })).toEqual([]);
    // On without a reason the gateway knows: still an alarm.
    expect(alarmKeys({ alarm: true, alarmReason: 0 })).toEqual(['alarm']);
    expect(alarmKeys({ alarm: true })).toEqual(['alarm']);
  });
});

describe('VE.Direct battery monitor on a serial line (socat pty pair)', () => {
  const clock = new ManualClock(1_700_000_000_000);
  let dir: string;
  let pair: PtyPair;
  let source: VeDirectBatterySource | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dtu-vedirect-'));
    pair = new PtyPair(dir, 'shunt');
  });
  afterEach(async () => {
    await source?.stop();
    source = undefined;
    await pair.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const open = async () => {
    await pair.start();
    source = new VeDirectBatterySource(pair.device, clock, 50);
    const got = collect(source);
    await until(() => source?.line?.opened === true);
    return got;
  };

  it('reads the published blocks, stamped on the gateway clock; a history block is good but no reading', async () => {
    const got = await open();
    await pair.write(Buffer.concat([BMV, HISTORY, SHUNT]));
    await until(() => got.readings.length === 2 && got.ok === 3);
    expect(got.readings).toEqual([
      { ...BMV_VALUES, alarms: [], warnings: [], atMs: clock.now() },
      { ...SHUNT_VALUES, alarms: [], warnings: [], atMs: clock.now() },
    ]);
    expect(got.bad).toBe(0);
  });

  it('drops a block with one byte altered, counts it, and reads the next one', async () => {
    const got = await open();
    const altered = Buffer.from(BMV);
    altered[altered.indexOf('52553') + 4] = 0x34; // V 52553 -> 52554
    await pair.write(altered);
    await until(() => got.bad === 1);
    expect(got.readings).toEqual([]);
    expect(got.problems.at(-1)).toEqual({
      code: 'bad-frames',
      detail: `${pair.device}: dropped a VE.Direct block with a wrong checksum`,
    });
    await pair.write(BMV);
    await until(() => got.readings.length === 1);
    expect(got.readings[0]).toMatchObject(BMV_VALUES);
    expect(got.ok).toBe(1);
  });

  it('delivers the good values of a block with one out of range, counted bad once', async () => {
    const got = await open();
    await pair.write(bmvWith({ SOC: '1500' }));
    await until(() => got.readings.length === 1);
    const { socPercent: _refused, ...rest } = BMV_VALUES;
    expect(got.readings[0]).toEqual({ ...rest, alarms: [], warnings: [], atMs: clock.now() });
    expect([got.ok, got.bad]).toEqual([0, 1]);
    expect(got.problems.at(-1)?.detail).toMatch(/out-of-range values: socPercent/);
  });

  it('reports the alarm a monitor raises, with its reasons', async () => {
    const got = await open();
    await pair.write(bmvWith({ Alarm: 'ON', AR: '5' }));
    await until(() => got.readings.length === 1);
    expect(got.readings[0]?.alarms).toEqual(['low_voltage', 'low_soc']);
  });

  it('never stumbles on 200 seeded garbage inputs, and reads the block after each', async () => {
    const got = await open();
    const stream: Buffer[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const next = rng(seed);
      stream.push(
        Buffer.from(Array.from({ length: 1 + Math.floor(next() * 600) }, () => Math.floor(next() * 256))),
      );
      // Close a hex message the garbage may have opened; the first copy may still carry its half block.
      stream.push(Buffer.from('\n'), BMV, BMV);
    }
    await pair.write(Buffer.concat(stream));
    await until(() => got.readings.length >= 200, 15_000);
    expect(got.readings.at(-1)).toEqual({ ...BMV_VALUES, alarms: [], warnings: [], atMs: clock.now() });
    expect(got.bad).toBeGreaterThan(0);
  });

  it('stop closes the port and leaves no timer behind', async () => {
    const timersBefore = hostTimers();
    await open();
    expect(await openable(pair.device, 19200)).toBe(false);
    await source?.stop();
    expect(source?.line?.isOpen).toBe(false);
    expect(await openable(pair.device, 19200)).toBe(true);
    expect(hostTimers()).toBeLessThanOrEqual(timersBefore);
  });
});

describe('VE.Direct battery monitor without its device', () => {
  it('says the device is missing, with its path, and stop leaves no timer behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-vedirect-'));
    const device = join(dir, 'ttyUSB-gone');
    const timersBefore = hostTimers();
    const source = new VeDirectBatterySource(device, new ManualClock(0), 50);
    const got = collect(source);
    await until(() => got.problems.length >= 2);
    expect(got.problems[0]).toEqual({ code: 'device-missing', detail: `Serial device ${device} not found` });
    await source.stop();
    expect(hostTimers()).toBeLessThanOrEqual(timersBefore);
    // It tried again every 50 ms while running; stopped, it stays quiet for three of those periods.
    const count = got.problems.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(got.problems.length).toBe(count);
    await rm(dir, { recursive: true, force: true });
  });
});
