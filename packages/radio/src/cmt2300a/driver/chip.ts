/**
 * Register and FIFO access to one CMT2300A, and its mode changes. The register port is 3-wire: a register
 * read is one message of a send-only part (the address with the read bit) and a receive-only part; a write
 * is one send-only part (address, value). Nothing here decides what to send: that is the radio's job.
 */

import type { SpiBus } from '../../io';
import type { RadioTimer } from '../../radio-timer';
import { type CmtFifoPort, type NanoClock, waitSince } from './fifo-port';
import { ADDRESS_MASK, READ_BIT, Reg, STATE_MASK, type StateCode, stateName } from './registers';

/** The chip did not do what it was told (a state never reached, a flag never raised). */
export class CmtChipError extends Error {
  override readonly name = 'CmtChipError';
}

/** How long a mode change may take before the chip counts as stuck (the datasheet's worst case is < 1 ms). */
export const STATE_TIMEOUT_MS = 10;
const STATE_POLL_MS = 1;
/**
 * CSB stays low this long after a register message's last clock (spidev `delay_usecs` on its last part):
 * one SCLK period at the profiles' 1 MHz, the hold the chip maker's own SPI set-up keeps.
 */
export const CSB_HOLD_US = 1;
/**
 * CSB stays high at least this long between two register messages, ns: the chip wants more than half an
 * SCLK period (0.5 µs at 1 MHz); a whole period gives the margin. Waited out before each message, measured
 * from the previous message's return, as the FIFO port does for FCSB (an ioctl round trip on a host usually
 * takes longer already, so the wait then finds it elapsed). CSB's setup (low for more than half a period
 * before the first clock) is the controller's: it selects before it clocks, as long as no message leaves
 * CSB selected (`csChange`), which the driver never asks for.
 */
export const CSB_HIGH_NS = 1_000;

export class CmtChip {
  readonly #bus: SpiBus;
  readonly #fifo: CmtFifoPort;
  readonly #clock: RadioTimer;
  readonly #nanos: NanoClock;
  /** When the last register message returned (CSB high since then), ns. */
  #released: bigint | undefined;

  constructor(bus: SpiBus, fifo: CmtFifoPort, clock: RadioTimer, nanos: NanoClock = process.hrtime.bigint) {
    this.#bus = bus;
    this.#fifo = fifo;
    this.#clock = clock;
    this.#nanos = nanos;
  }

  /** One register message, CSB's high time kept before it. */
  #access(segments: Parameters<SpiBus['transfer']>[0]): Uint8Array[] {
    if (this.#released !== undefined) waitSince(this.#nanos, this.#released, BigInt(CSB_HIGH_NS));
    try {
      return this.#bus.transfer(segments);
    } finally {
      this.#released = this.#nanos();
    }
  }

  get path(): string {
    return this.#bus.path;
  }

  read(address: number): number {
    const [, value] = this.#access([
      { tx: Uint8Array.of(READ_BIT | (address & ADDRESS_MASK)) },
      { rxLength: 1, delayUs: CSB_HOLD_US },
    ]);
    return value?.[0] ?? 0;
  }

  write(address: number, value: number): void {
    this.#access([{ tx: Uint8Array.of(address & ADDRESS_MASK, value & 0xff), delayUs: CSB_HOLD_US }]);
  }

  writeFifo(bytes: Uint8Array): void {
    for (const byte of bytes) this.#fifo.writeByte(byte);
  }

  readFifo(length: number): Uint8Array {
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = this.#fifo.readByte();
    return bytes;
  }

  state(): number {
    return this.read(Reg.modeSta) & STATE_MASK;
  }

  /** Sends a go-command and waits (on the clock) until MODE_STA shows `target`. */
  async go(command: number, target: StateCode): Promise<void> {
    this.write(Reg.modeCtl, command);
    const deadline = this.#clock.now() + STATE_TIMEOUT_MS;
    for (;;) {
      const state = this.state();
      if (state === target) return;
      if (this.#clock.now() >= deadline) {
        throw new CmtChipError(
          `the CMT2300A did not reach ${stateName(target)} (it reports ${stateName(state)})`,
        );
      }
      await this.#clock.sleep(STATE_POLL_MS);
    }
  }
}
