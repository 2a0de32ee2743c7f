/**
 * The small doors a radio driver talks through. A driver (`nrf24/`, `cmt2300a/`) knows only these; behind
 * them stand either the host (`linux/`: spidev and the GPIO character device) or a register-level model
 * of the chip (`model/`). Both sides keep to the same rules, so what a driver does against a model it does
 * against the chip.
 */

/**
 * One part of an SPI message. Send-only (`tx`), receive-only (`rxLength`), or full duplex (both, with
 * `rxLength === tx.length`). A 3-wire bus (one shared data line, as the CMT2300A's SDIO) takes only
 * send-only or receive-only parts: the Linux SPI core refuses a part that does both (EINVAL).
 */
export interface SpiSegment {
  tx?: Uint8Array;
  rxLength?: number;
  /**
   * Microseconds the controller waits after this part's last clock before the next part or the chip-select
   * release (spidev `delay_usecs`, 0..65535). The CMT2300A's FIFO select needs it as its hold time.
   */
  delayUs?: number;
  /**
   * spidev `cs_change`: on a middle part, release the chip select after it and select again for the next
   * part; on the last part, leave the chip selected after the message. The CMT2300A driver never sets it
   * (each register access is one whole CSB pulse); the model records what it does to CSB's times.
   */
  csChange?: boolean;
}

/** Why an SPI or GPIO call failed, in words a user can act on (device path, permission, errno). */
export class IoError extends Error {
  override readonly name = 'IoError';
  /** errno name when the host gave one (ENOENT, EACCES, EINVAL, ...). */
  readonly code: string | undefined;
  constructor(message: string, code?: string) {
    super(message);
    this.code = code;
  }
}

/** One SPI device (one chip select). */
export interface SpiBus {
  /** `/dev/spidev0.0` on a host, `model:<chip>` for a model: shown to the user in diagnostics. */
  readonly path: string;
  /**
   * One message: every segment in order under one chip-select assertion (SPI_IOC_MESSAGE(n)). Returns,
   * per segment, the bytes received (an empty array for a send-only segment). Throws IoError.
   */
  transfer(segments: readonly SpiSegment[]): Uint8Array[];
  close(): void;
}

/** A GPIO line driven by us (nRF24 CE, a CMT2300A FCSB on a GPIO). */
export interface GpioOutput {
  readonly offset: number;
  set(high: boolean): void;
  close(): void;
}

/** An edge seen on an input line, with the kernel's timestamp (CLOCK_MONOTONIC, ns). */
export interface GpioEdge {
  offset: number;
  rising: boolean;
  timestampNs: bigint;
  /** The kernel's sequence number for the line: a gap means edges were lost. */
  seqno: number;
}

/** A GPIO line we read (nRF24 IRQ, CMT2300A GPIO2/GPIO3), with edge events. */
export interface GpioInput {
  readonly offset: number;
  get(): boolean;
  /** Calls `listener` for every edge the line was requested for; returns a function that stops it. */
  onEdge(listener: (edge: GpioEdge) => void): () => void;
  close(): void;
}
