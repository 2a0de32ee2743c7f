import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeMppt, decodeShunt } from '../../../src/battery/vedirect/fields';
import { type VeDirectBlock, VeDirectFramer } from '../../../src/battery/vedirect/framer';

const CAPTURE = readFileSync(new URL('../data/vedirect-mppt-smartsolar-150-70.bin', import.meta.url));

function firstBlock(): VeDirectBlock {
  const blocks: VeDirectBlock[] = [];
  new VeDirectFramer((b) => blocks.push(b)).push(CAPTURE);
  const block = blocks[0];
  if (!block) throw new Error('capture holds no block');
  return block;
}

describe('VE.Direct fields', () => {
  it('decodes the published MPPT history fields', () => {
    const m = decodeMppt(firstBlock());
    expect(m.error).toBe(0);
    expect(m.loadOn).toBe(true);
    expect(m.yieldTotalKWh).toBeCloseTo(11.58, 6);
    expect(m.yieldTodayKWh).toBeCloseTo(0.77, 6);
    expect(m.maxPowerTodayW).toBe(479);
    expect(m.yieldYesterdayKWh).toBeCloseTo(1.35, 6);
    expect(m.maxPowerYesterdayW).toBe(525);
    // Fields not in this block stay undefined rather than guessed.
    expect(m.batteryVoltageV).toBeUndefined();
    expect(m.chargeState).toBeUndefined();
  });

  it('scales shunt fields and leaves malformed numbers undefined', () => {
    const block = new Map([
      ['V', '52710'],
      ['I', '-7600'],
      ['P', '-400'],
      ['SOC', '876'],
      ['T', 'x'],
      ['Alarm', 'OFF'],
      ['AR', '0'],
    ]);
    expect(decodeShunt(block)).toEqual({
      voltageV: 52.71,
      currentA: -7.6,
      powerW: -400,
      socPercent: 87.6,
      temperatureC: undefined,
      alarm: false,
      alarmReason: 0,
    });
  });
});
