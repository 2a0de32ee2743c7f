/**
 * The CMT2300A FIFO select (FCSB). The chip takes one FIFO byte per FCSB pulse, and no address: FCSB low,
 * eight clocks on SDIO, FCSB high. Boards wire FCSB either to a second SPI chip select or to a plain GPIO;
 * the driver sees only this port.
 */
import { type GpioOutput, IoError, type SpiBus } from '../../io';

export interface CmtFifoPort {
  /** Shown in diagnostics: the spidev path, plus the GPIO line when FCSB is a GPIO. */
  readonly path: string;
  writeByte(value: number): void;
  readByte(): number;
  close(): void;
}

/**
 * The FIFO select's timing around one byte, in nanoseconds. The chip wants FCSB low for more than one
 * SCLK period before the first clock, more than 2 µs from the last clock to FCSB going high, and FCSB
 * high for more than 4 µs between two bytes. Each value here carries a margin over that minimum.
 */
export interface FcsbTiming {
  setupNs: number;
  holdNs: number;
  highNs: number;
}

/** The FCSB times for an SPI clock of `speedHz`: setup two SCLK periods (1 µs at least), hold 3 µs, high 5 µs. */
export function fcsbTiming(speedHz: number): FcsbTiming {
  return { setupNs: Math.max(1_000, Math.ceil(2e9 / speedHz)), holdNs: 3_000, highNs: 5_000 };
}

/** A monotonic time in nanoseconds (process.hrtime.bigint on a host; tests give a fake one). */
export type NanoClock = () => bigint;

/** Busy-waits until `span` ns have passed since `mark` (a few µs at most: a timer cannot wait this short). */
export function waitSince(now: NanoClock, mark: bigint, span: bigint): void {
  while (now() - mark < span) {
    // spin
  }
}

/**
 * FCSB on its own chip select: one SPI message (one chip-select pulse) per byte. The controller drives the
 * select, so the hold time rides in the message (`delayUs`, spidev's delay_usecs: the controller waits
 * that long after the last clock before it releases FCSB). The setup time (FCSB low before the first clock)
 * is the controller's: it asserts the select before it clocks (a scope confirms it, docs/hardware.md). The
 * high time between two bytes is waited out here, measured from the previous message's return, as the GPIO
 * form does.
 */
export function fifoOnChipSelect(
  bus: SpiBus,
  timing: FcsbTiming = fcsbTiming(1_000_000),
  now: NanoClock = process.hrtime.bigint,
): CmtFifoPort {
  const delayUs = Math.ceil(timing.holdNs / 1_000);
  const high = BigInt(timing.highNs);
  let released: bigint | undefined;
  const pulse = <T>(work: () => T): T => {
    if (released !== undefined) waitSince(now, released, high);
    try {
      return work();
    } finally {
      released = now();
    }
  };
  return {
    path: bus.path,
    writeByte(value) {
      pulse(() => bus.transfer([{ tx: Uint8Array.of(value), delayUs }]));
    },
    readByte() {
      return pulse(() => firstByte(bus.transfer([{ rxLength: 1, delayUs }]), bus.path));
    },
    close() {
      bus.close();
    },
  };
}

/**
 * FCSB on a GPIO: the byte goes over an SPI device that asserts no chip select of its own (the SDIO and
 * SCLK lines are shared with CSB), with the FCSB line driven low around it. The line goes back high
 * even when the transfer fails, so a failed byte never leaves the FIFO selected.
 *
 * Each step is an ioctl, and a line changes somewhere inside its ioctl: the time from one call's return
 * to the next call is a lower bound of the time between their two events. So before each next call the
 * port waits, measured from the previous return, until `timing`'s minimum has passed. On a host where an
 * ioctl round trip already takes longer (about 4 µs through the FFI) the wait finds it elapsed at once.
 */
export function fifoOnGpio(
  bus: SpiBus,
  fcsb: GpioOutput,
  timing: FcsbTiming = fcsbTiming(1_000_000),
  now: NanoClock = process.hrtime.bigint,
): CmtFifoPort {
  const setup = BigInt(timing.setupNs);
  const hold = BigInt(timing.holdNs);
  const high = BigInt(timing.highNs);
  let raised: bigint | undefined;
  const around = <T>(work: () => T): T => {
    if (raised !== undefined) waitSince(now, raised, high);
    fcsb.set(false);
    waitSince(now, now(), setup);
    try {
      return work();
    } finally {
      waitSince(now, now(), hold);
      fcsb.set(true);
      raised = now();
    }
  };
  return {
    path: `${bus.path} + FCSB line ${fcsb.offset}`,
    writeByte(value) {
      around(() => bus.transfer([{ tx: Uint8Array.of(value) }]));
    },
    readByte() {
      return around(() => firstByte(bus.transfer([{ rxLength: 1 }]), bus.path));
    },
    close() {
      fcsb.close();
      bus.close();
    },
  };
}

function firstByte(result: Uint8Array[], path: string): number {
  const value = result[0]?.[0];
  if (value === undefined) throw new IoError(`${path}: the FIFO read returned no byte`, 'EIO');
  return value;
}
