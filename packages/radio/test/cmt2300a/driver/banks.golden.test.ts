/**
 * The CMT2300A register banks against golden vectors written here as literals, not read from the driver:
 * the chip maker's configuration tool's export for the Hoymiles air settings (GFSK, 20 kbps, 20 kHz
 * deviation, 26 MHz crystal, sync word "MHZH", variable length, IBM CRC-16, FEC, RX and TX exit to STBY),
 * at 860.000 MHz and at 900.000 MHz, as field DTUs load it. docs/radio-cmt2300a.md says where the bytes
 * come from and how they decode. A typo in the driver's tables fails here, whatever the model accepts.
 */
import { describe, expect, it } from 'vitest';
import { banksFor } from '../../../src/cmt2300a/driver/banks';

const bytes = (text: string) =>
  text
    .trim()
    .split(/\s+/)
    .map((h) => Number.parseInt(h, 16));

/** Per bank: its first address and its bytes, in address order. */
const COMMON = {
  cmt: [0x00, bytes('00 66 EC 1C 70 80 14 08 11 02 02 00')],
  system: [0x0c, bytes('AE E0 35 00 00 F4 10 E2 42 20 0C 81')],
  baseband: [
    0x38,
    bytes('12 1E 00 AA 06 00 00 00 00 48 5A 48 4D 01 1F 00 00 00 00 00 C3 00 00 60 FF 00 00 1F 10'),
  ],
  tx: [0x55, bytes('70 4D 06 00 07 50 00 53 09 3F 7F')],
} as const;

const GOLDEN = {
  '860': {
    ...COMMON,
    frequency: [0x18, bytes('42 32 CF 82 42 27 76 12')],
    dataRate: [0x20, bytes('A6 C9 20 20 D2 35 0C 0A 9F 4B 29 29 C0 14 05 53 10 00 B4 00 00 01 00 00')],
  },
  '900': {
    ...COMMON,
    frequency: [0x18, bytes('45 46 0A 84 45 3B B1 13')],
    dataRate: [0x20, bytes('A6 C9 20 20 D2 35 0C 0B 9F 4B 29 29 C0 14 05 53 10 00 B4 00 00 01 00 00')],
  },
} as const;

describe('CMT2300A banks against the golden vectors', () => {
  for (const band of ['860', '900'] as const) {
    it(`${band} MHz: every bank, byte for byte`, () => {
      const golden = GOLDEN[band];
      const order = ['cmt', 'system', 'frequency', 'dataRate', 'baseband', 'tx'] as const;
      const driver = banksFor(band).map((bank) => [bank.address, [...bank.values]]);
      expect(driver).toEqual(order.map((name) => [golden[name][0], [...golden[name][1]]]));
    });
  }

  it('the two bands differ only in the synthesizer words and one data-rate byte', () => {
    const differ = GOLDEN['860'].dataRate[1].flatMap((v, i) =>
      v === GOLDEN['900'].dataRate[1][i] ? [] : [i],
    );
    expect(differ).toEqual([7]);
  });
});
