import { describe, expect, it } from 'vitest';
import types from '../data/inverter-types.json';
import protocol from '../data/protocol.json';
import {
  FAMILIES,
  FAMILY_DETECTION_ORDER,
  familyOfSerial,
  lookupModel,
  supportsPowerDistributionLogic,
} from '../src/families';
import type { FamilyId } from '../src/types';

const RADIO = { NRF24: 'NRF24', CMT2300A: 'CMT' } as const;

describe('family table', () => {
  it('has every family of inverter-types.json with its properties', () => {
    expect(Object.keys(FAMILIES)).toHaveLength(15);
    for (const raw of types.families) {
      const family = FAMILIES[raw.id as FamilyId];
      expect(family, raw.id).toBeDefined();
      expect(family.typeName).toBe(raw.typeName);
      expect(family.series).toBe(raw.series);
      expect(family.radio).toBe(RADIO[raw.radio as keyof typeof RADIO]);
      expect(family.dcInputs).toBe(raw.dcInputs);
      expect(family.acPhases).toBe(raw.acPhases);
      expect(family.voltageGroups).toEqual(raw.voltageGroups);
      expect(family.limitEncoding).toBe(raw.limitEncoding);
      expect(family.eventMessageSet).toBe(raw.eventMessageSet);
      expect(family.runtimePayloadMinLength).toBe(raw.runtimePayloadMinLength);
    }
  });

  it('matches the domain table for a few rows (independent of the JSON)', () => {
    expect(FAMILIES.HM_4CH).toMatchObject({
      dcInputs: 4,
      voltageGroups: [
        [0, 1],
        [2, 3],
      ],
      limitEncoding: 'HM',
    });
    expect(FAMILIES.HMS_4CH).toMatchObject({
      radio: 'CMT',
      limitEncoding: 'HMS',
      runtimePayloadMinLength: 66,
    });
    expect(FAMILIES.HMT_6CH).toMatchObject({ acPhases: 3, limitEncoding: 'HM', eventMessageSet: 'HMT' });
    expect(FAMILIES.HERF_1CH).toMatchObject({ radio: 'NRF24', runtimePayloadMinLength: 42 });
  });

  it('tries the families in the documented order', () => {
    expect(FAMILY_DETECTION_ORDER).toEqual([
      'HMT_4CH',
      'HMT_6CH',
      'HMS_4CH',
      'HMS_2CH',
      'HMS_1CH',
      'HMS_1CHv2',
      'HM_4CH',
      'HM_2CH',
      'HM_1CH',
      'HERF_1CH',
      'HERF_2CH',
      'HERF_4CH',
      'MI_1CH',
      'MI_2CH',
      'MI_4CH',
    ]);
  });

  it('knows power distribution logic only for HMS_4CH from 10112', () => {
    expect(supportsPowerDistributionLogic('HMS_4CH', 10112)).toBe(true);
    expect(supportsPowerDistributionLogic('HMS_4CH', 10111)).toBe(false);
    expect(supportsPowerDistributionLogic('HMS_2CH', 20004)).toBe(false);
  });
});

describe('familyOfSerial', () => {
  it.each(types.serialExamples)('$serial → $family', (example) => {
    expect(familyOfSerial(example.serial)).toBe(example.family ?? undefined);
    if (example.family) expect(FAMILIES[example.family as FamilyId].typeName).toBe(example.typeName);
  });

  it.each([
    ['116171603546', 'HM_4CH'],
    ['114172220003', 'HM_2CH'],
    ['112182216549', 'HM_1CH'],
    ['102271234567', 'HM_1CH'],
    ['104283001122', 'HM_2CH'],
    ['106283001122', 'HM_4CH'],
    ['112083000000', 'HM_1CH'],
    ['012383000000', 'HM_1CH'],
    ['F12F83000000', 'HM_1CH'],
    ['112483748174', 'HMS_1CH'],
    ['140083748174', 'HMS_1CHv2'],
    ['112583748174', 'HMS_1CHv2'],
    ['114A83010203', 'HMS_2CH'],
    ['114a83010203', 'HMS_2CH'],
    ['114383010203', 'HMS_2CH'],
    ['141083010203', 'HMS_2CH'],
    ['116683554321', 'HMS_4CH'],
    ['142083554321', 'HMS_4CH'],
    ['136183000001', 'HMT_4CH'],
    ['138283998877', 'HMT_6CH'],
    ['284122399ef8', 'HERF_1CH'],
    ['2821349F7444', 'HERF_2CH'],
    ['280116c234ae', 'HERF_4CH'],
  ] as const)('docs/protocol.md: %s → %s', (serial, family) => {
    expect(familyOfSerial(serial)).toBe(family);
  });

  it.each(['113483000000', '999912345678', '', 'xyz', '1161716035467', '000000000000', '11617160354G'])(
    'has no family for %j',
    (serial) => {
      expect(familyOfSerial(serial)).toBeUndefined();
    },
  );

  it('reads a short serial as a 48-bit number with leading zeros', () => {
    // 0x0022 83 … : d1d2 = "02", no rule; 0x012283…: d1d2 = "12" → HM_1CH.
    expect(familyOfSerial('12283000000')).toBe('HM_1CH');
    expect(familyOfSerial('2283000000')).toBeUndefined();
  });
});

describe('lookupModel', () => {
  it.each(types.devInfoTable.entries)('$hwPartPrefix/$fourthByte → $model', (entry) => {
    // Rows without a fixed fourth byte are tested with 0x01, which no row fixes.
    const part = Number.parseInt(entry.hwPartPrefix + (entry.fourthByte ?? '01'), 16);
    expect(lookupModel(part)).toEqual({ model: entry.model, maxPowerW: entry.maxPowerW });
  });

  it.each([
    [0x10227101, 'HMS-2000-4T', 2000],
    [0x10101015, 'HM-300-1T', 210],
    [0x10101001, 'HM-300-1T', 300],
    [0x10101000, 'HM-300-1T', 300],
    [0x10999900, '', 0],
    [0x10205101, 'HMS-450-1T', 450],
    [0x10207101, 'HMS-500-1T v2', 500],
    [0xf1012400, 'HERF-1600', 1600],
    [0x00000000, '', 0],
    [0xffffffff, '', 0],
  ])('docs/protocol.md: %s → %j %i W', (part, model, maxPowerW) => {
    expect(lookupModel(part)).toEqual({ model, maxPowerW });
  });

  it('matches the device-info vectors of protocol.json', () => {
    expect(lookupModel(protocol.testVectors.devInfo.decoded.hw_part_number)).toEqual({
      model: protocol.testVectors.devInfo.decoded.hw_model_name,
      maxPowerW: protocol.testVectors.devInfo.decoded.max_power,
    });
    for (const v of protocol.testVectors.devInfoSimpleMore) {
      expect(lookupModel(v.hw_part_number)).toEqual({ model: v.hw_model_name, maxPowerW: v.max_power });
    }
  });
});
