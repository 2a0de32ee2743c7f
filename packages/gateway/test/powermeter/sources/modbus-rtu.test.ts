/** The Modbus source over RTU on a real serial line: a socat pty pair with modbus-serial's serial server. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { modbusConfig } from '@dtu-console/contract/powerlimiter/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModbusSource } from '../../../src/powermeter/sources/modbus';
import type { PowerMeterSection } from '../../../src/powermeter/sources/source';
import { ModbusMeter } from '../../helpers/modbus-meter';
import { PtyPair } from '../../helpers/pty-pair';
import { collect, until } from '../sink';

describe('Modbus RTU meter source (socat pty pair)', () => {
  const clock = new ManualClock(1_700_000_000_000);
  let dir: string;
  let pair: PtyPair;
  let meter: ModbusMeter;
  let source: ModbusSource | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dtu-rtu-'));
    pair = new PtyPair(dir, 'rs485');
    await pair.start();
    meter = new ModbusMeter(2);
  });
  afterEach(async () => {
    await source?.stop();
    source = undefined;
    await meter.stop();
    await pair.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const section = (unit: number): PowerMeterSection['modbus'] =>
    modbusConfig({ transport: 'rtu', device: pair.device, unit_id: unit, model: 'ddsu666' });

  it('reads a DDSU666 at its unit id', async () => {
    meter.set('holding', 0x2004, -1.25);
    meter.set('holding', 0x4000, 3.5);
    meter.set('holding', 0x400a, 7);
    await meter.startSerial(pair.peer, 9600);
    source = new ModbusSource(section(2), clock);
    const got = collect(source);
    await until(() => got.readings.length > 0);
    expect(got.readings[0]).toEqual({ powerW: -1250, importWh: 3500, exportWh: 7000, atMs: clock.now() });
  });

  it('names silence on the bus (a wrong unit id) with what to check', async () => {
    meter.set('holding', 0x2004, 1);
    await meter.startSerial(pair.peer, 9600);
    source = new ModbusSource(section(5), clock);
    const got = collect(source);
    await until(() => got.problems.length > 0);
    expect(got.problems[0]?.code).toBe('timeout');
    expect(got.problems[0]?.detail).toMatch(/unit 5 .*unit id, baud rate, parity and the A\/B wires/);
  });
});
