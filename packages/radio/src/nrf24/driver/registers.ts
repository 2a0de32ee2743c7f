/**
 * The nRF24L01+ register map and SPI command set, as the chip defines them (docs/radio-nrf24.md). Facts only:
 * the driver (`nrf24-radio.ts`) and the chip model (`radio/model/nrf24-*.ts`) both read them from here.
 */

/** SPI commands. Every command clocks the STATUS register out on MISO while its first byte goes in. */
export const Cmd = {
  /** 000A AAAA: read register A (1 byte, 5 for the address registers of pipes 0/1 and TX). */
  R_REGISTER: 0x00,
  /** 001A AAAA: write register A; allowed in power-down and standby only. */
  W_REGISTER: 0x20,
  /** Read the oldest RX payload (1..32 bytes); the payload leaves the FIFO. */
  R_RX_PAYLOAD: 0x61,
  /** Append a payload (1..32 bytes) to the TX FIFO. */
  W_TX_PAYLOAD: 0xa0,
  FLUSH_TX: 0xe1,
  FLUSH_RX: 0xe2,
  /** Width of the oldest RX payload (dynamic payloads); over 32 means a corrupt packet: flush RX. */
  R_RX_PL_WID: 0x60,
  /** No operation: only the STATUS byte comes back. */
  NOP: 0xff,
} as const;

/** Register addresses. */
export const Reg = {
  CONFIG: 0x00,
  EN_AA: 0x01,
  EN_RXADDR: 0x02,
  SETUP_AW: 0x03,
  SETUP_RETR: 0x04,
  RF_CH: 0x05,
  RF_SETUP: 0x06,
  STATUS: 0x07,
  OBSERVE_TX: 0x08,
  RPD: 0x09,
  RX_ADDR_P0: 0x0a,
  RX_ADDR_P1: 0x0b,
  RX_ADDR_P2: 0x0c,
  RX_ADDR_P3: 0x0d,
  RX_ADDR_P4: 0x0e,
  RX_ADDR_P5: 0x0f,
  TX_ADDR: 0x10,
  RX_PW_P0: 0x11,
  RX_PW_P1: 0x12,
  RX_PW_P2: 0x13,
  RX_PW_P3: 0x14,
  RX_PW_P4: 0x15,
  RX_PW_P5: 0x16,
  FIFO_STATUS: 0x17,
  DYNPD: 0x1c,
  FEATURE: 0x1d,
} as const;

/** Short names for traces and model errors. */
export const REGISTER_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(Reg).map(([name, address]) => [address, name]),
);

/** Registers that hold an address: as many bytes as SETUP_AW says (3..5), least significant byte first. */
export const WIDE_REGISTERS: ReadonlySet<number> = new Set([Reg.RX_ADDR_P0, Reg.RX_ADDR_P1, Reg.TX_ADDR]);

/** CONFIG bits. */
export const Config = {
  /** 1 keeps RX_DR off the IRQ pin. */
  MASK_RX_DR: 0x40,
  MASK_TX_DS: 0x20,
  MASK_MAX_RT: 0x10,
  /** CRC on (forced on by the chip while any EN_AA bit is set). */
  EN_CRC: 0x08,
  /** CRC length: 0 = 1 byte, 1 = 2 bytes. */
  CRCO: 0x04,
  PWR_UP: 0x02,
  /** 1 = primary receiver, 0 = primary transmitter. */
  PRIM_RX: 0x01,
} as const;

/** STATUS bits. RX_DR, TX_DS and MAX_RT are cleared by writing 1 to them. */
export const Status = {
  /** A payload arrived in the RX FIFO. */
  RX_DR: 0x40,
  /** A payload left the TX FIFO (acknowledged when auto-ack is on). */
  TX_DS: 0x20,
  /** The retransmit count ran out without an acknowledgement; TX stops until the flag is cleared. */
  MAX_RT: 0x10,
  /** Bits 3:1: pipe of the oldest RX payload; 7 = RX FIFO empty. */
  RX_P_NO_MASK: 0x0e,
  TX_FULL: 0x01,
} as const;

export const IRQ_FLAGS = Status.RX_DR | Status.TX_DS | Status.MAX_RT;

/** The pipe number field of STATUS (7 = RX FIFO empty). */
export function rxPipeOf(status: number): number {
  return (status & Status.RX_P_NO_MASK) >> 1;
}
export const RX_PIPE_EMPTY = 7;

/** FIFO_STATUS bits. */
export const FifoStatus = {
  TX_REUSE: 0x40,
  TX_FULL: 0x20,
  TX_EMPTY: 0x10,
  RX_FULL: 0x02,
  RX_EMPTY: 0x01,
} as const;

/** RF_SETUP bits. Data rate: RF_DR_LOW = 250 kbps (nRF24L01+ only); else RF_DR_HIGH ? 2 Mbps : 1 Mbps. */
export const RfSetup = {
  CONT_WAVE: 0x80,
  RF_DR_LOW: 0x20,
  PLL_LOCK: 0x10,
  RF_DR_HIGH: 0x08,
  /** Bits 2:1: output power, 0 = −18 dBm, 1 = −12 dBm, 2 = −6 dBm, 3 = 0 dBm. */
  RF_PWR_SHIFT: 1,
} as const;

/** FEATURE bits. */
export const Feature = {
  /** Dynamic payload length (the packet carries its own length). */
  EN_DPL: 0x04,
  EN_ACK_PAY: 0x02,
  EN_DYN_ACK: 0x01,
} as const;

/** Largest payload the chip carries. */
export const MAX_PAYLOAD = 32;
/** Depth of each FIFO. */
export const FIFO_DEPTH = 3;

/** Chip timings in ms (datasheet, typical). */
export const Timing = {
  /** Power-down → standby-I (crystal start-up); up to 4.5 ms with a slow crystal. */
  POWER_UP_MS: 1.5,
  /** Standby → TX or RX (PLL settling). */
  SETTLE_MS: 0.13,
} as const;
