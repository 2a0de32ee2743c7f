/**
 * The nRF24L01+ driver for HM and HERF inverters: a `Radio` on an SPI bus, a CE output and the IRQ input.
 * It sends one frame with auto-ack and retransmits, then listens for the answer window while hopping over
 * the Hoymiles channels, reading every frame out of the RX FIFO on the IRQ (or, if the line stays quiet,
 * when it hops). A missing chip or an I/O error becomes `connected: false` with a reason; transmit then
 * resolves with what it heard (nothing) and the next transmit sets the chip up again.
 * docs/radio-nrf24.md describes the sequence register by register.
 */
import { addressOfSerial, MIN_FRAME_LENGTH, type RadioAddress } from '@dtu-console/hoymiles';
import type { GpioInput, GpioOutput, SpiBus } from '../../io';
import type { Radio, RadioRequest, RadioSettings, RadioStatus } from '../../radio';
import type { RadioTimer } from '../../radio-timer';
import { bringUp } from './bring-up';
import { NrfChip } from './chip';
import type { Nrf24Counters, Nrf24Health } from './health';
import { IrqLine } from './irq-line';
import { FifoStatus, IRQ_FLAGS, MAX_PAYLOAD, Reg, RX_PIPE_EMPTY, rxPipeOf, Status } from './registers';
import {
  answerComplete,
  BLIND_HOP_MS,
  type RxSchemeChoice,
  RxSchemeChooser,
  type RxSchemeReport,
} from './rx-schemes';
import {
  ANSWER_CHANNEL_OFFSET,
  CONFIG_POWER_DOWN,
  CONFIG_RX,
  CONFIG_TX,
  EN_RXADDR_RX,
  EN_RXADDR_TX,
  HOYMILES_CHANNELS,
  RX_DWELL_MS,
  RX_FIRST_DWELL_MS,
  registerAddress,
  TX_POLL_MS,
  TX_TIMEOUT_MS,
} from './setup';

/** The first byte of a control request (power, limit), in every family's protocol. */
const CONTROL_COMMAND = 0x51;

export interface Nrf24RadioOptions {
  spi: SpiBus;
  /** Chip enable: high lets the chip send (PTX) or listen (PRX). */
  ce: GpioOutput;
  /** The chip's IRQ pin, active low. */
  irq: GpioInput;
  /** Every wait, deadline and hop: a monotonic timer (radio-timer.ts), never the gateway clock. */
  clock: RadioTimer;
  /** How the receiver hops while it waits for an answer (rx-schemes.ts). Default 'auto'. */
  rxScheme?: RxSchemeChoice;
}

class ChipTimeout extends Error {}

export class Nrf24Radio implements Radio {
  readonly name = 'nrf24';
  readonly #chip: NrfChip;
  readonly #ce: GpioOutput;
  readonly #irq: IrqLine;
  readonly #clock: RadioTimer;
  readonly #schemes: RxSchemeChooser;
  #settings: RadioSettings | undefined;
  #dtuAddress: RadioAddress | undefined;
  /** The chip is set up for the current settings. */
  #ready = false;
  #health: Nrf24Health = {
    configured: false,
    connected: false,
    pvariant: false,
    reason: undefined,
    irqLine: 'unknown',
  };
  readonly #counters: Nrf24Counters = {
    sent: 0,
    acked: 0,
    notAcked: 0,
    retransmits: 0,
    received: 0,
    rxFifoFull: 0,
    irqMissed: 0,
    badWidths: 0,
    ioErrors: 0,
  };
  #txIndex = 0;
  #queue: Promise<unknown> = Promise.resolve();
  /** After stop() the chip stays powered down until start(). */
  #stopped = false;

  constructor(options: Nrf24RadioOptions) {
    this.#chip = new NrfChip(options.spi);
    this.#ce = options.ce;
    this.#clock = options.clock;
    this.#irq = new IrqLine(options.irq, options.clock);
    this.#schemes = new RxSchemeChooser(options.rxScheme);
  }

  configure(settings: RadioSettings): void {
    const before = this.#settings;
    this.#settings = settings;
    if (
      before?.nrfEnabled !== settings.nrfEnabled ||
      before.dtuSerial !== settings.dtuSerial ||
      before.nrfPaLevel !== settings.nrfPaLevel
    ) {
      this.#ready = false;
    }
    const address = addressOfSerial(settings.dtuSerial);
    this.#dtuAddress = address.ok ? address.value : undefined;
    const configured = settings.nrfEnabled && this.#dtuAddress !== undefined;
    const badSerial = settings.nrfEnabled && this.#dtuAddress === undefined;
    this.#health = {
      ...this.#health,
      configured,
      // Until the next set-up says more, the reason is the serial's or none.
      reason: badSerial
        ? `the DTU serial '${settings.dtuSerial}' is not valid: the nRF24 has no address to listen on`
        : this.#ready
          ? this.#health.reason
          : undefined,
    };
  }

  status(): RadioStatus {
    const { configured, connected, pvariant } = this.#health;
    return { nrf: { configured, connected, pvariant }, cmt: { configured: false, connected: false } };
  }

  health(): Nrf24Health {
    return { ...this.#health };
  }

  counters(): Nrf24Counters {
    return { ...this.#counters };
  }

  /** The receive schemes: which one is in use, and the answers each one heard. */
  rxSchemes(): RxSchemeReport {
    return this.#schemes.report();
  }

  async start(): Promise<void> {
    this.#stopped = false;
    this.#irq.listen();
    if (!this.#health.configured) return;
    await this.#exclusive(async () => {
      try {
        await this.#setUp();
      } catch (error) {
        this.#fail(error);
      }
    });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#irq.stop();
    await this.#exclusive(async () => {
      if (!this.#health.connected) return;
      try {
        this.#ce.set(false);
        this.#chip.writeRegister(Reg.CONFIG, CONFIG_POWER_DOWN);
      } catch (error) {
        this.#fail(error);
      }
      this.#ready = false;
    });
  }

  transmit(request: RadioRequest): Promise<Uint8Array[]> {
    if (request.radio !== 'NRF24' || !this.#health.configured || this.#stopped) return Promise.resolve([]);
    return this.#exclusive(() => this.#exchange(request));
  }

  /**
   * Listens without sending, for `windowMs` (the field check, `radio-check`): the receiver hops all the
   * answer channels blindly (nothing was sent, so no channel is more likely) and hears frames addressed
   * to this DTU only.
   */
  listen(windowMs: number): Promise<Uint8Array[]> {
    if (!this.#health.configured || this.#stopped) return Promise.resolve([]);
    return this.#exclusive(async () => {
      const frames: Uint8Array[] = [];
      try {
        this.#irq.listen();
        if (!this.#ready) await this.#setUp();
        if (this.#ready) await this.#listenBlind(this.#txIndex, this.#clock.now() + windowMs, frames);
      } catch (error) {
        this.#fail(error);
      }
      return frames;
    });
  }

  /** One transmit at a time: the chip has one state. */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #exchange(request: RadioRequest): Promise<Uint8Array[]> {
    const frames: Uint8Array[] = [];
    const started = this.#clock.now();
    try {
      this.#irq.listen();
      if (!this.#ready) await this.#setUp();
      const { frame } = request;
      // A Hoymiles frame is 11..32 bytes; anything else is not sent.
      const target =
        frame.length >= MIN_FRAME_LENGTH && frame.length <= MAX_PAYLOAD ? readAddress(frame) : undefined;
      if (this.#ready && this.#health.pvariant && target !== undefined) {
        const { txIndex, acked } = await this.#send(request.frame, target);
        // Control frames (0x51, HM and MI alike) are never a probe of the other receive scheme.
        const scheme = this.#schemes.next(frame[0] !== CONTROL_COMMAND);
        const end = this.#clock.now() + request.windowMs;
        if (scheme === 'dwell') await this.#listenDwell(txIndex, end, frames);
        else await this.#listenBlind(txIndex, end, frames);
        this.#schemes.record(scheme, acked, frames.length, answerComplete(frame, frames));
        return frames;
      }
    } catch (error) {
      this.#fail(error);
    }
    // Silence lasts the window, as it would on the air.
    const rest = started + request.windowMs - this.#clock.now();
    if (rest > 0) await this.#clock.sleep(rest);
    return frames;
  }

  /** Power-down, presence check, register set-up, power-up. Leaves the chip in standby-I as PTX. */
  async #setUp(): Promise<void> {
    const settings = this.#settings;
    if (!settings || this.#dtuAddress === undefined) return;
    this.#irq.trustLevel();
    const up = await bringUp(this.#chip, this.#ce, this.#clock, this.#dtuAddress, settings.nrfPaLevel);
    if (!up.ok) {
      this.#health = { ...this.#health, connected: false, pvariant: false, reason: up.reason };
      return;
    }
    this.#health = {
      ...this.#health,
      connected: true,
      pvariant: up.pvariant,
      reason: up.pvariant
        ? undefined
        : `the module on ${this.#chip.path} is an nRF24L01 without '+': it cannot send at 250 kbps, which HM inverters need`,
    };
    this.#ready = true;
  }

  /** Sends `frame` to `target` on the next send channel; returns that channel's index and the ack. */
  async #send(frame: Uint8Array, target: RadioAddress): Promise<{ txIndex: number; acked: boolean }> {
    const chip = this.#chip;
    const txIndex = this.#txIndex;
    this.#txIndex = (txIndex + 1) % HOYMILES_CHANNELS.length;
    const address = registerAddress(target);
    this.#ce.set(false);
    chip.writeRegister(Reg.CONFIG, CONFIG_TX);
    chip.writeRegister(Reg.EN_RXADDR, EN_RXADDR_TX);
    chip.writeRegister(Reg.RF_CH, HOYMILES_CHANNELS[txIndex]!);
    chip.writeRegister(Reg.TX_ADDR, address);
    // The inverter's ack comes back to the same address, on pipe 0.
    chip.writeRegister(Reg.RX_ADDR_P0, address);
    chip.writePayload(frame);
    this.#ce.set(true);
    this.#counters.sent++;
    const outcome = await this.#awaitSendEnd();
    if (outcome & Status.TX_DS) this.#counters.acked++;
    if (outcome & Status.MAX_RT) this.#counters.notAcked++;
    this.#counters.retransmits += chip.readByte(Reg.OBSERVE_TX) & 0x0f;
    return { txIndex, acked: (outcome & Status.TX_DS) !== 0 };
  }

  /** Waits for TX_DS or MAX_RT (IRQ, or STATUS read every TX_POLL_MS), ends the send and returns the flag. */
  async #awaitSendEnd(): Promise<number> {
    const deadline = this.#clock.now() + TX_TIMEOUT_MS;
    for (;;) {
      const woke = await this.#irq.wait(Math.min(TX_POLL_MS, deadline - this.#clock.now()));
      const status = this.#chip.status();
      const done = status & (Status.TX_DS | Status.MAX_RT);
      if (!done && woke) this.#checkSpuriousWake();
      if (done) {
        this.#noteIrqLine();
        // CE low first: with CE high, clearing MAX_RT would start the payload left in the FIFO again.
        this.#ce.set(false);
        // After MAX_RT the payload stays in the TX FIFO; drop it.
        if (done & Status.MAX_RT) this.#chip.flushTx();
        this.#chip.writeRegister(Reg.STATUS, done);
        return done;
      }
      if (this.#clock.now() >= deadline) {
        throw new ChipTimeout(
          `the nRF24 on ${this.#chip.path} did not finish a send within ${TX_TIMEOUT_MS} ms`,
        );
      }
    }
  }

  /** Turns the chip into a receiver on channel `index` of the list. */
  #startReceiving(index: number): void {
    const chip = this.#chip;
    chip.writeRegister(Reg.CONFIG, CONFIG_RX);
    chip.writeRegister(Reg.EN_RXADDR, EN_RXADDR_RX);
    chip.writeRegister(Reg.RF_CH, HOYMILES_CHANNELS[index]!);
    this.#ce.set(true);
  }

  /** Registers are written in standby only: CE low, change channel, CE high again. */
  #hopTo(index: number): void {
    this.#ce.set(false);
    this.#chip.writeRegister(Reg.RF_CH, HOYMILES_CHANNELS[index]!);
    this.#ce.set(true);
  }

  /** Ends a listen: receiver off, frames that arrived just before the end (their IRQ not yet served) read. */
  #stopReceiving(frames: Uint8Array[]): void {
    this.#ce.set(false);
    if (rxPipeOf(this.#chip.status()) !== RX_PIPE_EMPTY) this.#drain(frames);
  }

  /** The blind hop: the next channel every BLIND_HOP_MS until `end`, frames read as they come. */
  async #listenBlind(txIndex: number, end: number, frames: Uint8Array[]): Promise<void> {
    const count = HOYMILES_CHANNELS.length;
    let rxIndex = (txIndex + 1) % count;
    this.#startReceiving(rxIndex);
    let hopAt = this.#clock.now() + BLIND_HOP_MS;
    while (this.#clock.now() < end) {
      const woke = await this.#irq.wait(Math.min(hopAt, end) - this.#clock.now());
      if (woke) {
        if (this.#drain(frames) === 0) this.#checkSpuriousWake();
        continue;
      }
      if (this.#clock.now() >= end) break;
      if (this.#clock.now() < hopAt) continue;
      // A quiet IRQ line: the STATUS read at each hop is the poll.
      if (rxPipeOf(this.#chip.status()) !== RX_PIPE_EMPTY) {
        this.#noteIrqLine();
        this.#drain(frames);
      }
      // The schedule is kept to time: a late turn of the loop skips the channels whose slots have passed.
      const slots = Math.floor((this.#clock.now() - hopAt) / BLIND_HOP_MS) + 1;
      rxIndex = (rxIndex + slots) % count;
      this.#hopTo(rxIndex);
      hopAt += slots * BLIND_HOP_MS;
    }
    this.#stopReceiving(frames);
  }

  /** The dwell scheme: starts on the answer channel and hops when no frame came for a dwell. */
  async #listenDwell(txIndex: number, end: number, frames: Uint8Array[]): Promise<void> {
    const chip = this.#chip;
    const channels = HOYMILES_CHANNELS;
    let rxIndex = (txIndex + ANSWER_CHANNEL_OFFSET) % channels.length;
    this.#startReceiving(rxIndex);
    let hopAt = this.#clock.now() + RX_FIRST_DWELL_MS;
    while (this.#clock.now() < end) {
      const woke = await this.#irq.wait(Math.min(hopAt, end) - this.#clock.now());
      if (woke) {
        if (this.#drain(frames) > 0) hopAt = this.#clock.now() + RX_DWELL_MS;
        else this.#checkSpuriousWake();
        continue;
      }
      if (this.#clock.now() >= end) break;
      if (this.#clock.now() < hopAt) continue;
      // Hop time. A STATUS read first doubles as the poll when the IRQ line stays quiet: frames waiting
      // mean the answer is on this channel, so the receiver stays.
      if (rxPipeOf(chip.status()) !== RX_PIPE_EMPTY) {
        this.#noteIrqLine();
        this.#drain(frames);
        hopAt = this.#clock.now() + RX_DWELL_MS;
        continue;
      }
      rxIndex = (rxIndex + 1) % channels.length;
      this.#hopTo(rxIndex);
      hopAt = this.#clock.now() + RX_DWELL_MS;
    }
    this.#stopReceiving(frames);
  }

  /** Clears RX_DR and reads every frame out of the RX FIFO; returns how many. */
  #drain(frames: Uint8Array[]): number {
    const chip = this.#chip;
    // Clear first: a frame arriving while we read sets RX_DR again and is not missed. A stale TX flag
    // would hold the IRQ line low: cleared with it.
    chip.writeRegister(Reg.STATUS, IRQ_FLAGS);
    let fifo = chip.readByte(Reg.FIFO_STATUS);
    if (fifo & FifoStatus.RX_FULL) this.#counters.rxFifoFull++;
    let count = 0;
    while (!(fifo & FifoStatus.RX_EMPTY)) {
      const width = chip.readPayloadWidth();
      if (width < 1 || width > MAX_PAYLOAD) {
        this.#counters.badWidths++;
        chip.flushRx();
        break;
      }
      frames.push(chip.readPayload(width));
      count++;
      fifo = chip.readByte(Reg.FIFO_STATUS);
    }
    this.#counters.received += count;
    return count;
  }

  /** Called when STATUS shows an unmasked flag: if the line is not asserted, it failed to follow. */
  #noteIrqLine(): void {
    if (!this.#irq.asserted) {
      this.#counters.irqMissed++;
      this.#health.irqLine = 'silent';
    } else if (this.#health.irqLine === 'unknown') {
      this.#health.irqLine = 'ok';
    }
  }

  /**
   * The IRQ line is low with nothing to do: it does not follow STATUS (stuck low, or wired to something
   * else). Its level is ignored from now on, until the next set-up; only falling edges and timers wake.
   */
  #checkSpuriousWake(): void {
    if (this.#irq.stuckLow()) this.#health.irqLine = 'stuck-low';
  }

  #fail(error: unknown): void {
    this.#counters.ioErrors++;
    this.#ready = false;
    const message = error instanceof Error ? error.message : String(error);
    const reason =
      error instanceof ChipTimeout
        ? message
        : `nRF24 on ${this.#chip.path}: ${message}; it is set up again on the next send`;
    this.#health = { ...this.#health, connected: false, reason };
    try {
      this.#ce.set(false);
    } catch {
      // The line is as broken as the bus; the reason above already says so.
    }
  }
}

/** Bytes 1..4 of a Hoymiles frame: the inverter's address. */
function readAddress(frame: Uint8Array): RadioAddress {
  return ((frame[1]! << 24) | (frame[2]! << 16) | (frame[3]! << 8) | frame[4]!) >>> 0;
}
