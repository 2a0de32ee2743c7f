/** What a test can break in the CMT2300A model, and what the model counted of the air. */
import type { CmtAirPacket } from '../../model/air';

/** Faults a test can switch on. */
export interface CmtModelFaults {
  /** The next this-many SPI transfers (any port) fail with an I/O error. */
  failTransfers: number;
  /** Fail one transfer after this many more have gone through (an error in the middle of a sequence). */
  failAfterTransfers: number | undefined;
  /** The GPIO line never changes level (broken wire or wrong line offset). */
  gpio2Dead: boolean;
  gpio3Dead: boolean;
  /** A packet for which this returns true arrives with a bad CRC. */
  crcError: ((packet: CmtAirPacket) => boolean) | undefined;
}

export interface CmtModelStats {
  transmitted: number;
  received: number;
  /** Packets lost because the RX FIFO still held an unread packet. */
  overruns: number;
  crcErrors: number;
  /** Far-side packets the chip did not hear: not in RX, or another frequency. */
  notListening: number;
  wrongFrequency: number;
  txAborted: number;
}

export function noFaults(): CmtModelFaults {
  return {
    failTransfers: 0,
    failAfterTransfers: undefined,
    gpio2Dead: false,
    gpio3Dead: false,
    crcError: undefined,
  };
}

/** Counts one transfer against the injected I/O faults; true when this one must fail. */
export function takeFault(faults: CmtModelFaults): boolean {
  if (faults.failAfterTransfers !== undefined) {
    if (faults.failAfterTransfers === 0) {
      faults.failAfterTransfers = undefined;
      return true;
    }
    faults.failAfterTransfers--;
  }
  if (faults.failTransfers > 0) {
    faults.failTransfers--;
    return true;
  }
  return false;
}
