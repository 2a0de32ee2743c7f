/**
 * Both transceivers behind one `Radio`: requests go to the chip their `radio` names (nRF24 for HM/HERF,
 * CMT2300A for HMS/HMT), each chip keeps its own queue, so an nRF exchange and a CMT exchange run at the
 * same time. A chip that could not even be opened (no device, no permission) stands here as a plain reason:
 * it stays silent and says why, and the other chip works on.
 */
import type { Cmt2300aRadio, CmtDiagnostics } from './cmt2300a/driver/cmt2300a-radio';
import { LoopDelay, type LoopDelayMs } from './loop-delay';
import type { Nrf24Counters, Nrf24Health } from './nrf24/driver/health';
import type { Nrf24Radio } from './nrf24/driver/nrf24-radio';
import type { RxSchemeReport } from './nrf24/driver/rx-schemes';
import type { Radio, RadioMode, RadioRequest, RadioSettings, RadioStatus } from './radio';

/** A chip's driver, or why there is none. */
export type ChipSlot<T> = { driver: T } | { missing: string };

export interface DualRadioOptions {
  mode: Exclude<RadioMode, 'simulated'>;
  nrf: ChipSlot<Nrf24Radio>;
  cmt: ChipSlot<Cmt2300aRadio>;
  /** Releases the devices after stop (hardware); the models need nothing. */
  close?: () => void;
  /** Told the settings on every configure (the model's virtual plant needs the country and frequency). */
  onConfigure?: (settings: RadioSettings) => void;
}

/** The chips' own counters, for diagnostics (system status, Prometheus). */
export interface ChipDiagnostics {
  nrf?: Nrf24Counters & Pick<Nrf24Health, 'irqLine'> & { rxScheme?: RxSchemeReport };
  cmt?: Omit<CmtDiagnostics, 'connected' | 'reason'>;
  /**
   * The event loop the drivers run on, since start: how late a timer or an interrupt edge is handled
   * (the CMT2300A must be read out before its next packet lands). With the radio in its own thread
   * (`worker/`), that thread's loop.
   */
  loopDelayMs?: LoopDelayMs;
  /** With the radio in its own thread: the gateway's main loop (engine, HTTP, sockets), since start. */
  mainLoopDelayMs?: LoopDelayMs;
}

export class DualRadio implements Radio {
  readonly name: string;
  readonly mode: Exclude<RadioMode, 'simulated'>;
  #nrf: ChipSlot<Nrf24Radio>;
  #cmt: ChipSlot<Cmt2300aRadio>;
  #close: (() => void) | undefined;
  #settings: RadioSettings | undefined;
  readonly #loopDelay = new LoopDelay();
  readonly #onConfigure: ((settings: RadioSettings) => void) | undefined;

  constructor(options: DualRadioOptions) {
    this.mode = options.mode;
    this.#onConfigure = options.onConfigure;
    this.name = options.mode;
    this.#nrf = options.nrf;
    this.#cmt = options.cmt;
    this.#close = options.close;
  }

  /** Drivers and close are put in later when the devices open after construction (hardware). */
  attach(options: Pick<DualRadioOptions, 'nrf' | 'cmt' | 'close'>): void {
    this.#nrf = options.nrf;
    this.#cmt = options.cmt;
    this.#close = options.close;
    if (this.#settings) this.configure(this.#settings);
  }

  get nrf(): Nrf24Radio | undefined {
    return 'driver' in this.#nrf ? this.#nrf.driver : undefined;
  }

  get cmt(): Cmt2300aRadio | undefined {
    return 'driver' in this.#cmt ? this.#cmt.driver : undefined;
  }

  configure(settings: RadioSettings): void {
    this.#settings = { ...settings };
    this.#onConfigure?.(this.#settings);
    this.nrf?.configure(settings);
    this.cmt?.configure(settings);
  }

  status(): RadioStatus {
    const settings = this.#settings;
    const nrfOn = settings?.nrfEnabled === true;
    const cmtOn = settings?.cmtEnabled === true;
    const nrf = this.nrf?.health();
    const cmt = this.cmt?.diagnostics();
    const nrfReason = 'missing' in this.#nrf ? this.#nrf.missing : nrf?.reason;
    const cmtReason = 'missing' in this.#cmt ? this.#cmt.missing : (cmt?.reason ?? cmt?.lastRefusal);
    return {
      nrf: {
        configured: nrfOn,
        // Only a chip that answered its check counts as connected.
        connected: nrfOn && nrf?.connected === true,
        pvariant: nrf?.pvariant === true,
        ...(nrfOn && nrfReason ? { reason: nrfReason } : {}),
      },
      cmt: {
        configured: cmtOn,
        connected: cmtOn && cmt?.connected === true,
        ...(cmtOn && cmtReason ? { reason: cmtReason } : {}),
      },
      simulated: false,
      mode: this.mode,
    };
  }

  diagnostics(): ChipDiagnostics {
    const nrf = this.nrf;
    const cmt = this.cmt;
    const result: ChipDiagnostics = {};
    const loop = this.#loopDelay.read();
    if (loop) result.loopDelayMs = loop;
    if (nrf) result.nrf = { ...nrf.counters(), irqLine: nrf.health().irqLine, rxScheme: nrf.rxSchemes() };
    if (cmt) {
      const { connected: _c, reason: _r, ...counters } = cmt.diagnostics();
      result.cmt = counters;
    }
    return result;
  }

  transmit(request: RadioRequest): Promise<Uint8Array[]> {
    const driver = request.radio === 'NRF24' ? this.nrf : this.cmt;
    // A chip that is not there is silent, as the air would be (the reason is in the status).
    if (driver === undefined) return Promise.resolve([]);
    return driver.transmit(request);
  }

  async start(): Promise<void> {
    this.#loopDelay.start();
    // Each chip sets itself up on its own; one failing never stops the other.
    await Promise.all([this.nrf?.start(), this.cmt?.start()]);
  }

  async stop(): Promise<void> {
    this.#loopDelay.stop();
    await Promise.all([this.nrf?.stop(), this.cmt?.stop()]);
    const close = this.#close;
    this.#close = undefined;
    try {
      close?.();
    } catch {
      // Closing is best effort: the radio is going away anyway.
    }
  }
}
