/**
 * The CMT2300A FIFO select (FCSB). The chip takes one FIFO byte per FCSB pulse, and no address: FCSB low,
 * eight clocks on SDIO, FCSB high. Boards wire FCSB either to a second SPI chip select or to a plain GPIO;
 * the driver sees only this port.
 */
import { type GpioOutput, IoError, type SpiBus } from '../io';

export interface CmtFifoPort {
  /** Shown in diagnostics: the spidev path, plus the GPIO line when FCSB is a GPIO. */
  readonly path: string;
  writeByte(value: number): void;
  readByte(): number;
  close(): void;
}

/** FCSB on its own chip select: one SPI message (one chip-select pulse) per byte. */
export function fifoOnChipSelect(bus: SpiBus): CmtFifoPort {
  return {
    path: bus.path,
    writeByte(value) {
      bus.transfer([{ tx: Uint8Array.of(value) }]);
    },
    readByte() {
      return firstByte(bus.transfer([{ rxLength: 1 }]), bus.path);
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
 */
export function fifoOnGpio(bus: SpiBus, fcsb: GpioOutput): CmtFifoPort {
  const around = <T>(work: () => T): T => {
    fcsb.set(false);
    try {
      return work();
    } finally {
      fcsb.set(true);
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
