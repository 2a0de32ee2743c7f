/**
 * The CMT2300A driver (HMS/HMT inverters, sub-GHz). Each transmit tunes to the request's frequency, sends
 * the frame, then listens for the answer window and reads every packet out of the one 64-byte FIFO as it
 * arrives (the chip has no auto-ack and keeps no second packet). TX_DONE is routed to GPIO2 and PKT_OK to
 * GPIO3; without those lines the driver polls the flag registers. A missing chip or an I/O error becomes
 * `connected: false` with a reason in plain words; transmit then resolves with what it heard (often []).
 */
import { cmtChannelOfFrequency, cmtCountry, isFrequencyLegal } from '@dtu-console/hoymiles';
import type { GpioInput, SpiBus } from '../../io';
import type { Radio, RadioRequest, RadioSettings, RadioStatus } from '../../radio';
import type { RadioTimer } from '../../radio-timer';
import { MAX_PAYLOAD_BYTES } from './banks';
import { CmtChip } from './chip';
import type { CmtFifoPort, NanoClock } from './fifo-port';
import {
  FifoClr,
  FifoCtl,
  FifoFlag,
  Go,
  INT_CLR2_ALL,
  IntClr1,
  IntFlag,
  Reg,
  RSSI_DBM_OFFSET,
  State,
} from './registers';
import { ChipAbsent, initialiseChip } from './setup';
import { waitForRise } from './wait';

export interface Cmt2300aRadioOptions {
  /** The register port (CSB), 3-wire. */
  bus: SpiBus;
  /** The FIFO port (FCSB). */
  fifo: CmtFifoPort;
  /** GPIO2 = INT1 = TX_DONE; omit when not wired (the driver polls INT_CLR1). */
  gpio2?: GpioInput;
  /** GPIO3 = INT2 = PKT_OK; omit when not wired (the driver polls INT_FLAG). */
  gpio3?: GpioInput;
  /** Every wait and deadline: a monotonic timer (radio-timer.ts), never the gateway clock. */
  clock: RadioTimer;
  /** The monotonic nanosecond clock CSB's high time is waited on. Default process.hrtime.bigint. */
  nanos?: NanoClock;
  /** Gateway time for the receptions' `at` stamps. Default: the timer's own count. */
  stamp?: () => number;
  /** Flag polling period without an interrupt line, ms (a fragment must be read before the next one lands). */
  pollMs?: number;
  /** Longest wait for TX_DONE, ms (a 27-byte frame takes about 40 ms on air at 20 kbps with FEC). */
  txTimeoutMs?: number;
}

/** One packet heard, with the RSSI the chip latched for it. */
export interface CmtReception {
  frame: Uint8Array;
  rssiDbm: number;
  /** Gateway time when it was read out (the `stamp` option). */
  at: number;
}

export interface CmtDiagnostics {
  connected: boolean;
  /** Why the chip is not usable, or a degraded mode (polling after a silent interrupt line). */
  reason: string | undefined;
  /** Why the last request was not sent (a frequency outside the country's legal range), if it was not. */
  lastRefusal: string | undefined;
  framesSent: number;
  packetsReceived: number;
  /** Packets lost because the FIFO still held an unread one (each one is a lost fragment). */
  fifoOverruns: number;
  /** Listen windows in which the chip flagged a packet with a bad CRC. */
  crcErrors: number;
  /** Packets whose length byte was 0 or longer than a Hoymiles frame can be. */
  badLengths: number;
  ioErrors: number;
  /** TX_DONE / PKT_OK seen in the flag register while their GPIO line stayed low: now polling. */
  txIrqFallback: boolean;
  rxIrqFallback: boolean;
  lastRssiDbm: number | undefined;
}

/** After a failed init, the next attempt waits this long (a missing chip is not reset on every poll). */
export const INIT_RETRY_MS = 30_000;

const NOT_CONFIGURED: RadioStatus['nrf'] = { configured: false, connected: false, pvariant: false };

export class Cmt2300aRadio implements Radio {
  readonly name = 'cmt2300a';
  readonly #chip: CmtChip;
  readonly #o: Required<Pick<Cmt2300aRadioOptions, 'pollMs' | 'txTimeoutMs'>> & Cmt2300aRadioOptions;
  #settings: RadioSettings | undefined;
  #initialisedFor: string | undefined;
  #nextInitAt = Number.NEGATIVE_INFINITY;
  #chain: Promise<unknown> = Promise.resolve();
  #heard: CmtReception[] = [];
  #irqNote: string | undefined;
  readonly #listeners = new Set<(reception: CmtReception) => void>();
  readonly #d: CmtDiagnostics = {
    connected: false,
    reason: 'not started',
    lastRefusal: undefined,
    framesSent: 0,
    packetsReceived: 0,
    fifoOverruns: 0,
    crcErrors: 0,
    badLengths: 0,
    ioErrors: 0,
    txIrqFallback: false,
    rxIrqFallback: false,
    lastRssiDbm: undefined,
  };

  constructor(options: Cmt2300aRadioOptions) {
    this.#o = { pollMs: 2, txTimeoutMs: 100, ...options };
    this.#chip = new CmtChip(options.bus, options.fifo, options.clock, options.nanos);
  }

  configure(settings: RadioSettings): void {
    this.#settings = { ...settings };
  }

  status(): RadioStatus {
    return {
      nrf: NOT_CONFIGURED,
      cmt: { configured: this.#settings?.cmtEnabled ?? false, connected: this.#d.connected },
    };
  }

  diagnostics(): CmtDiagnostics {
    return { ...this.#d };
  }

  get lastRssiDbm(): number | undefined {
    return this.#d.lastRssiDbm;
  }

  /** The packets (with RSSI) of the last transmit. */
  lastReceptions(): readonly CmtReception[] {
    return this.#heard;
  }

  /** Called for every packet read out of the FIFO; returns an unsubscribe. */
  onReception(listener: (reception: CmtReception) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async start(): Promise<void> {
    if (this.#settings?.cmtEnabled) await this.#serial(() => this.#ensureReady());
  }

  async stop(): Promise<void> {
    await this.#serial(async () => {
      if (!this.#d.connected) return;
      try {
        await this.#chip.go(Go.stby, State.stby);
        await this.#chip.go(Go.sleep, State.sleep);
      } catch (error) {
        this.#fail(error);
      }
    });
  }

  /** Releases the SPI devices and GPIO lines (after `stop`). */
  close(): void {
    const { bus, fifo, gpio2, gpio3 } = this.#o;
    for (const door of [bus, fifo, gpio2, gpio3]) {
      try {
        door?.close();
      } catch {
        // Closing is best effort: the gateway is shutting the radio down anyway.
      }
    }
  }

  transmit(request: RadioRequest): Promise<Uint8Array[]> {
    return this.#serial(() => this.#exchange(request));
  }

  /**
   * Listens without sending (the field check, `radio-check`): `windowMs` on `frequencyHz` (default the
   * DTU's). The CMT2300A hears every Hoymiles packet on the frequency, whoever it is addressed to.
   */
  listen(windowMs: number, frequencyHz?: number): Promise<CmtReception[]> {
    return this.#serial(async () => {
      const heard: CmtReception[] = [];
      const settings = this.#settings;
      if (!settings?.cmtEnabled || !(await this.#ensureReady())) return heard;
      const channel = this.#channelOf(settings, frequencyHz ?? settings.cmtFrequencyHz);
      if (channel === undefined) return heard;
      try {
        await this.#chip.go(Go.stby, State.stby);
        this.#chip.write(Reg.freqChannel, channel);
        await this.#listen(windowMs, heard);
        await this.#chip.go(Go.stby, State.stby);
        await this.#chip.go(Go.sleep, State.sleep);
      } catch (error) {
        this.#fail(error);
      }
      return heard;
    });
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(work, work);
    this.#chain = run.catch(() => undefined);
    return run;
  }

  async #exchange(request: RadioRequest): Promise<Uint8Array[]> {
    const heard: CmtReception[] = [];
    this.#heard = heard;
    const settings = this.#settings;
    if (request.radio !== 'CMT' || !settings?.cmtEnabled) return [];
    if (request.frame.length < 1 || request.frame.length > MAX_PAYLOAD_BYTES) return [];
    if (!(await this.#ensureReady())) return [];
    const frequencyHz = request.frequencyHz ?? settings.cmtFrequencyHz;
    const channel = this.#channelOf(settings, frequencyHz);
    if (channel === undefined) return [];
    try {
      await this.#send(channel, request.frame);
      await this.#listen(request.windowMs, heard);
      await this.#chip.go(Go.stby, State.stby);
      await this.#chip.go(Go.sleep, State.sleep);
    } catch (error) {
      this.#fail(error);
    }
    return heard.map((r) => r.frame);
  }

  /** The channel of a frequency, or undefined (with the reason noted) when it may not be used. */
  #channelOf(settings: RadioSettings, frequencyHz: number): number | undefined {
    const country = cmtCountry(settings.cmtCountry);
    if (!country) return this.#refuse(`unknown CMT country ${settings.cmtCountry}`);
    if (!isFrequencyLegal(country.id, frequencyHz)) {
      return this.#refuse(
        `not sending on ${mhz(frequencyHz)}: outside the legal range for ${country.key} ` +
          `(${mhz(country.freqLegalMinHz)} to ${mhz(country.freqLegalMaxHz)})`,
      );
    }
    const channel = cmtChannelOfFrequency(country.id, frequencyHz);
    if (!channel.ok) return this.#refuse(`not sending on ${mhz(frequencyHz)}: ${channel.error.message}`);
    this.#d.lastRefusal = undefined;
    return channel.value;
  }

  #refuse(reason: string): undefined {
    this.#d.lastRefusal = reason;
    return undefined;
  }

  /** Initialises when the settings that shape the registers changed or after a failure. */
  async #ensureReady(): Promise<boolean> {
    const settings = this.#settings;
    if (!settings) return false;
    const key = `${settings.cmtCountry}/${settings.cmtPaLevel}`;
    if (this.#d.connected && this.#initialisedFor === key) return true;
    if (!this.#d.connected && this.#o.clock.now() < this.#nextInitAt && this.#initialisedFor === key) {
      return false;
    }
    this.#initialisedFor = key;
    this.#d.connected = false;
    try {
      await initialiseChip(this.#chip, this.#o.clock, settings);
      this.#d.connected = true;
      // A dead interrupt line stays dead across a reset: keep saying so.
      this.#d.reason = this.#irqNote;
      this.#nextInitAt = Number.NEGATIVE_INFINITY;
    } catch (error) {
      this.#fail(error);
    }
    return this.#d.connected;
  }

  async #send(channel: number, frame: Uint8Array): Promise<void> {
    const chip = this.#chip;
    await chip.go(Go.stby, State.stby);
    chip.write(Reg.freqChannel, channel);
    chip.write(Reg.intClr1, IntClr1.clearAll);
    chip.write(Reg.intClr2, INT_CLR2_ALL);
    chip.write(Reg.fifoCtl, FifoCtl.merge | FifoCtl.selectTx | FifoCtl.spiWrite);
    chip.write(Reg.fifoClr, FifoClr.tx);
    chip.write(Reg.pkt15, frame.length);
    chip.writeFifo(frame);
    if (!(chip.read(Reg.fifoFlag) & FifoFlag.txNotEmpty)) {
      throw new CmtRadioError('the CMT2300A TX FIFO stayed empty after writing the frame');
    }
    chip.write(Reg.modeCtl, Go.tx);
    if (!(await this.#waitTxDone())) throw new CmtRadioError('the CMT2300A never reported TX_DONE');
    chip.write(Reg.intClr1, IntClr1.txDoneClear);
    this.#d.framesSent++;
  }

  async #waitTxDone(): Promise<boolean> {
    const { gpio2, clock, txTimeoutMs, pollMs } = this.#o;
    const isDone = () => (this.#chip.read(Reg.intClr1) & IntClr1.txDoneFlag) !== 0;
    const deadline = clock.now() + txTimeoutMs;
    if (gpio2 && !this.#d.txIrqFallback) {
      // The flag confirms the line: a line that never rises, or is high without TX_DONE, is not trusted again.
      const rose = await waitForRise(gpio2, clock, txTimeoutMs);
      const done = isDone();
      if (rose === done) return done;
      this.#d.txIrqFallback = true;
      this.#irqNote = rose
        ? `GPIO2 (line ${gpio2.offset}) is high without TX_DONE: polling the flag register instead`
        : `GPIO2 (line ${gpio2.offset}) never signalled TX_DONE: polling the flag register instead`;
      this.#d.reason = this.#irqNote;
      if (done) return true;
    }
    while (clock.now() < deadline) {
      await clock.sleep(pollMs);
      if (isDone()) return true;
    }
    return false;
  }

  async #listen(windowMs: number, heard: CmtReception[]): Promise<void> {
    const chip = this.#chip;
    const { gpio3, clock, pollMs } = this.#o;
    // After TX_DONE the chip is back in STBY (the TX exit state).
    chip.write(Reg.fifoCtl, FifoCtl.merge);
    chip.write(Reg.fifoClr, FifoClr.rx);
    chip.write(Reg.intClr2, INT_CLR2_ALL);
    await chip.go(Go.rx, State.rx);
    const deadline = clock.now() + windowMs;
    const irq = gpio3 && !this.#d.rxIrqFallback ? gpio3 : undefined;
    for (;;) {
      const remaining = deadline - clock.now();
      if (remaining <= 0) break;
      if (irq && !this.#d.rxIrqFallback) {
        if (!(await waitForRise(irq, clock, remaining))) break;
        if (!this.#checkFlags(heard) && irq.get()) {
          // High without PKT_OK (stuck or miswired line): waiting on it again would spin.
          this.#d.rxIrqFallback = true;
          this.#irqNote = `GPIO3 (line ${irq.offset}) is high without PKT_OK: polling the flag register instead`;
          this.#d.reason = this.#irqNote;
        }
      } else {
        await clock.sleep(Math.min(pollMs, remaining));
        this.#checkFlags(heard);
      }
    }
    // End of the window: a packet flagged but never signalled means GPIO3 is not working.
    if (irq && !this.#d.rxIrqFallback && this.#checkFlags(heard)) {
      this.#d.rxIrqFallback = true;
      this.#irqNote = `GPIO3 (line ${irq.offset}) never signalled PKT_OK: polling the flag register instead`;
      this.#d.reason = this.#irqNote;
    }
  }

  /**
   * Reads INT_FLAG: counts a CRC failure (PKT_ERR stays set until the next clear, so a failure between two
   * good packets is seen at the second one) and reads a waiting packet. Returns true when it read one.
   */
  #checkFlags(heard: CmtReception[]): boolean {
    const flags = this.#chip.read(Reg.intFlag);
    if (flags & IntFlag.pktErr) this.#d.crcErrors++;
    if (flags & IntFlag.pktOk) {
      this.#readPacket(heard);
      return true;
    }
    if (flags & IntFlag.pktErr) this.#chip.write(Reg.intClr2, INT_CLR2_ALL);
    return false;
  }

  /** Reads one packet (RSSI, length byte, payload), notes an overrun, frees the FIFO for the next. */
  #readPacket(heard: CmtReception[]): void {
    const chip = this.#chip;
    const rssiDbm = chip.read(Reg.rssiDbm) - RSSI_DBM_OFFSET;
    const length = chip.readFifo(1)[0]!;
    let frame: Uint8Array | undefined;
    if (length === 0 || length > MAX_PAYLOAD_BYTES) this.#d.badLengths++;
    else frame = chip.readFifo(length);
    if (chip.read(Reg.fifoFlag) & FifoFlag.rxOverflow) this.#d.fifoOverruns++;
    chip.write(Reg.intClr2, INT_CLR2_ALL);
    chip.write(Reg.fifoClr, FifoClr.rx);
    if (!frame) return;
    // The engine reads a frame's `rssi` tag into the inverter's radio statistics.
    const at = this.#o.stamp?.() ?? this.#o.clock.now();
    const reception = { frame: Object.assign(frame, { rssi: rssiDbm }), rssiDbm, at };
    heard.push(reception);
    this.#d.packetsReceived++;
    this.#d.lastRssiDbm = rssiDbm;
    for (const listener of this.#listeners) {
      try {
        listener(reception);
      } catch {
        // A listener's trouble is not the radio's: the packet is still returned.
      }
    }
  }

  #fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof Error && error.name === 'IoError') this.#d.ioErrors++;
    this.#d.connected = false;
    this.#d.reason =
      error instanceof ChipAbsent ? message : `CMT2300A: ${message}; it will be reset and checked again`;
    this.#nextInitAt =
      error instanceof ChipAbsent ? this.#o.clock.now() + INIT_RETRY_MS : Number.NEGATIVE_INFINITY;
  }
}

/** The chip misbehaved during an exchange. */
class CmtRadioError extends Error {}

const mhz = (hz: number) => `${(hz / 1e6).toFixed(3)} MHz`;
