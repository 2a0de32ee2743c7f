/**
 * Test harness for the nRF24 driver: the chip model on a scripted far side, a recording SPI bus and CE line
 * (golden traces), an SPI bus that fails on demand, and a scripted HM inverter.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import {
  addressOfSerial,
  Command,
  encodeResponseFragments,
  parseRequest,
  type RadioAddress,
} from '@dtu-console/hoymiles';
import { expect } from 'vitest';
import { type GpioInput, type GpioOutput, IoError, type SpiBus, type SpiSegment } from '../../../src/io';
import { Nrf24Radio } from '../../../src/nrf24/driver/nrf24-radio';
import { Cmd, REGISTER_NAMES } from '../../../src/nrf24/driver/registers';
import type { RxSchemeChoice } from '../../../src/nrf24/driver/rx-schemes';
import {
  type FarResponder,
  NrfFarSide,
  type NrfFarSideOptions,
} from '../../../src/nrf24/model/nrf24-far-side';
import { Nrf24Model, type Nrf24ModelOptions } from '../../../src/nrf24/model/nrf24-model';
import type { RadioSettings } from '../../../src/radio';

export const INVERTER_SERIAL = '114172220001';
export const DTU_SERIAL = '199912345678';
export const INVERTER: RadioAddress = address(INVERTER_SERIAL);
export const DTU: RadioAddress = address(DTU_SERIAL);
export const T0 = Date.UTC(2026, 5, 21, 10, 0, 0);

function address(serial: string): RadioAddress {
  const result = addressOfSerial(serial);
  if (!result.ok) throw new Error(serial);
  return result.value;
}

export const SETTINGS: RadioSettings = {
  dtuSerial: DTU_SERIAL,
  nrfEnabled: true,
  nrfPaLevel: 3,
  cmtEnabled: false,
  cmtPaLevel: 0,
  cmtFrequencyHz: 865_000_000,
  cmtCountry: 0,
};

/** A payload of `length` bytes (CRC16 appended by the encoder): ceil((length + 2) / 16) fragments. */
export function answerPayload(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * 7 + 3) & 0xff);
}

/** An HM inverter that answers every data request with `payloadLength` bytes of data. */
export function scriptedInverter(payloadLength = 40): FarResponder & { requests: Uint8Array[] } {
  const requests: Uint8Array[] = [];
  const responder = (frame: Uint8Array) => {
    const request = parseRequest(frame, { inverter: INVERTER });
    if (!request.ok) return null;
    requests.push(frame);
    return encodeResponseFragments({
      inverter: INVERTER,
      dtu: request.value.dtuAddress,
      command: Command.DataRequest,
      payload: answerPayload(payloadLength),
      appendCrc16: true,
    });
  };
  return Object.assign(responder, { requests });
}

/** Records every SPI command and CE change, one readable line each (docs/radio-nrf24.md shows the format). */
export class TraceRecorder {
  readonly lines: string[] = [];
  readonly #clock: ManualClock;
  #during: string[] | undefined;

  constructor(clock: ManualClock) {
    this.#clock = clock;
  }

  spi(inner: SpiBus): SpiBus {
    return {
      path: inner.path,
      transfer: (segments: readonly SpiSegment[]) => {
        this.#during = [];
        try {
          const answer = inner.transfer(segments);
          const tx = segments[0]?.tx ?? new Uint8Array(0);
          this.#line(describe(tx, answer[0] ?? new Uint8Array(0)));
          return answer;
        } finally {
          // Edges the command caused are shown after it.
          const during = this.#during;
          this.#during = undefined;
          for (const line of during) this.#line(line);
        }
      },
      close: () => inner.close(),
    };
  }

  ce(inner: GpioOutput): GpioOutput {
    return {
      offset: inner.offset,
      set: (high) => {
        this.#line(`CE ${high ? 1 : 0}`);
        inner.set(high);
      },
      close: () => inner.close(),
    };
  }

  /** Shows the edges of an input line (the IRQ) between the commands. */
  input(line: GpioInput): void {
    line.onEdge((edge) => {
      const text = `IRQ ${edge.rising ? 1 : 0}`;
      if (this.#during) this.#during.push(text);
      else this.#line(text);
    });
  }

  #line(text: string): void {
    this.lines.push(`${(this.#clock.now() - T0).toFixed(3).padStart(8)} ${text}`);
  }
}

function hex(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
}

function describe(tx: Uint8Array, rx: Uint8Array): string {
  const command = tx[0]!;
  const status = `  ; status ${hex([rx[0] ?? 0])}`;
  const name = (register: number) => REGISTER_NAMES[register] ?? hex([register]);
  if (command <= 0x1f) return `R ${name(command)} -> ${hex(rx.subarray(1))}${status}`;
  if (command <= 0x3f) return `W ${name(command & 0x1f)} ${hex(tx.subarray(1))}${status}`;
  const names: Record<number, string> = {
    [Cmd.R_RX_PAYLOAD]: 'R_RX_PAYLOAD ->',
    [Cmd.R_RX_PL_WID]: 'R_RX_PL_WID ->',
    [Cmd.W_TX_PAYLOAD]: 'W_TX_PAYLOAD',
    [Cmd.FLUSH_TX]: 'FLUSH_TX',
    [Cmd.FLUSH_RX]: 'FLUSH_RX',
    [Cmd.NOP]: 'NOP',
  };
  const label = names[command] ?? `CMD ${hex([command])}`;
  const data = label.endsWith('->') ? rx.subarray(1) : tx.subarray(1);
  return `${label}${data.length ? ` ${hex(data)}` : ''}${status}`;
}

/** Compares `lines` with the checked-in trace; UPDATE_TRACES=1 rewrites it instead. */
export function expectTrace(name: string, lines: readonly string[]): void {
  const file = join(import.meta.dirname, 'traces', `${name}.trace`);
  const text = `${lines.join('\n')}\n`;
  if (process.env.UPDATE_TRACES === '1') writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

/** An SPI bus that throws IoError on chosen transfers, after the chip has taken the bytes (mid-transfer). */
export class FlakySpi implements SpiBus {
  readonly #inner: SpiBus;
  /** Transfer numbers (1-based, counted from the start) that fail. */
  readonly failOn = new Set<number>();
  count = 0;

  constructor(inner: SpiBus) {
    this.#inner = inner;
  }

  get path(): string {
    return this.#inner.path;
  }

  transfer(segments: readonly SpiSegment[]): Uint8Array[] {
    this.count++;
    const answer = this.#inner.transfer(segments);
    if (this.failOn.has(this.count)) {
      throw new IoError(`SPI transfer failed on ${this.path}: Input/output error (EIO)`, 'EIO');
    }
    return answer;
  }

  close(): void {
    this.#inner.close();
  }
}

export interface RigOptions {
  model?: Partial<Omit<Nrf24ModelOptions, 'clock' | 'air'>>;
  far?: Partial<Omit<NrfFarSideOptions, 'clock'>>;
  settings?: Partial<RadioSettings>;
  /** Data bytes of each answer (default 40: three fragments). */
  payloadLength?: number;
  /** Wrap the CE line (fault injection). */
  wrapCe?: (ce: GpioOutput) => GpioOutput;
  /** Wrap the SPI bus (after the trace recorder). */
  wrapSpi?: (spi: SpiBus) => SpiBus;
  /** The driver's receive scheme (default: the driver's own, auto). */
  rxScheme?: RxSchemeChoice;
}

/** Clock, far side with one scripted inverter, chip model, recorder and driver, wired together. */
export function rig(options: RigOptions = {}) {
  const clock = new ManualClock(T0);
  const inverter = scriptedInverter(options.payloadLength);
  const far = new NrfFarSide({ clock, responder: inverter, inverters: [INVERTER], ...options.far });
  const model = new Nrf24Model({ clock, air: far, ...options.model });
  const trace = new TraceRecorder(clock);
  trace.input(model.irq);
  const spi = (options.wrapSpi ?? ((s: SpiBus) => s))(trace.spi(model.spi));
  const ce = (options.wrapCe ?? ((c: GpioOutput) => c))(trace.ce(model.ce));
  const radio = new Nrf24Radio({
    spi,
    ce,
    irq: model.irq,
    clock,
    ...(options.rxScheme ? { rxScheme: options.rxScheme } : {}),
  });
  radio.configure({ ...SETTINGS, ...options.settings });
  return { clock, inverter, far, model, trace, radio };
}

/** Runs `work` while moving the manual clock on until it settles. */
export async function run<T>(clock: ManualClock, work: Promise<T>, stepMs = 1, maxMs = 5_000): Promise<T> {
  let done = false;
  let value: T | undefined;
  void work.then((v) => {
    done = true;
    value = v;
  });
  for (let t = 0; !done && t < maxMs; t += stepMs) await clock.advance(stepMs);
  if (!done) throw new Error('did not finish');
  return value as T;
}
