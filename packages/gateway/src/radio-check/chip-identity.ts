/**
 * Who answers on the bus (docs/hardware.md, First contact): the nRF24's SETUP_AW and whether it is the
 * '+' chip, the CMT2300A's presence register, and each chip's registers as a dump to attach to an issue.
 * Register-level reads and writes through the same doors the drivers use (`io.ts`); the drivers' own
 * presence rules are kept: SETUP_AW reads back 0x03, 250 kbps sticks only on the '+', 0xAA written to the
 * CMT2300A's spare packet register reads back.
 */
import { ADDRESS_MASK, Reg as CmtReg, READ_BIT } from '@dtu-console/radio/cmt2300a/driver/registers';
import type { SpiBus } from '@dtu-console/radio/io';
import { NrfChip } from '@dtu-console/radio/nrf24/driver/chip';
import { absentReason } from '@dtu-console/radio/nrf24/driver/health';
import { REGISTER_NAMES, Reg, RfSetup, WIDE_REGISTERS } from '@dtu-console/radio/nrf24/driver/registers';
import { ADDRESS_WIDTH_CODE } from '@dtu-console/radio/nrf24/driver/setup';

export interface ChipIdentity {
  answers: boolean;
  /** One sentence: who answered, or why nothing did. */
  text: string;
  /** nRF24 only: the '+' chip (250 kbps). */
  pvariant?: boolean;
}

const hex = (value: number) => value.toString(16).toUpperCase().padStart(2, '0');

export function nrfIdentity(spi: SpiBus): ChipIdentity {
  const chip = new NrfChip(spi);
  chip.writeRegister(Reg.SETUP_AW, ADDRESS_WIDTH_CODE);
  const width = chip.readByte(Reg.SETUP_AW);
  if (width !== ADDRESS_WIDTH_CODE) return { answers: false, text: absentReason(spi.path, width) };
  const saved = chip.readByte(Reg.RF_SETUP);
  chip.writeRegister(Reg.RF_SETUP, saved | RfSetup.RF_DR_LOW);
  const pvariant = (chip.readByte(Reg.RF_SETUP) & RfSetup.RF_DR_LOW) !== 0;
  chip.writeRegister(Reg.RF_SETUP, saved);
  return {
    answers: true,
    pvariant,
    text: pvariant
      ? `an nRF24L01+ answers on ${spi.path}: SETUP_AW reads 0x${hex(width)}, and 250 kbps sticks (the '+' chip)`
      : `an nRF24L01 answers on ${spi.path}, but without '+': 250 kbps does not stick, and HM inverters need it (use an nRF24L01+ module)`,
  };
}

/** The nRF24's registers, one line each (address registers with all their bytes). */
export function nrfRegisterDump(spi: SpiBus): string[] {
  const chip = new NrfChip(spi);
  const lines: string[] = [];
  for (const [address, name] of Object.entries(REGISTER_NAMES).map(([a, n]) => [Number(a), n] as const)) {
    const length = WIDE_REGISTERS.has(address) ? 5 : 1;
    const bytes = chip.readRegister(address, length).data;
    lines.push(`  0x${hex(address)} ${name.padEnd(11)} ${Array.from(bytes, hex).join(' ')}`);
  }
  return lines;
}

function cmtRead(bus: SpiBus, address: number): number {
  const [, value] = bus.transfer([
    { tx: Uint8Array.of(READ_BIT | (address & ADDRESS_MASK)) },
    { rxLength: 1 },
  ]);
  return value?.[0] ?? 0;
}

function cmtWrite(bus: SpiBus, address: number, value: number): void {
  bus.transfer([{ tx: Uint8Array.of(address & ADDRESS_MASK, value & 0xff) }]);
}

const PRESENCE_PATTERN = 0xaa;

export function cmtIdentity(bus: SpiBus): ChipIdentity {
  const saved = cmtRead(bus, CmtReg.pkt17);
  cmtWrite(bus, CmtReg.pkt17, PRESENCE_PATTERN);
  const back = cmtRead(bus, CmtReg.pkt17);
  cmtWrite(bus, CmtReg.pkt17, saved);
  if (back !== PRESENCE_PATTERN) {
    return {
      answers: false,
      text: `no CMT2300A answers on ${bus.path}: 0xAA written to register 0x${hex(CmtReg.pkt17)} reads back as 0x${hex(back)} (check the wiring, the 3-wire SPI setting and the module's 3.3 V)`,
    };
  }
  return {
    answers: true,
    text: `a CMT2300A answers on ${bus.path}: 0xAA written to register 0x${hex(CmtReg.pkt17)} reads back`,
  };
}

/** The CMT2300A's 128 registers, 16 a line. */
export function cmtRegisterDump(bus: SpiBus): string[] {
  const lines: string[] = [];
  for (let row = 0; row < 0x80; row += 16) {
    const values = Array.from({ length: 16 }, (_, i) => hex(cmtRead(bus, row + i)));
    lines.push(`  0x${hex(row)}: ${values.join(' ')}`);
  }
  return lines;
}
