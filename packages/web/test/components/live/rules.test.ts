import { productionDate } from '@dtu-console/contract/common/format';
import { LimitType } from '@dtu-console/contract/limit/limits';
import { describe, expect, it } from 'vitest';
import { limitTypeFor } from '../../../src/api/limit';
import { limitRange } from '../../../src/components/live/LimitModal';
import { powerPayload } from '../../../src/components/live/PowerModal';
import { headerVariant, pillIcon, visibleDcChannels } from '../../../src/components/live/rules';

const state = (poll_enabled: boolean, reachable: boolean, producing: boolean) => ({
  poll_enabled,
  reachable,
  producing,
});

describe('inverter header colour', () => {
  it('tertiary while polling is off, whatever else', () => {
    expect(headerVariant(state(false, false, false))).toBe('tertiary');
    expect(headerVariant(state(false, true, true))).toBe('tertiary');
  });
  it('danger when polled but unreachable, warning when reachable but idle, primary when producing', () => {
    expect(headerVariant(state(true, false, false))).toBe('danger');
    expect(headerVariant(state(true, true, false))).toBe('warning');
    expect(headerVariant(state(true, true, true))).toBe('primary');
  });
});

describe('pill icon', () => {
  it('cross, exclamation, check', () => {
    expect(pillIcon(state(true, false, false))).toBe('cross');
    expect(pillIcon(state(false, false, false))).toBe('cross');
    expect(pillIcon(state(true, true, false))).toBe('exclamation');
    expect(pillIcon(state(true, true, true))).toBe('check');
  });
});

describe('DC cards', () => {
  const v = { v: 1, u: 'W', d: 1 };
  const irradiation = { v: 50, u: '%', d: 3, max: 400 };
  it('all strings show while no string has irradiation data', () => {
    const DC = { '1': { name: { u: '' }, Power: v }, '0': { name: { u: 'South' }, Power: v } };
    expect(visibleDcChannels({ DC }).map(([key]) => key)).toEqual(['0', '1']);
  });
  it('strings without irradiation hide once one string has it', () => {
    const DC = {
      '0': { name: { u: 'South' }, Power: v, Irradiation: irradiation },
      '1': { name: { u: '' }, Power: v },
      '2': { name: { u: 'West' }, Power: v, Irradiation: irradiation },
    };
    expect(visibleDcChannels({ DC }).map(([key]) => key)).toEqual(['0', '2']);
  });
  it('no DC map, no cards', () => {
    expect(visibleDcChannels({})).toEqual([]);
  });
});

describe('limit settings', () => {
  it('relative is 0..100 %, absolute 0..max power, 2250 W when max power is not above 0', () => {
    expect(limitRange('relative', 800)).toEqual({ min: 0, max: 100 });
    expect(limitRange('relative', 0)).toEqual({ min: 0, max: 100 });
    expect(limitRange('absolute', 800)).toEqual({ min: 0, max: 800 });
    expect(limitRange('absolute', 0)).toEqual({ min: 0, max: 2250 });
    expect(limitRange('absolute', -1)).toEqual({ min: 0, max: 2250 });
  });
  it('sends limit_type in the current encoding: 0 absolute, 1 relative, +2 persistent', () => {
    expect(limitTypeFor(false, false)).toBe(0);
    expect(limitTypeFor(true, false)).toBe(1);
    expect(limitTypeFor(false, true)).toBe(2);
    expect(limitTypeFor(true, true)).toBe(3);
    expect(limitTypeFor(true, true)).toBe(LimitType.RelativePersistent);
  });
});

describe('power settings', () => {
  it('on and off send power, restart sends restart:true', () => {
    expect(powerPayload('116180216880', 'on')).toEqual({ serial: '116180216880', power: true });
    expect(powerPayload('116180216880', 'off')).toEqual({ serial: '116180216880', power: false });
    expect(powerPayload('116180216880', 'restart')).toEqual({ serial: '116180216880', restart: true });
  });
});

describe('production date from the serial', () => {
  it('year is 2014 plus the top nibble, week the next byte', () => {
    // Low 32 bits 0x80216880: nibble 8 → 2022, byte 0x02 → week "2".
    expect(productionDate('116180216880')).toEqual({ year: 2022, week: '2' });
    expect(productionDate('138291234567')).toEqual({ year: 2023, week: '12' });
  });
});
