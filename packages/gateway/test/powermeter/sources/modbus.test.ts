/** The Modbus source against modbus-serial's own TCP server holding a meter's register image. */

import { ManualClock } from '@dtu-console/clock';
import { modbusConfig } from '@dtu-console/contract/powerlimiter/fixtures';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModbusSource } from '../../../src/powermeter/sources/modbus';
import type { PowerMeterSection } from '../../../src/powermeter/sources/source';
import { ModbusMeter } from '../../helpers/modbus-meter';
import { collect, until } from '../sink';

type ModbusSection = PowerMeterSection['modbus'];

const section = (port: number, changes: Partial<ModbusSection> = {}): ModbusSection =>
  modbusConfig({ host: '127.0.0.1', port, ...changes });

describe('Modbus meter source (Modbus TCP on loopback)', () => {
  const clock = new ManualClock(1_700_000_000_000);
  let meter: ModbusMeter;
  let source: ModbusSource | undefined;

  beforeEach(async () => {
    meter = new ModbusMeter(1);
    await meter.start();
  });
  afterEach(async () => {
    await source?.stop();
    source = undefined;
    await meter.stop();
  });

  const read = (changes: Partial<ModbusSection> = {}) => {
    source = new ModbusSource(section(meter.port, changes), clock);
    return collect(source);
  };

  it('reads an SDM630: total, phases and energy', async () => {
    meter.set('input', 0x34, -812.5);
    meter.set('input', 0x0c, -300.25);
    meter.set('input', 0x0e, 100);
    meter.set('input', 0x10, -612.25);
    meter.set('input', 0x48, 1234.5);
    meter.set('input', 0x4a, 2.25);
    const got = read();
    await until(() => got.readings.length > 0);
    expect(got.readings[0]).toEqual({
      powerW: -812.5,
      phasesW: [-300.25, 100, -612.25],
      importWh: 1234500,
      exportWh: 2250,
      atMs: clock.now(),
    });
  });

  it('reads a DDSU666 (holding registers, kW) and a DTSU666 (0.1 W)', async () => {
    meter.set('holding', 0x2004, 0.75);
    meter.set('holding', 0x4000, 10);
    meter.set('holding', 0x400a, 0);
    let got = read({ model: 'ddsu666' });
    await until(() => got.readings.length > 0);
    expect(got.readings[0]).toMatchObject({ powerW: 750, importWh: 10000, exportWh: 0 });
    await source?.stop();
    for (const [address, value] of [
      [0x2012, -4567],
      [0x2014, -1000],
      [0x2016, -1500],
      [0x2018, -2067],
      [0x401e, 1],
      [0x4028, 2],
    ] as const)
      meter.set('holding', address, value);
    got = read({ model: 'dtsu666' });
    await until(() => got.readings.length > 0);
    expect(got.readings[0]).toMatchObject({ powerW: -456.7, phasesW: [-100, -150, -206.7] });
  });

  it('reads a custom register with its type, word order and scale', async () => {
    meter.set('holding', 100, -1234, 'int32', 'low_first');
    const got = read({
      model: 'custom',
      register: 100,
      register_type: 'holding',
      data_type: 'int32',
      word_order: 'low_first',
      scale: 0.1,
    });
    await until(() => got.readings.length > 0);
    expect(got.readings[0]?.powerW).toBe(-123.4);
    expect(got.readings[0]?.phasesW).toBeUndefined();
  });

  it('names an exception code of the meter and counts it', async () => {
    meter.set('input', 0x34, 1);
    meter.fail.set(0x34, 2);
    const got = read({ model: 'sdm120' });
    await until(() => got.problems.length > 0);
    expect(got.problems[0]).toEqual({
      code: 'modbus-exception',
      detail: `127.0.0.1:${meter.port}, unit 1: exception 2 (illegal data address)`,
    });
    expect(source?.failures.count('modbus-exception')).toBe(1);
  });

  it('says that no meter answers for a wrong unit id', async () => {
    meter.set('input', 0x34, 1);
    const got = read({ unit_id: 7 });
    await until(() => got.problems.length > 0);
    expect(got.problems[0]?.code).toBe('modbus-unit');
    expect(got.problems[0]?.detail).toMatch(/unit 7 .* is the unit id right\?/);
  });

  it('says that nothing listens, and reads once the meter is there', async () => {
    const port = meter.port;
    await meter.stop();
    const got = read();
    await until(() => got.problems.length > 0);
    expect(got.problems[0]?.code).toBe('connection-refused');
    meter = new ModbusMeter(1);
    for (const address of [0x34, 0x0c, 0x0e, 0x10, 0x48, 0x4a]) meter.set('input', address, 5);
    await meter.start(port);
    await until(() => got.readings.length > 0, 8000);
    expect(got.readings[0]?.powerW).toBe(5);
  });

  it('says plainly that an RS485 adapter is missing', async () => {
    const got = read({ transport: 'rtu', device: '/dev/ttyUSB-not-here' });
    await until(() => got.problems.length > 0);
    expect(got.problems[0]).toEqual({
      code: 'device-missing',
      detail: 'Serial device /dev/ttyUSB-not-here not found',
    });
  });
});
