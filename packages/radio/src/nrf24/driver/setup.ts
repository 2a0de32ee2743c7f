/**
 * What the driver writes into the nRF24L01+ for the Hoymiles HM/HERF link, each value with its meaning, and
 * the channel plan. docs/radio-nrf24.md explains the choices.
 */
import type { RadioAddress } from '@dtu-console/hoymiles';
import { Config, Feature, Reg, RfSetup } from './registers';

/** The five channels the HM inverters use (2403, 2423, 2440, 2461, 2475 MHz), sending and answering. */
export const HOYMILES_CHANNELS: readonly number[] = [3, 23, 40, 61, 75];

/**
 * An inverter answers on a channel two places after the one it was asked on (in the list above, wrapping),
 * sometimes three: the receiver starts there and walks on through the list.
 */
export const ANSWER_CHANNEL_OFFSET = 2;

/**
 * Receive hopping: the receiver stays on a channel while fragments keep arriving and moves to the next channel
 * after this long without one.
 */
export const RX_DWELL_MS = 5;
/** The first channel after a send is kept longer: the inverter needs a few ms before its first fragment. */
export const RX_FIRST_DWELL_MS = 10;

/** Longest wait for the end of a send: 16 attempts × (settle + 32-byte packet + ack + ARD) stay under 45 ms. */
export const TX_TIMEOUT_MS = 60;
/** While a send runs, STATUS is read this often when the IRQ line stays quiet. */
export const TX_POLL_MS = 2;
/** Power-down → standby with margin for slow crystals (the chip needs up to 4.5 ms). */
export const POWER_UP_WAIT_MS = 5;

/** Address width code for SETUP_AW: 1 = 3 bytes, 2 = 4 bytes, 3 = 5 bytes. */
export const ADDRESS_WIDTH_CODE = 0x03;
export const ADDRESS_BYTES = 5;

/** CRC on, 2 bytes; every interrupt source reaches the IRQ pin (no MASK bits). */
const CONFIG_BASE = Config.EN_CRC | Config.CRCO;
/** Powered down: registers may be written, the radio is off. */
export const CONFIG_POWER_DOWN = CONFIG_BASE;
/** Powered up as primary transmitter (standby-I while CE is low). */
export const CONFIG_TX = CONFIG_BASE | Config.PWR_UP;
/** Powered up as primary receiver (listens while CE is high). */
export const CONFIG_RX = CONFIG_BASE | Config.PWR_UP | Config.PRIM_RX;

/** RF_SETUP for 250 kbps at PA level 0..3 (−18, −12, −6, 0 dBm). */
export function rfSetupValue(paLevel: number): number {
  const level = Math.min(3, Math.max(0, Math.round(paLevel)));
  return RfSetup.RF_DR_LOW | (level << RfSetup.RF_PWR_SHIFT);
}

/**
 * The static part of the set-up, written once in power-down with CE low (address and channel follow).
 * Order: address width first (it is also the presence check), then the rest.
 */
export const STATIC_SETUP: readonly { register: number; value: number; why: string }[] = [
  {
    register: Reg.SETUP_RETR,
    value: 0x3f,
    why: 'ARD 3 = wait 1000 µs before a retransmit (ample for an ack at 250 kbps); ARC 15 = up to 15 retransmits',
  },
  {
    register: Reg.EN_AA,
    value: 0x03,
    why: 'auto-ack on pipe 0 (acks to our sends) and pipe 1 (our address)',
  },
  { register: Reg.EN_RXADDR, value: 0x02, why: 'only pipe 1 (the DTU address) receives while idle' },
  { register: Reg.DYNPD, value: 0x03, why: 'dynamic payload length on pipes 0 and 1' },
  { register: Reg.FEATURE, value: Feature.EN_DPL, why: 'dynamic payload length on; no ack payloads' },
];

/** EN_RXADDR while sending: pipe 0 must be open to hear the inverter's ack (pipe 1 stays open). */
export const EN_RXADDR_TX = 0x03;
/** EN_RXADDR while listening: pipe 0 (the inverter's address) closed, only our own address. */
export const EN_RXADDR_RX = 0x02;

/**
 * The 5-byte address of a Hoymiles device as written into an address register (least significant byte first):
 * 0x01, then the serial's low four bytes from the most significant one down. For serial 1141 7222 0001:
 * 01 72 22 00 01.
 */
export function registerAddress(address: RadioAddress): Uint8Array {
  return Uint8Array.of(
    0x01,
    (address >>> 24) & 0xff,
    (address >>> 16) & 0xff,
    (address >>> 8) & 0xff,
    address & 0xff,
  );
}

/** The same address as it goes over the air: the chip sends the register's last byte first. */
export function airAddress(address: RadioAddress): Uint8Array {
  return registerAddress(address).reverse();
}
