import { describe, expect, it } from 'vitest';
import {
  formatHexSerial,
  formatSerialNumber,
  isZeroSerial,
  parseHexSerial,
  serialNumber,
  wireSerial,
} from '../../src/common/hex-serial';

describe('hex serials', () => {
  it.each([
    ['116180216880', 0x116180216880n],
    ['199980115004', 0x199980115004n],
    ['  116180216880', 0x116180216880n],
    ['\t0x116180216880', 0x116180216880n],
    ['0X1a', 0x1an],
    ['1161g0216880', 0x1161n],
    ['ABCdef', 0xabcdefn],
    ['', 0n],
    ['zzz', 0n],
    ['0x', 0n],
    ['-1', 0n],
    ['ffffffffffffffffffff', (1n << 64n) - 1n],
  ])('%j parses to %s', (text, value) => {
    expect(parseHexSerial(text)).toBe(value);
  });

  it('formats the upper 32 bits unpadded and the lower 32 bits as 8 digits', () => {
    expect(formatHexSerial(0x116180216880n)).toBe('116180216880');
    expect(formatHexSerial(0x1000000001n)).toBe('1000000001');
    expect(formatHexSerial(0x12345678n)).toBe('012345678');
  });

  it('knows which texts read as zero', () => {
    expect(isZeroSerial('0')).toBe(true);
    expect(isZeroSerial('000000000000')).toBe(true);
    // Reading stops at 's' before any digit, so the value is 0.
    expect(isZeroSerial('serial')).toBe(true);
    expect(isZeroSerial('e1')).toBe(false);
    expect(isZeroSerial('0x1')).toBe(false);
  });
});

describe('package entry', () => {
  it('exports the DTU, network, device, inverter, limit and power schemas', async () => {
    const contract = await import('../../src/index');
    for (const name of [
      'parseHexSerial',
      'formatHexSerial',
      'dtuConfigSchema',
      'validateNetworkConfig',
      'validateNetworkDataField',
      'deviceConfigSchema',
      'inverterAddSchemaFor',
      'inverterEditSchema',
      'inverterDeleteSchema',
      'inverterOrderSchema',
      'limitConfigSchemaFor',
      'powerConfigSchemaFor',
    ]) {
      expect(contract, name).toHaveProperty(name);
    }
  });
});

describe('serial numbers (48 bits)', () => {
  it('read every accepted spelling as the same number and print the wire form', () => {
    for (const text of ['116180216880', '0x116180216880', ' 116180216880xyz', '116180216880 ']) {
      expect(serialNumber(text)).toBe(0x116180216880);
    }
    expect(formatSerialNumber(0x116100000001)).toBe('116100000001');
    expect(formatSerialNumber(0x10000000a)).toBe('10000000a');
    expect(wireSerial('0X116180216880')).toBe('116180216880');
  });

  it('name no inverter for 0, unreadable text or more than 48 bits', () => {
    expect(serialNumber('')).toBe(0);
    expect(serialNumber('xyz')).toBe(0);
    expect(serialNumber('1161802168801')).toBe(0);
    expect(wireSerial('0')).toBeUndefined();
    expect(wireSerial('1161802168801')).toBeUndefined();
  });
});
