/** The SML read head source on a real serial line: a socat pseudo-terminal pair. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SmlSerialSource } from '../../../src/powermeter/sources/sml-serial';
import { PtyPair } from '../../helpers/pty-pair';
import { SML_TELEGRAMS, telegramBytes } from '../../helpers/sml-telegrams';
import { collect, until } from '../sink';

const REOPEN_MS = 50;
const easy = telegramBytes(SML_TELEGRAMS.easymeterQ3A);

describe('SML over a serial line (socat pty pair)', () => {
  let dir: string;
  let pair: PtyPair;
  let source: SmlSerialSource | undefined;
  const clock = new ManualClock(1_700_000_000_000);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dtu-sml-'));
    pair = new PtyPair(dir);
  });
  afterEach(async () => {
    await source?.stop();
    source = undefined;
    await pair.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const open = (device = pair.device) => {
    source = new SmlSerialSource({ device, baud_rate: 9600 }, clock, REOPEN_MS);
    return collect(source);
  };

  it('reads the telegrams a meter pushes, with power, phases and energy', async () => {
    await pair.start();
    const got = open();
    await until(() => source?.line?.opened === true);
    await pair.write(Buffer.concat([Buffer.from([0x00, 0x42, 0x1b]), easy]));
    await until(() => got.readings.length === 1);
    expect(got.readings[0]).toEqual({
      powerW: 810.26,
      phasesW: [505.23, 63.19, 241.83],
      importWh: 2941646.1614,
      exportWh: 110073.1603,
      atMs: clock.now(),
    });
  });

  it('counts garbage, CRC mismatches and telegrams without power, and keeps reading', async () => {
    await pair.start();
    const got = open();
    await until(() => source?.line?.opened === true);
    const bad = Buffer.from(easy);
    bad[100] = (bad[100] as number) ^ 0xff;
    await pair.write(bad);
    await until(() => got.problems.length >= 1);
    expect(got.problems.at(-1)?.code).toBe('sml-crc');
    await pair.write(telegramBytes(SML_TELEGRAMS.emhEHZ));
    await until(() => got.problems.length >= 2);
    expect(got.problems.at(-1)?.code).toBe('sml-no-power');
    await pair.write(bad);
    await until(() => got.problems.length >= 3);
    expect(got.problems.at(-1)?.detail).toMatch(/\(2 so far\)/);
    await pair.write(easy);
    await until(() => got.readings.length === 1);
    expect(source?.failures.count('sml-crc')).toBe(2);
    expect(source?.failures.count('sml-no-power')).toBe(1);
  });

  it('says plainly that the device is missing, and opens it once it appears', async () => {
    const got = open();
    await until(() => got.problems.some((p) => p.code === 'device-missing'));
    expect(got.problems[0]?.detail).toContain(pair.device);
    await pair.start();
    await until(() => source?.line?.opened === true);
    await pair.write(easy);
    await until(() => got.readings.length === 1);
  });

  it('reopens a device that went away (USB pulled out) when it is back', async () => {
    await pair.start();
    const got = open();
    await until(() => source?.line?.opened === true);
    await pair.write(easy);
    await until(() => got.readings.length === 1);
    await pair.stop();
    await until(() => got.problems.some((p) => p.code === 'device-lost' || p.code === 'device-missing'));
    await pair.start();
    await until(() => (source?.line?.opens ?? 0) >= 2);
    await pair.write(easy);
    await until(() => got.readings.length === 2);
  });
});
