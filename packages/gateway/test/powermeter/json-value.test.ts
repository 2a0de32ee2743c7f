import { isJsonPathValid, parseJsonPath } from '@dtu-console/contract';
import { describe, expect, it } from 'vitest';
import { numberAt, parsePayload, powerOf } from '../../src/powermeter/json-value';
import { MeterError } from '../../src/powermeter/problems';

function failure(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (error) {
    if (error instanceof MeterError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('did not fail');
}

const TASMOTA = { Time: '2026-06-21T12:00:00', StatusSNS: { SML: { Total_in: 1234.5, Power: -312 } } };
const SHELLY_GEN1 = { emeters: [{ power: 101.5 }, { power: 20 }, { power: -3.5 }], total_power: 118 };

describe('JSON paths', () => {
  it('parses dotted names, array indexes and a leading $', () => {
    expect(parseJsonPath('StatusSNS.SML.Power')).toEqual(['StatusSNS', 'SML', 'Power']);
    expect(parseJsonPath('emeters[0].power')).toEqual(['emeters', 0, 'power']);
    expect(parseJsonPath('$.a[1][2].b')).toEqual(['a', 1, 2, 'b']);
    expect(parseJsonPath('[3]')).toEqual([3]);
    expect(parseJsonPath('')).toEqual([]);
  });

  it('refuses what is not well formed', () => {
    for (const bad of ['a..b', 'a.', '.a', 'a[x]', 'a[0', 'a]', 'a[-1]']) {
      expect(parseJsonPath(bad), bad).toBeUndefined();
      expect(isJsonPathValid(bad), bad).toBe(false);
    }
    expect(isJsonPathValid('x'.repeat(129))).toBe(false);
  });

  it('reads numbers from Tasmota SML, Shelly Gen1 arrays and a plain number payload', () => {
    expect(numberAt(TASMOTA, 'StatusSNS.SML.Power')).toBe(-312);
    expect(numberAt(SHELLY_GEN1, 'emeters[2].power')).toBe(-3.5);
    expect(numberAt(parsePayload(' 42.5 '), '')).toBe(42.5);
    expect(numberAt({ p: '17.25' }, 'p')).toBe(17.25);
  });

  it('names the part of the path that is missing', () => {
    expect(failure(() => numberAt(TASMOTA, 'StatusSNS.SML.Watt'))).toEqual({
      code: 'json-path',
      message: 'JSON path not found: StatusSNS.SML.Watt',
    });
    expect(failure(() => numberAt(TASMOTA, 'StatusSNS.ENERGY.Power')).message).toBe(
      'JSON path not found: StatusSNS.ENERGY',
    );
    expect(failure(() => numberAt(SHELLY_GEN1, 'emeters[5].power')).message).toBe(
      'JSON path not found: emeters[5]',
    );
    expect(failure(() => numberAt(42, 'power')).code).toBe('json-path');
  });

  it('says when the value is no number, or the payload no JSON', () => {
    expect(failure(() => numberAt(TASMOTA, 'Time')).code).toBe('not-a-number');
    expect(failure(() => numberAt(TASMOTA, 'StatusSNS')).code).toBe('not-a-number');
    expect(failure(() => parsePayload('ON')).code).toBe('not-json');
  });

  it('applies the unit and the sign', () => {
    expect(powerOf({ p: 1.5 }, { json_path: 'p', unit: 1, sign_inverted: false })).toBe(1500);
    expect(powerOf({ p: 2500 }, { json_path: 'p', unit: 2, sign_inverted: false })).toBeCloseTo(2.5);
    expect(powerOf({ p: 300 }, { json_path: 'p', unit: 0, sign_inverted: true })).toBe(-300);
  });
});
