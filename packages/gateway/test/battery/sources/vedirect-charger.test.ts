/**
 * The VE.Direct MPPT source: a published SmartSolar block decodes to its values and product, and the
 * same bytes are read from a real serial line (a socat pseudo-terminal pair).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chargeStateKey,
  mpptReading,
  productName,
  VeDirectChargerSource,
} from '../../../src/battery/sources/vedirect-charger';
import { decodeMppt } from '../../../src/battery/vedirect/fields';
import { type VeDirectBlock, VeDirectFramer } from '../../../src/battery/vedirect/framer';
import { collect } from '../../helpers/battery-sources';
import { PtyPair } from '../../helpers/pty-pair';
import { rng } from '../../helpers/seeded';
import { until } from '../../powermeter/sink';

const data = (name: string) => readFileSync(new URL(`../data/${name}`, import.meta.url));
/** A SmartSolar MPPT 150/70's two blocks as its owner logged them: values (after a hex message), history. */
const MAIN = data('vedirect-mppt-smartsolar-150-70-main.bin');
const HISTORY = data('vedirect-mppt-smartsolar-150-70.bin');

/** PID 0xA06C, V 52700 mV, I 7600 mA, PPV 412 W, CS 3. */
const MAIN_VALUES = { solarPowerW: 412, batteryVoltageV: 52.7, batteryCurrentA: 7.6, chargeState: 'bulk' };
const PRODUCT = 'SmartSolar MPPT 150|70 rev2';

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

describe('VE.Direct MPPT: decoding', () => {
  it('decodes the published SmartSolar block to its values, and names the product from its PID', () => {
    const [main] = blocksOf(MAIN);
    expect(main?.get('PID')).toBe('0xA06C');
    expect(main && mpptReading(decodeMppt(main))).toEqual(MAIN_VALUES);
    expect(productName('0xA06C')).toBe(PRODUCT);
  });

  it('gives no reading for the history block', () => {
    const [history] = blocksOf(HISTORY);
    expect(history && mpptReading(decodeMppt(history))).toBeUndefined();
  });

  it("maps VE.Direct's states of operation to keys, and any other code to unknown", () => {
    const states: [number, string][] = [
      [0, 'off'],
      [1, 'low_power'],
      [2, 'fault'],
      [3, 'bulk'],
      [4, 'absorption'],
      [5, 'float'],
      [6, 'storage'],
      [7, 'equalize'],
      [9, 'inverting'],
      [11, 'power_supply'],
      [245, 'starting_up'],
      [246, 'repeated_absorption'],
      [247, 'auto_equalize'],
      [248, 'battery_safe'],
      [252, 'external_control'],
      [8, 'unknown'],
      [249, 'unknown'],
    ];
    for (const [code, key] of states) expect(chargeStateKey(code)).toBe(key);
  });

  it('names common chargers in any letter case and keeps a PID it does not know as sent', () => {
    expect(productName('0xa053')).toBe('SmartSolar MPPT 75|15');
    expect(productName('0xA060')).toBe('SmartSolar MPPT 100|20 48V');
    expect(productName('0xA042')).toBe('BlueSolar MPPT 75|15');
    expect(productName('0xA389')).toBe('0xA389');
    expect(productName('nonsense')).toBe('nonsense');
  });
});

describe('VE.Direct MPPT on a serial line (socat pty pair)', () => {
  const clock = new ManualClock(1_700_000_000_000);
  let dir: string;
  let pair: PtyPair;
  let source: VeDirectChargerSource | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dtu-mppt-'));
    pair = new PtyPair(dir, 'mppt');
  });
  afterEach(async () => {
    await source?.stop();
    source = undefined;
    await pair.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const open = async () => {
    await pair.start();
    source = new VeDirectChargerSource(pair.device, clock, 50);
    const got = collect(source);
    await until(() => source?.line?.opened === true);
    return got;
  };

  it('reads the published blocks: one reading with its product, both blocks counted good', async () => {
    const got = await open();
    expect(source?.id).toBe(pair.device);
    await pair.write(Buffer.concat([MAIN, HISTORY]));
    await until(() => got.ok === 2);
    expect(got.readings).toEqual([{ ...MAIN_VALUES, product: PRODUCT, atMs: clock.now() }]);
    expect(got.bad).toBe(0);
  });

  it('keeps the product for a later block that does not name it', async () => {
    const got = await open();
    await pair.write(MAIN);
    await pair.write(
      block([
        ['V', '52710'],
        ['I', '7500'],
        ['PPV', '405'],
        ['CS', '5'],
      ]),
    );
    await until(() => got.readings.length === 2);
    expect(got.readings[1]).toEqual({
      solarPowerW: 405,
      batteryVoltageV: 52.71,
      batteryCurrentA: 7.5,
      chargeState: 'float',
      product: PRODUCT,
      atMs: clock.now(),
    });
  });

  it('drops a block with one byte altered, counts it, and reads the next one', async () => {
    const got = await open();
    const altered = Buffer.from(MAIN);
    altered[altered.indexOf('PPV\t412') + 6] = 0x33; // PPV 412 -> 413
    await pair.write(altered);
    await until(() => got.bad === 1);
    expect(got.readings).toEqual([]);
    expect(got.problems.at(-1)?.detail).toBe(
      `${pair.device}: dropped a VE.Direct block with a wrong checksum`,
    );
    await pair.write(MAIN);
    await until(() => got.readings.length === 1);
    expect(got.readings[0]).toMatchObject(MAIN_VALUES);
  });

  it('delivers the good values of a block with one out of range, counted bad once', async () => {
    const got = await open();
    await pair.write(
      block([
        ['V', '52700'],
        ['PPV', '200000'],
        ['CS', '3'],
      ]),
    );
    await until(() => got.readings.length === 1);
    expect(got.readings[0]).toEqual({ batteryVoltageV: 52.7, chargeState: 'bulk', atMs: clock.now() });
    expect([got.ok, got.bad]).toEqual([0, 1]);
    expect(got.problems.at(-1)?.detail).toMatch(/out-of-range values: solarPowerW/);
  });

  it('never stumbles on 200 seeded garbage inputs, and reads the block after each', async () => {
    const got = await open();
    const stream: Buffer[] = [];
    for (let seed = 1; seed <= 200; seed++) {
      const next = rng(seed);
      stream.push(
        Buffer.from(Array.from({ length: 1 + Math.floor(next() * 600) }, () => Math.floor(next() * 256))),
      );
      stream.push(Buffer.from('\n'), MAIN, MAIN);
    }
    await pair.write(Buffer.concat(stream));
    await until(() => got.readings.length >= 200, 15_000);
    expect(got.readings.at(-1)).toEqual({ ...MAIN_VALUES, product: PRODUCT, atMs: clock.now() });
  });
});

describe('VE.Direct MPPT without its device', () => {
  it('says the device is missing, with its path, and is quiet once stopped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-mppt-'));
    const device = join(dir, 'ttyUSB-gone');
    const source = new VeDirectChargerSource(device, new ManualClock(0), 50);
    const got = collect(source);
    await until(() => got.problems.length >= 2);
    expect(got.problems[0]).toEqual({ code: 'device-missing', detail: `Serial device ${device} not found` });
    await source.stop();
    const count = got.problems.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(got.problems.length).toBe(count);
    await rm(dir, { recursive: true, force: true });
  });
});
