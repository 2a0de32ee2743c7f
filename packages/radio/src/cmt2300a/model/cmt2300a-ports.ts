/**
 * The CMT2300A model's doors: the register bus (CSB), the FIFO bus in both board forms (a second chip
 * select, or an SPI device without chip select plus an FCSB GPIO line), and the GPIO2/GPIO3 inputs. They
 * keep the bus rules a real board has: 3-wire parts send or receive, never both (refused like the Linux
 * SPI core does, EINVAL); a register access is one CSB message; a FIFO byte is one FCSB pulse; CSB and
 * FCSB are never selected together; and FCSB keeps the chip's times around each byte: low for more than one
 * SCLK period before the first clock (setup), more than 2 µs from the last clock to its release (hold), high
 * for more than 4 µs between two bytes. CSB keeps its own: low for more than half an SCLK period before the
 * first clock (setup) and after the last (hold), and high for more than half an SCLK period between two
 * register accesses. The times are measured on a monotonic nanosecond clock; on a chip select the hold is
 * the message's own `delayUs`, as the controller would keep it, and a part with `csChange` releases the
 * select after it (in the middle of a message) or leaves it selected after the message (on its last part),
 * as the Linux SPI core does.
 */

import {
  type GpioEdge,
  type GpioInput,
  type GpioOutput,
  IoError,
  type SpiBus,
  type SpiSegment,
} from '../../io';
import type { RadioTimer } from '../../radio-timer';
import type { NanoClock } from '../driver/fifo-port';
import { READ_BIT } from '../driver/registers';
import type { Cmt2300aModel } from './cmt2300a-model';

export interface Cmt2300aModelPorts {
  /** Register port, CSB. */
  csb: SpiBus;
  /** FIFO port on a second chip select (FCSB). */
  fcsb: SpiBus;
  /** FIFO port on an SPI device without chip select, framed by `fcsbLine`. */
  sdio: SpiBus;
  fcsbLine: GpioOutput;
  gpio2: GpioInput;
  gpio3: GpioInput;
}

export interface Cmt2300aLineOffsets {
  fcsb: number;
  gpio2: number;
  gpio3: number;
}

const DEFAULT_LINES: Cmt2300aLineOffsets = { fcsb: 25, gpio2: 12, gpio3: 13 };

/** The FIFO select's minimum times, ns (FCSB's setup and CSB's hold are one SCLK period at the bus speed). */
export const FCSB_MIN_NS = { hold: 2_000, high: 4_000 } as const;

/** CSB's setup and high minimums: more than half an SCLK period at `speedHz`, ns. */
export function csbMinNs(speedHz: number): { setup: number; high: number } {
  const half = Math.ceil(5e8 / speedHz);
  return { setup: half, high: half };
}

export interface Cmt2300aBusTiming {
  /** The monotonic clock the FCSB times are measured on. Default process.hrtime.bigint. */
  nanos?: NanoClock;
  /** SCLK, for the FCSB setup minimum (one period). Default 1 MHz. */
  speedHz?: number;
}

export function cmt2300aPorts(
  model: Cmt2300aModel,
  clock: RadioTimer,
  lines: Cmt2300aLineOffsets = DEFAULT_LINES,
  timing: Cmt2300aBusTiming = {},
): Cmt2300aModelPorts {
  const nanos = timing.nanos ?? process.hrtime.bigint;
  const speedHz = timing.speedHz ?? 1_000_000;
  const setupNs = BigInt(Math.ceil(1e9 / speedHz));
  const csbMin = csbMinNs(speedHz);
  /** CSB left selected by a `csChange` on the last part of the previous register message. */
  let csbHeld = false;
  /** When CSB last went high after a register access (ns). */
  let csbRoseAt: bigint | undefined;
  let fcsbLow = false;
  let bytesThisPulse = 0;
  /** When FCSB last went low, when its last byte ended, when it last went high (ns). */
  let fellAt: bigint | undefined;
  let lastClockAt: bigint | undefined;
  let roseAt: bigint | undefined;
  const us = (ns: bigint) => (Number(ns) / 1000).toFixed(1);
  const checkHigh = (at: bigint) => {
    if (roseAt !== undefined && at - roseAt < BigInt(FCSB_MIN_NS.high)) {
      model.error(`FCSB high for ${us(at - roseAt)} µs between two FIFO bytes (more than 4 µs needed)`);
    }
  };

  const bus = (path: string, handle: (segments: readonly SpiSegment[]) => Uint8Array[]): SpiBus => {
    let closed = false;
    return {
      path,
      transfer(segments) {
        if (closed) throw new IoError(`${path} is closed`, 'EBADF');
        for (const s of segments) {
          if (s.tx && s.rxLength) {
            throw new IoError(`${path}: a 3-wire transfer cannot send and receive in one part`, 'EINVAL');
          }
        }
        if (model.takeFault()) throw new IoError(`${path}: input/output error`, 'EIO');
        return handle(segments);
      },
      close() {
        closed = true;
      },
    };
  };

  const emptyResult = (segments: readonly SpiSegment[]) =>
    segments.map((s) => new Uint8Array(s.rxLength ?? 0));

  const register = (segments: readonly SpiSegment[]): Uint8Array[] => {
    const at = nanos();
    try {
      return registerAccess(segments, at);
    } finally {
      csbHeld = segments.at(-1)?.csChange === true;
      if (!csbHeld) csbRoseAt = nanos();
    }
  };

  /** CSB's setup and high times around one register message that starts at `at`. */
  const checkCsbTimes = (segments: readonly SpiSegment[], at: bigint) => {
    if (csbHeld) {
      model.error(
        'CSB did not fall before the first clock of a register access: the previous access left it selected (cs_change), so the setup time (more than half an SCLK period) was not kept',
      );
    } else if (csbRoseAt !== undefined && at - csbRoseAt < BigInt(csbMin.high)) {
      model.error(
        `CSB high for ${us(at - csbRoseAt)} µs between two register accesses (more than half an SCLK period, ${us(BigInt(csbMin.high))} µs, needed)`,
      );
    }
    if (segments.slice(0, -1).some((s) => s.csChange)) {
      model.error(
        'CSB released inside a register access (cs_change on a middle part): the chip ends the access there, and the next part starts without its setup time',
      );
    }
  };

  const registerAccess = (segments: readonly SpiSegment[], at: bigint): Uint8Array[] => {
    const result = emptyResult(segments);
    if (fcsbLow) {
      model.error('CSB selected while FCSB is low');
      return result;
    }
    checkCsbTimes(segments, at);
    // The controller releases CSB `delayUs` after the last clock: at least one SCLK period.
    const holdNs = BigInt((segments.at(-1)?.delayUs ?? 0) * 1_000);
    if (holdNs < setupNs) {
      model.error(
        `CSB released ${us(holdNs)} µs after the last clock of a register access (one SCLK period needed: delay_usecs)`,
      );
    }
    const first = segments[0]?.tx;
    if (!first || first.length === 0) {
      model.error('CSB message that does not start with an address byte');
      return result;
    }
    const sent = segments.flatMap((s) => (s.tx ? [...s.tx] : []));
    const receives = segments.filter((s) => s.rxLength);
    const address = first[0]! & ~READ_BIT;
    if (first[0]! & READ_BIT) {
      const [addressPart, readPart, ...rest] = segments;
      if (addressPart?.tx?.length !== 1 || readPart?.rxLength !== 1 || rest.length > 0) {
        model.error(`register read 0x${address.toString(16)} is not [address] then [1 byte]`);
        return result;
      }
      result[1]![0] = model.readRegister(address);
      return result;
    }
    if (receives.length > 0 || sent.length !== 2) {
      model.error(
        `register write 0x${address.toString(16)} is not [address, value] (${sent.length} bytes sent)`,
      );
      return result;
    }
    model.writeRegister(address, sent[1]!);
    return result;
  };

  const fifoByte = (segments: readonly SpiSegment[]): Uint8Array[] => {
    const result = emptyResult(segments);
    const [part, ...rest] = segments;
    const count = part?.tx?.length ?? part?.rxLength ?? 0;
    if (rest.length > 0 || count !== 1) {
      model.error('a FIFO access is one byte per FCSB pulse');
      return result;
    }
    if (part!.tx) model.writeFifo(part!.tx[0]!);
    else result[0]![0] = model.readFifo();
    return result;
  };

  const edgeInput = (name: 'gpio2' | 'gpio3', offset: number): GpioInput => {
    let seqno = 0;
    return {
      offset,
      get: () => model.level(name),
      onEdge(listener: (edge: GpioEdge) => void) {
        return model.onEdge(name, (rising) => {
          listener({
            offset,
            rising,
            timestampNs: BigInt(Math.round(clock.now() * 1000)) * 1000n,
            seqno: ++seqno,
          });
        });
      },
      close() {},
    };
  };

  return {
    csb: bus('model:cmt2300a/csb', register),
    fcsb: bus('model:cmt2300a/fcsb', (segments) => {
      // The controller lowers FCSB for the message and releases it `delayUs` after the last clock.
      checkHigh(nanos());
      const holdUs = segments.at(-1)?.delayUs ?? 0;
      if (holdUs * 1_000 < FCSB_MIN_NS.hold) {
        model.error(
          `FCSB released ${holdUs} µs after the last clock of a FIFO byte (more than 2 µs needed: delay_usecs)`,
        );
      }
      const result = fifoByte(segments);
      roseAt = nanos();
      return result;
    }),
    sdio: bus('model:cmt2300a/sdio', (segments) => {
      if (!fcsbLow) {
        model.error('SPI clocks on SDIO with neither CSB nor FCSB selected');
        return emptyResult(segments);
      }
      if (++bytesThisPulse > 1) model.error('two FIFO accesses within one FCSB pulse');
      const start = nanos();
      if (fellAt !== undefined && start - fellAt < setupNs) {
        model.error(`first clock ${us(start - fellAt)} µs after FCSB fell (one SCLK period needed)`);
      }
      const result = fifoByte(segments);
      lastClockAt = nanos();
      return result;
    }),
    fcsbLine: {
      offset: lines.fcsb,
      set(high) {
        const at = nanos();
        if (high && fcsbLow && lastClockAt !== undefined && at - lastClockAt < BigInt(FCSB_MIN_NS.hold)) {
          model.error(
            `FCSB released ${us(at - lastClockAt)} µs after the last clock (more than 2 µs needed)`,
          );
        }
        if (!high && !fcsbLow) checkHigh(at);
        if (high && fcsbLow) roseAt = at;
        if (!high && !fcsbLow) fellAt = at;
        fcsbLow = !high;
        if (fcsbLow) {
          bytesThisPulse = 0;
          lastClockAt = undefined;
        }
      },
      close() {},
    },
    gpio2: edgeInput('gpio2', lines.gpio2),
    gpio3: edgeInput('gpio3', lines.gpio3),
  };
}
