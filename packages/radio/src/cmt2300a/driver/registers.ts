/**
 * CMT2300A register map: addresses, bit fields and codes, named after what they do. The driver and the
 * chip model both read these, so the two cannot disagree on a bit. docs/radio-cmt2300a.md explains them.
 */

/** Bit 7 of the address byte on CSB: 1 = read, 0 = write. Bits 6..0 are the register address. */
export const READ_BIT = 0x80;
export const ADDRESS_MASK = 0x7f;

/** The six configuration banks (written once at init, in SLEEP or STBY). */
export const Bank = {
  cmt: { address: 0x00, size: 12 },
  system: { address: 0x0c, size: 12 },
  frequency: { address: 0x18, size: 8 },
  dataRate: { address: 0x20, size: 24 },
  baseband: { address: 0x38, size: 29 },
  tx: { address: 0x55, size: 11 },
} as const;
/** One past the last configuration register. */
export const CONFIG_END = 0x60;

export const Reg = {
  /** CMT bank, 4th register: bit 0 doubles the PA output (levels above 16 dBm). */
  cmt4: 0x03,
  /** Sys bank, 3rd register: TX exit state (bits 3..2) and RX exit state (bits 1..0). */
  sys3: 0x0e,
  /** Sys bank, 10th register: bit 5 keeps the chip in RX after a packet. */
  sys10: 0x15,
  /** Frequency bank: RX synthesizer N, K[7:0], K[15:8], K[19:16] + divider; TX the same from rf5. */
  rf1: 0x18,
  rf5: 0x18 + 4,
  /** Baseband: sync size (bits 3..1 = bytes − 1); sync value bytes from pkt6 (lowest) to pkt13 (highest). */
  pkt5: 0x3c,
  pkt6: 0x3d,
  /** Packet type (bit 0: variable length), node/length order (bit 2), payload length bits 10..8. */
  pkt14: 0x45,
  /** Payload length bits 7..0; in variable-length TX, the length of the next packet. */
  pkt15: 0x46,
  /** Node id bytes, unused by Hoymiles: a free scratch register for the presence check. */
  pkt17: 0x48,
  /** FEC (bits 7..6), CRC type (bits 2..1), CRC enable (bit 0). */
  pkt21: 0x4c,
  /** PA output code and PA ramp/bias code of the selected power. */
  tx8: 0x5c,
  tx9: 0x5d,
  modeCtl: 0x60,
  modeSta: 0x61,
  /** EN_CTL: bit 5 is LOCKING_EN; the other bits belong to the chip (read-modify-write only). */
  enCtl: 0x62,
  freqChannel: 0x63,
  /** Channel spacing in 2.5 kHz steps. */
  freqOffset: 0x64,
  ioSel: 0x65,
  int1Ctl: 0x66,
  int2Ctl: 0x67,
  intEn: 0x68,
  fifoCtl: 0x69,
  intClr1: 0x6a,
  intClr2: 0x6b,
  fifoClr: 0x6c,
  intFlag: 0x6d,
  fifoFlag: 0x6e,
  rssiCode: 0x6f,
  rssiDbm: 0x70,
  lbdResult: 0x71,
  /** Writing 0xFF resets the chip. */
  softReset: 0x7f,
} as const;

export const SOFT_RESET_VALUE = 0xff;

/** MODE_CTL go-commands: exactly one bit per write. */
export const Go = {
  stby: 0x02,
  rfs: 0x04,
  rx: 0x08,
  sleep: 0x10,
  tfs: 0x20,
  tx: 0x40,
} as const;

/** MODE_STA bits 3..0. */
export const State = {
  idle: 0x00,
  sleep: 0x01,
  stby: 0x02,
  rfs: 0x03,
  tfs: 0x04,
  rx: 0x05,
  tx: 0x06,
} as const;
export type StateCode = (typeof State)[keyof typeof State];
export const STATE_MASK = 0x0f;
/** MODE_STA bit 4: keep the configuration while asleep. */
export const CFG_RETAIN = 0x10;
/** MODE_STA bit 5: GPIO4 acts as a reset input (we turn it off: a floating pin must not reset the chip). */
export const RSTN_IN_EN = 0x20;
/**
 * EN_CTL bit 5: the chip watches its synthesizer lock and will not go on the air (or listen) off frequency.
 * The vendor's init sets it right after the configuration-retain step, by read-modify-write.
 */
export const LOCKING_EN = 0x20;

export const stateName = (code: number): string =>
  Object.entries(State)
    .find(([, v]) => v === code)?.[0]
    .toUpperCase() ?? `0x${code.toString(16)}`;

/** IO_SEL fields: what GPIO2 (bits 3..2) and GPIO3 (bits 5..4) show. */
export const IoSel = {
  gpio2Mask: 0x0c,
  gpio2Int1: 0x00,
  gpio2Int2: 0x04,
  gpio3Mask: 0x30,
  gpio3Int2: 0x20,
} as const;

/** INT1_CTL / INT2_CTL: bit 5 of INT1_CTL inverts both lines (active low); bits 4..0 pick the source. */
export const INT_POLARITY_LOW = 0x20;
export const INT_SOURCE_MASK = 0x1f;
export const IntSource = {
  preambleOk: 0x03,
  syncOk: 0x04,
  crcOk: 0x06,
  pktOk: 0x07,
  txDone: 0x0a,
  rxFifoNotEmpty: 0x0b,
} as const;

/** INT_EN: which events may raise their flag. */
export const IntEn = {
  txDone: 0x20,
  preambleOk: 0x10,
  syncOk: 0x08,
  crcOk: 0x02,
  pktDone: 0x01,
} as const;

/** FIFO_CTL. */
export const FifoCtl = {
  /** Readback of the TX FIFO (resend); we never set it. */
  txReadEnable: 0x08,
  /** 1 = SPI accesses the TX FIFO, 0 = the RX FIFO. */
  selectTx: 0x04,
  /** One 64-byte FIFO instead of 32 + 32. */
  merge: 0x02,
  /** 1 = SPI writes the FIFO, 0 = SPI reads it. */
  spiWrite: 0x01,
} as const;

/** INT_CLR1: bit 3 is the TX_DONE flag (read), bit 2 clears it (write). */
export const IntClr1 = { txDoneFlag: 0x08, txDoneClear: 0x04, clearAll: 0x07 } as const;
/** INT_CLR2: write 1 to clear preamble, sync, node, CRC and packet flags. */
export const INT_CLR2_ALL = 0x3f;
/** FIFO_CLR. */
export const FifoClr = { rx: 0x02, tx: 0x01 } as const;
/** INT_FLAG (read only). */
export const IntFlag = {
  pktErr: 0x20,
  preambleOk: 0x10,
  syncOk: 0x08,
  crcOk: 0x02,
  pktOk: 0x01,
} as const;
/** FIFO_FLAG (read only). */
export const FifoFlag = {
  rxFull: 0x40,
  rxNotEmpty: 0x20,
  rxOverflow: 0x08,
  txFull: 0x04,
  txNotEmpty: 0x02,
} as const;

/** RSSI_DBM holds dBm + 128. */
export const RSSI_DBM_OFFSET = 128;
/** FIFO size with the two FIFOs merged. */
export const MERGED_FIFO_BYTES = 64;
/** Exit-state codes in SYS3 (TX: bits 3..2, RX: bits 1..0). */
export const ExitState = { sleep: 0, stby: 1, fs: 2 } as const;
