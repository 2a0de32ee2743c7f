/** The register tables decode to the Hoymiles air settings the driver's comments claim. */
import { CMT_COUNTRIES } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { bandOfBase, banksFor, HOYMILES_SYNC_WORD, paCodes } from '../../../src/cmt2300a/driver/banks';
import { Bank, Reg } from '../../../src/cmt2300a/driver/registers';
import { airProfileProblems, tunedFrequencyHz } from '../../../src/cmt2300a/model/cmt2300a-rf';

function registers(band: '860' | '900', channel = 0): Uint8Array {
  const regs = new Uint8Array(0x80);
  for (const bank of banksFor(band)) regs.set(bank.values, bank.address);
  regs[Reg.freqOffset] = 100;
  regs[Reg.freqChannel] = channel;
  return regs;
}

describe('CMT2300A register banks', () => {
  it('fill each bank exactly, in address order', () => {
    for (const band of ['860', '900'] as const) {
      const banks = banksFor(band);
      expect(banks.map((b) => [b.address, b.values.length])).toEqual(
        Object.values(Bank).map((b) => [b.address, b.size]),
      );
    }
  });

  it('put the TX carrier on the band base and RX one low IF above it', () => {
    expect(tunedFrequencyHz(registers('860'), 'tx')).toBe(860_000_000);
    expect(tunedFrequencyHz(registers('860'), 'rx')).toBe(860_000_000);
    expect(tunedFrequencyHz(registers('900'), 'tx')).toBe(900_000_000);
    expect(tunedFrequencyHz(registers('900', 72), 'rx')).toBe(918_000_000);
  });

  it('cover every country through its base frequency', () => {
    for (const country of CMT_COUNTRIES) {
      const band = bandOfBase(country.baseFrequencyHz);
      expect(band).toBeDefined();
      const channel = (country.startupFrequencyHz - country.baseFrequencyHz) / 250_000;
      expect(tunedFrequencyHz(registers(band!, channel), 'tx')).toBe(country.startupFrequencyHz);
    }
  });

  it('describe the Hoymiles packet: sync "MHZH", variable length, IBM CRC-16, FEC', () => {
    const regs = registers('860');
    expect(new TextDecoder().decode(HOYMILES_SYNC_WORD)).toBe('MHZH');
    expect(regs[Reg.pkt5]).toBe(0x06);
    expect([...regs.subarray(Reg.pkt6 + 4, Reg.pkt6 + 8)].reverse()).toEqual([...HOYMILES_SYNC_WORD]);
    expect(regs[Reg.pkt14]! & 1).toBe(1);
    expect(regs[Reg.pkt21]).toBe(0xc3);
    expect((regs[Reg.sys3]! >> 2) & 3).toBe(1);
    expect(regs[Reg.sys10]! & 0x20).toBe(0x20);
    expect(airProfileProblems(regs)).toEqual([]);
    expect(airProfileProblems(registers('900'))).toEqual([]);
  });

  it('have a PA code for every level from -10 to 20 dBm, growing with the power below the doubling', () => {
    let previous = -1;
    for (let dbm = -10; dbm <= 16; dbm++) {
      const { tx8, cmt4 } = paCodes(dbm);
      expect(tx8).toBeGreaterThan(previous);
      expect(cmt4 & 1).toBe(0);
      previous = tx8;
    }
    for (let dbm = 17; dbm <= 20; dbm++) expect(paCodes(dbm).cmt4 & 1).toBe(1);
    expect(() => paCodes(21)).toThrow(RangeError);
  });
});
