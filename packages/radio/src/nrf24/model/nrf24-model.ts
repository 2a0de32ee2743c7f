/**
 * A register-level model of the nRF24L01+ behind the same SPI bus and GPIO lines a driver uses. It keeps the
 * chip's rules (docs/radio-nrf24.md): STATUS clocked out first, write-1-to-clear flags, 3-deep FIFOs, register
 * writes only in power-down or standby, CE and PWR_UP/PRIM_RX modes, matching on channel, data rate, CRC and
 * address, auto-ack with ARD/ARC retransmits, dynamic payload widths, an active-low IRQ with MASK bits.
 * Whatever a real chip would do wrong or undefined for a driver's mistake is recorded in `errors`, so a test
 * sees it. The air side (sending with retransmits, hearing packets) is in nrf24-model-air.ts.
 */

import type { GpioEdge, GpioInput, GpioOutput, SpiBus, SpiSegment } from '../../io';
import type { Air, NrfAirPacket } from '../../model/air';
import { ModelTime } from '../../model/model-time';
import type { RadioTimer } from '../../radio-timer';
import {
  Cmd,
  Config,
  FIFO_DEPTH,
  FifoStatus,
  IRQ_FLAGS,
  MAX_PAYLOAD,
  REGISTER_NAMES,
  Reg,
  RX_PIPE_EMPTY,
  Status,
  Timing,
  WIDE_REGISTERS,
} from '../driver/registers';
import { NrfAirSide } from './nrf24-model-air';
import { ModelFifo } from './nrf24-model-fifo';
import { isReadOnly, isRegister, ModelRegisters, type NrfVariant } from './nrf24-model-registers';

/** Power-up to standby at worst (the datasheet's figure for a crystal with a high inductance), ms. */
export const STARTUP_WORST_MS = 4.5;
/** The shortest CE pulse that starts a send, ms (10 µs). */
export const CE_PULSE_MIN_MS = 0.01;

export interface Nrf24ModelOptions {
  clock: RadioTimer;
  air: Air;
  /** Default 'plus'. 'original' is the nRF24L01 without 250 kbps. */
  variant?: NrfVariant;
  /** `/dev/spidev…`-like name shown in diagnostics. Default 'model:nrf24'. */
  path?: string;
  /** GPIO offsets, for edges and traces. */
  ceOffset?: number;
  irqOffset?: number;
  faults?: Nrf24ModelFaults;
}

export interface Nrf24ModelFaults {
  /** No chip on the bus: every MISO byte reads this value (a floating or pulled line). */
  absent?: 0x00 | 0xff;
  /** The IRQ line does not follow the chip: not wired (stays high) or shorted to ground (stays low). */
  irq?: 'stuck-high' | 'stuck-low';
  /** Packets for which this returns true arrive damaged: the CRC check fails and the chip drops them. */
  crcError?: (packet: NrfAirPacket) => boolean;
}

export type NrfMode = 'power-down' | 'starting' | 'standby-I' | 'standby-II' | 'tx' | 'rx';

export interface RxEntry {
  pipe: number;
  payload: Uint8Array;
}

/** What the model counted: the chip's own silent drops, visible to tests. */
export interface Nrf24ModelCounters {
  /** Packets put on the air (retransmits included). */
  airSent: number;
  /** Packets received into the RX FIFO. */
  received: number;
  /** Packets lost because the RX FIFO was full. */
  rxOverflow: number;
  /** Packets dropped for a failed CRC. */
  crcDropped: number;
}

export class Nrf24Model {
  readonly spi: SpiBus;
  readonly ce: GpioOutput;
  readonly irq: GpioInput;
  /** Rule violations by the driver, in words. A correct driver leaves this empty. */
  readonly errors: string[] = [];
  readonly counters: Nrf24ModelCounters = { airSent: 0, received: 0, rxOverflow: 0, crcDropped: 0 };
  readonly regs: ModelRegisters;
  readonly rxFifo = new ModelFifo<RxEntry>(FIFO_DEPTH);
  readonly txFifo = new ModelFifo<Uint8Array>(FIFO_DEPTH);
  /** The chip's own time (model-time.ts): what is due has happened whenever the host looks. */
  readonly clock: ModelTime;
  readonly faults: Nrf24ModelFaults;
  readonly #air: NrfAirSide;
  #ceHigh = false;
  #ceHighAt = 0;
  #pulseSends = false;
  #poweredAt: number | undefined;
  #irqHigh = true;
  #irqSeq = 0;
  readonly #irqListeners = new Set<(edge: GpioEdge) => void>();

  constructor(options: Nrf24ModelOptions) {
    this.clock = new ModelTime(options.clock);
    this.faults = options.faults ?? {};
    this.#irqHigh = this.faults.irq !== 'stuck-low';
    this.regs = new ModelRegisters(options.variant ?? 'plus');
    this.#air = new NrfAirSide(this, options.air);
    const path = options.path ?? 'model:nrf24';
    this.spi = { path, transfer: (segments) => this.#transfer(segments), close: () => undefined };
    const ceOffset = options.ceOffset ?? 0;
    this.ce = { offset: ceOffset, set: (high) => this.#setCe(high), close: () => undefined };
    const irqOffset = options.irqOffset ?? 1;
    this.irq = {
      offset: irqOffset,
      get: () => {
        this.clock.catchUp();
        return this.#irqHigh;
      },
      onEdge: (listener) => {
        this.#irqListeners.add(listener);
        return () => this.#irqListeners.delete(listener);
      },
      close: () => undefined,
    };
  }

  /** The chip's state now. */
  mode(): NrfMode {
    const config = this.regs.get(Reg.CONFIG);
    if (!(config & Config.PWR_UP) || this.#poweredAt === undefined) return 'power-down';
    if (this.clock.now() < this.#poweredAt + Timing.POWER_UP_MS) return 'starting';
    if (!this.#ceHigh) return 'standby-I';
    if (config & Config.PRIM_RX) return 'rx';
    return this.#air.sending ? 'tx' : 'standby-II';
  }

  get ceHigh(): boolean {
    return this.#ceHigh;
  }

  /** When the receiver hears packets: powered up, PRIM_RX, CE high, PLL settled. */
  listening(): boolean {
    return this.mode() === 'rx' && this.clock.now() >= this.#ceHighAt + Timing.SETTLE_MS;
  }

  /** When a send may start (power-up and PLL settling done). */
  txReadyAt(): number {
    return Math.max(
      this.clock.now(),
      (this.#poweredAt ?? 0) + Timing.POWER_UP_MS,
      this.#ceHighAt + Timing.SETTLE_MS,
    );
  }

  error(message: string): void {
    this.errors.push(`${this.clock.now().toFixed(3)} ms: ${message}`);
  }

  /** Records a rule violation; the command has no effect. */
  private fail(message: string): undefined {
    this.error(message);
    return undefined;
  }

  /** STATUS as clocked out: flags, RX_P_NO of the oldest RX payload, TX_FULL. */
  status(): number {
    const flags = this.regs.get(Reg.STATUS) & IRQ_FLAGS;
    const pipe = this.rxFifo.peek()?.pipe ?? RX_PIPE_EMPTY;
    return flags | (pipe << 1) | (this.txFifo.full ? Status.TX_FULL : 0);
  }

  /** Sets flags the chip raises (RX_DR, TX_DS, MAX_RT) and moves the IRQ line. */
  raise(flags: number): void {
    this.regs.set(Reg.STATUS, this.regs.get(Reg.STATUS) | flags);
    this.#updateIrq();
  }

  #fifoStatus(): number {
    return (
      (this.txFifo.full ? FifoStatus.TX_FULL : 0) |
      (this.txFifo.empty ? FifoStatus.TX_EMPTY : 0) |
      (this.rxFifo.full ? FifoStatus.RX_FULL : 0) |
      (this.rxFifo.empty ? FifoStatus.RX_EMPTY : 0)
    );
  }

  addressWidth(): number {
    return this.regs.get(Reg.SETUP_AW) + 2;
  }

  #transfer(segments: readonly SpiSegment[]): Uint8Array[] {
    this.clock.catchUp();
    const mosi: number[] = [];
    for (const segment of segments) {
      if (segment.tx && segment.rxLength !== undefined && segment.rxLength !== segment.tx.length) {
        throw new Error('a full-duplex SPI segment must receive as many bytes as it sends');
      }
      const length = segment.tx?.length ?? segment.rxLength ?? 0;
      for (let i = 0; i < length; i++) mosi.push(segment.tx?.[i] ?? 0x00);
    }
    const miso = this.faults.absent !== undefined ? mosi.map(() => this.faults.absent!) : this.#execute(mosi);
    const answers: Uint8Array[] = [];
    let at = 0;
    for (const segment of segments) {
      const length = segment.tx?.length ?? segment.rxLength ?? 0;
      answers.push(
        segment.rxLength === undefined ? new Uint8Array(0) : Uint8Array.from(miso.slice(at, at + length)),
      );
      at += length;
    }
    return answers;
  }

  /** One command under one chip-select assertion; returns MISO (STATUS first). */
  #execute(mosi: number[]): number[] {
    if (mosi.length === 0) return [];
    const command = mosi[0]!;
    const data = Uint8Array.from(mosi.slice(1));
    const miso = new Array<number>(mosi.length).fill(0x00);
    miso[0] = this.status();
    const out = (bytes: ArrayLike<number>) => {
      for (let i = 0; i < Math.min(bytes.length, data.length); i++) miso[1 + i] = bytes[i]!;
    };
    if (command <= 0x1f) {
      const address = command & 0x1f;
      if (!isRegister(address)) this.error(`R_REGISTER of reserved address 0x${hex(address)}`);
      else out(this.#read(address));
    } else if (command <= 0x3f) {
      this.#write(command & 0x1f, data);
    } else if (command === Cmd.R_RX_PAYLOAD) {
      out(this.#readPayload(data.length));
    } else if (command === Cmd.R_RX_PL_WID) {
      const top = this.rxFifo.peek();
      if (!top) this.error('R_RX_PL_WID with the RX FIFO empty');
      out([top?.payload.length ?? 0]);
    } else if (command === Cmd.W_TX_PAYLOAD) {
      this.#writePayload(data);
    } else if (command === Cmd.FLUSH_TX) {
      if (this.#air.sending) this.error('FLUSH_TX while a packet is being sent');
      else this.txFifo.clear();
    } else if (command === Cmd.FLUSH_RX) {
      this.rxFifo.clear();
    } else if (command !== Cmd.NOP) {
      this.error(`command 0x${hex(command)} is not one this driver may use`);
    }
    return miso;
  }

  #read(address: number): Uint8Array {
    if (address === Reg.STATUS) return Uint8Array.of(this.status());
    if (address === Reg.FIFO_STATUS) return Uint8Array.of(this.#fifoStatus());
    return this.regs.bytes(address, this.addressWidth());
  }

  #write(address: number, data: Uint8Array): undefined {
    const name = REGISTER_NAMES[address] ?? `0x${hex(address)}`;
    if (!isRegister(address)) return this.fail(`W_REGISTER to reserved address 0x${hex(address)}`);
    if (isReadOnly(address)) return this.fail(`W_REGISTER to read-only ${name}`);
    const mode = this.mode();
    // Clearing flags in STATUS works in every mode; any other write only in power-down or standby-I.
    if (address !== Reg.STATUS && (mode === 'rx' || mode === 'tx' || mode === 'standby-II')) {
      return this.fail(`W_REGISTER ${name} in ${mode} mode (allowed in power-down or standby only): refused`);
    }
    const expected = WIDE_REGISTERS.has(address) ? this.addressWidth() : 1;
    if (data.length !== expected)
      this.error(`W_REGISTER ${name} with ${data.length} bytes, ${expected} expected`);
    if (address === Reg.STATUS) {
      this.regs.set(Reg.STATUS, this.regs.get(Reg.STATUS) & ~(data[0]! & IRQ_FLAGS));
      this.#updateIrq();
      // A cleared MAX_RT lets a waiting payload go.
      this.#air.kick();
      return;
    }
    if (address === Reg.SETUP_AW && (data[0]! & 0x03) === 0)
      this.error('SETUP_AW 0 is an illegal address width');
    const before = this.regs.get(Reg.CONFIG);
    this.regs.write(address, data);
    if (address === Reg.RF_CH) {
      // A channel write resets the lost-packet count (OBSERVE_TX PLOS_CNT).
      this.regs.set(Reg.OBSERVE_TX, this.regs.get(Reg.OBSERVE_TX) & 0x0f);
    }
    if (address === Reg.CONFIG) {
      const after = this.regs.get(Reg.CONFIG);
      if (!(before & Config.PWR_UP) && after & Config.PWR_UP) this.#poweredAt = this.clock.now();
      if (!(after & Config.PWR_UP)) {
        this.#poweredAt = undefined;
        this.#air.abort();
      }
      this.#updateIrq();
      this.#air.kick();
    }
  }

  #readPayload(length: number): Uint8Array {
    const top = this.rxFifo.shift();
    if (!top) {
      this.error('R_RX_PAYLOAD with the RX FIFO empty');
      return new Uint8Array(length);
    }
    if (length !== top.payload.length) {
      this.error(`R_RX_PAYLOAD read ${length} bytes of a ${top.payload.length}-byte payload`);
    }
    return top.payload;
  }

  #writePayload(data: Uint8Array): undefined {
    if (data.length < 1 || data.length > MAX_PAYLOAD) {
      return this.fail(`W_TX_PAYLOAD with ${data.length} bytes (1..${MAX_PAYLOAD})`);
    }
    if (!this.txFifo.push(data.slice())) return this.fail('W_TX_PAYLOAD with the TX FIFO full: payload lost');
    this.#air.kick();
  }

  #setCe(high: boolean): void {
    this.clock.catchUp();
    if (high === this.#ceHigh) return;
    const now = this.clock.now();
    const config = this.regs.get(Reg.CONFIG);
    const ptx = (config & Config.PWR_UP) !== 0 && (config & Config.PRIM_RX) === 0;
    if (high && this.#poweredAt !== undefined && now - this.#poweredAt < STARTUP_WORST_MS) {
      this.error(
        `CE raised ${(now - this.#poweredAt).toFixed(2)} ms after PWR_UP: the crystal may need ${STARTUP_WORST_MS} ms`,
      );
    }
    if (!high && ptx && this.#pulseSends && now - this.#ceHighAt < CE_PULSE_MIN_MS) {
      this.error(
        `CE pulse of ${((now - this.#ceHighAt) * 1000).toFixed(1)} µs starts no send (at least 10 µs)`,
      );
    }
    this.#ceHigh = high;
    if (high) {
      this.#ceHighAt = now;
      // A pulse of a transmitter with a payload waiting is meant to send it.
      this.#pulseSends = ptx && !this.txFifo.empty;
    }
    this.#air.kick();
  }

  #updateIrq(): void {
    const unmasked = this.regs.get(Reg.STATUS) & IRQ_FLAGS & ~this.regs.get(Reg.CONFIG);
    const stuck = this.faults.irq;
    const high = stuck === undefined ? unmasked === 0 : stuck === 'stuck-high';
    if (high === this.#irqHigh) return;
    this.#irqHigh = high;
    const edge: GpioEdge = {
      offset: this.irq.offset,
      rising: high,
      timestampNs: BigInt(Math.round(this.clock.now() * 1e6)),
      seqno: ++this.#irqSeq,
    };
    for (const listener of [...this.#irqListeners]) listener(edge);
  }
}

function hex(value: number): string {
  return value.toString(16).padStart(2, '0');
}
