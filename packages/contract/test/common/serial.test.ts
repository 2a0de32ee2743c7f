import { FAMILIES, familyOfSerial } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import formats from '../../data/serial-formats.json';
import {
  HERF_ALPHABET32,
  HERF_ALPHABET64,
  herfBodyToSerial,
  herfCheckCharacters,
  miTypeOfSerial,
  parseSerialInput,
  type SerialInputKind,
} from '../../src/common/serial';

describe('parseSerialInput', () => {
  it.each(formats.testVectors)('$input → $result $stored', (v) => {
    const result = parseSerialInput(v.input);
    expect(result.kind).toBe(v.result as SerialInputKind);
    expect(result.serial).toBe(v.stored ?? undefined);
  });

  it.each([
    ['116171603546', 'hoymiles', '116171603546'],
    ['28410e8ade83', 'converted', '28410E8ADE83'],
    ['A21H3K7PR-1G1', 'herf-valid', '284122399ef8'],
    ['A11T9XW24-157', 'herf-valid', '2821349f7444'],
    ['a11t9xw24-157', 'herf-valid', '2821349f7444'],
    ['A01BC4D5E-1TX', 'herf-valid', '280116c234ae'],
    ['A2178MPL3-16C', 'herf-valid', '28410e8ade83'],
    ['A01000000-1L2', 'herf-valid', '280100000000'],
    ['A21H3K7PR-1G2', 'herf-invalid-checksum', undefined],
    ['A21H3K7PR-2G1', 'herf-invalid-checksum', undefined],
    ['A21H3O7PR-1G1', 'unknown-format', undefined],
    ['A31H3K7PR-1G1', 'unknown-format', undefined],
    ['A21H3K7PR1G1', 'unknown-format', undefined],
    ['ABCDEFABCDEF', 'unknown-format', undefined],
    ['11617160354', 'unknown-format', undefined],
    ['1161716035467', 'unknown-format', undefined],
    ['1ABCDEFABCDE', 'hoymiles', '1ABCDEFABCDE'],
    [' 116171603546', 'unknown-format', undefined],
    ['A21H3Z7PR-1G1', 'unknown-format', undefined],
    ['A21H3K7PR-1GI', 'unknown-format', undefined],
  ] as const)('docs/protocol.md: %j → %s', (input, kind, serial) => {
    expect(parseSerialInput(input)).toEqual(serial === undefined ? { kind } : { kind, serial });
  });

  it('follows the worked example step by step', () => {
    expect(HERF_ALPHABET32).toBe(formats.alphabet32);
    expect(HERF_ALPHABET64).toBe(formats.alphabet64);
    expect(herfCheckCharacters('A21H3K7PR')).toBe('1G1');
    expect(herfBodyToSerial('A21H3K7PR')).toBe('284122399ef8');
    for (const v of formats.testVectors) {
      if ('expectedCheck' in v && v.expectedCheck) {
        expect(herfCheckCharacters(v.input.toUpperCase().slice(0, 9))).toBe(v.expectedCheck);
      }
    }
  });

  it('converts a label to the HERF prefix of its family', () => {
    expect(herfBodyToSerial('A01YYYYYY').slice(0, 4)).toBe('2801');
    expect(herfBodyToSerial('A11000000').slice(0, 4)).toBe('2821');
    expect(herfBodyToSerial('A21000000').slice(0, 4)).toBe('2841');
    // Bits 30..31 stay 0: the largest body value still has hex digit d4 ≤ 3.
    expect(Number.parseInt(herfBodyToSerial('A21YYYYYY').charAt(4), 16)).toBeLessThanOrEqual(3);
  });
});

describe('miTypeOfSerial', () => {
  it('names the MI type exactly where the protocol library finds an MI family', () => {
    for (let second = 0; second < 256; second++) {
      const serial = `10${second.toString(16).padStart(2, '0').toUpperCase()}12345678`;
      const family = familyOfSerial(serial);
      const expected = family?.startsWith('MI_') ? FAMILIES[family].typeName : undefined;
      expect(miTypeOfSerial(serial), serial).toBe(expected);
    }
    expect(miTypeOfSerial('104161200002')).toBe('MI-500/600/700');
    expect(miTypeOfSerial('104261200002')).toBeUndefined();
  });
});
