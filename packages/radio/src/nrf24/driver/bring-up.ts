/**
 * Bringing an nRF24L01+ up for the Hoymiles link: power-down, the presence check (SETUP_AW reads back),
 * the '+' check (250 kbps sticks), the static set-up, the DTU address on pipe 1, flags and FIFOs cleared,
 * power-up as transmitter and the start-up wait before CE may rise. docs/radio-nrf24.md has the sequence.
 */
import type { RadioAddress } from '@dtu-console/hoymiles';
import type { GpioOutput } from '../../io';
import type { RadioTimer } from '../../radio-timer';
import type { NrfChip } from './chip';
import { absentReason } from './health';
import { IRQ_FLAGS, Reg, RfSetup } from './registers';
import {
  ADDRESS_WIDTH_CODE,
  CONFIG_POWER_DOWN,
  CONFIG_TX,
  POWER_UP_WAIT_MS,
  registerAddress,
  rfSetupValue,
  STATIC_SETUP,
} from './setup';

export type BringUp = { ok: true; pvariant: boolean } | { ok: false; reason: string };

/** Leaves the chip powered up in standby-I as transmitter, or says why no chip answers. */
export async function bringUp(
  chip: NrfChip,
  ce: GpioOutput,
  timer: RadioTimer,
  dtuAddress: RadioAddress,
  paLevel: number,
): Promise<BringUp> {
  ce.set(false);
  chip.writeRegister(Reg.CONFIG, CONFIG_POWER_DOWN);
  chip.writeRegister(Reg.SETUP_AW, ADDRESS_WIDTH_CODE);
  const width = chip.readByte(Reg.SETUP_AW);
  if (width !== ADDRESS_WIDTH_CODE) return { ok: false, reason: absentReason(chip.path, width) };
  // 250 kbps exists only on the '+' chip: on an nRF24L01 the RF_DR_LOW bit does not stick.
  chip.writeRegister(Reg.RF_SETUP, rfSetupValue(paLevel));
  const pvariant = (chip.readByte(Reg.RF_SETUP) & RfSetup.RF_DR_LOW) !== 0;
  for (const { register, value } of STATIC_SETUP) chip.writeRegister(register, value);
  chip.writeRegister(Reg.RX_ADDR_P1, registerAddress(dtuAddress));
  chip.flushTx();
  chip.flushRx();
  chip.writeRegister(Reg.STATUS, IRQ_FLAGS);
  chip.writeRegister(Reg.CONFIG, CONFIG_TX);
  // The crystal starts: CE must stay low until the chip is in standby (4.5 ms at worst).
  await timer.sleep(POWER_UP_WAIT_MS);
  return { ok: true, pvariant };
}
