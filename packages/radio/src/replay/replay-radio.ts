/**
 * `--radio replay`: a radio that answers each request with the answer a capture holds (docs/replay.md).
 * A request is matched by the inverter's radio address and what it asks (`requestKey`); per inverter the
 * capture is played in order, so an answer with a missing fragment makes the engine re-request it and
 * the capture's next exchange answers that, as it did on the day. When the capture's end is reached it
 * starts over. The radio says in its status that it replays a file: it is never shown as real hardware.
 */
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { crc8 } from '@dtu-console/hoymiles';
import type { Radio, RadioRequest, RadioSettings, RadioStatus, ReplayInfo } from '../radio';
import {
  addressAt,
  addressOf,
  type Capture,
  type CapturedExchange,
  captureAddresses,
  readCapture,
  requestKey,
} from './capture';

export interface ReplayRadioOptions {
  /** The capture file (`--replay-file`). */
  file: string;
  /** Tests: read the capture from elsewhere. */
  read?: (file: string) => Promise<string>;
}

type Loaded = { ok: true; capture: Capture } | { ok: false; reason: string };

export class ReplayRadio implements Radio {
  readonly name = 'replay';
  readonly #options: ReplayRadioOptions;
  #loaded: Loaded | undefined;
  /** Per inverter address: its exchanges in capture order, and where the next search starts. */
  #byAddress = new Map<number, { exchanges: CapturedExchange[]; next: number }>();

  constructor(options: ReplayRadioOptions) {
    this.#options = options;
  }

  /** The capture decides what answers; the DTU settings change nothing of it. */
  configure(_settings: RadioSettings): void {}

  async start(): Promise<void> {
    if (this.#loaded?.ok) return;
    const read = this.#options.read ?? ((file: string) => readFile(file, 'utf8'));
    let text: string;
    try {
      text = await read(this.#options.file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#loaded = { ok: false, reason: `cannot read the capture file ${this.#options.file}: ${reason}` };
      return;
    }
    const capture = readCapture(text);
    this.#loaded = { ok: true, capture };
    this.#byAddress.clear();
    for (const exchange of capture.exchanges) {
      const entry = this.#byAddress.get(exchange.address) ?? { exchanges: [], next: 0 };
      entry.exchanges.push(exchange);
      this.#byAddress.set(exchange.address, entry);
    }
  }

  stop(): void {}

  /** The replay's own facts: file, exchanges, inverters and problems (null until started). */
  replayInfo(): ReplayInfo | null {
    const loaded = this.#loaded;
    if (loaded === undefined) return null;
    const file = basename(this.#options.file);
    // A file that cannot be read is each chip's reason (the status); it holds no problems of its own.
    if (!loaded.ok) return { file, exchanges: 0, inverters: [], problems: [] };
    const { capture } = loaded;
    return {
      file,
      exchanges: capture.exchanges.length,
      inverters: captureAddresses(capture),
      problems: capture.problems.map((p) => `capture line ${p.line}: ${p.message}`),
    };
  }

  status(): RadioStatus {
    const loaded = this.#loaded;
    const holds = (radio: 'NRF24' | 'CMT') =>
      loaded?.ok === true && loaded.capture.exchanges.some((exchange) => exchange.radio === radio);
    // Before the start and when the file cannot be read, both chips say why they are silent.
    const reason =
      loaded === undefined ? 'the capture file is not read yet' : loaded.ok ? undefined : loaded.reason;
    // A radio the capture holds no frame of is not in use, as a chip that is not configured.
    const configured = (radio: 'NRF24' | 'CMT') => loaded?.ok !== true || holds(radio);
    const replay = this.replayInfo();
    return {
      nrf: {
        configured: configured('NRF24'),
        connected: holds('NRF24'),
        // The capture's DTU sent at 250 kbps: only the '+' chip can.
        pvariant: holds('NRF24'),
        ...(reason ? { reason } : {}),
      },
      cmt: {
        configured: configured('CMT'),
        connected: holds('CMT'),
        ...(reason ? { reason } : {}),
      },
      simulated: false,
      mode: 'replay',
      ...(replay ? { replay } : {}),
    };
  }

  async transmit(request: RadioRequest): Promise<Uint8Array[]> {
    const entry = this.#byAddress.get(addressOf(request.frame));
    if (!entry) return [];
    const exchange = this.#take(entry, requestKey(request.frame));
    if (!exchange) return [];
    return exchange.answers.map((answer) => {
      const frame = addressedToUs(answer.bytes, request.frame, exchange.dtuAddress);
      if (answer.rssi !== undefined) Object.assign(frame, { rssi: answer.rssi });
      return frame;
    });
  }

  /** The next exchange with this key from where the inverter's replay stands, starting over at the end. */
  #take(entry: { exchanges: CapturedExchange[]; next: number }, key: string): CapturedExchange | undefined {
    const { exchanges } = entry;
    for (let step = 0; step < exchanges.length; step++) {
      const index = (entry.next + step) % exchanges.length;
      const exchange = exchanges[index]!;
      if (exchange.key === key) {
        entry.next = index + 1;
        return exchange;
      }
    }
    return undefined;
  }
}

/**
 * The captured answer as this gateway would hear it. Bytes 5..8 of an answer hold the capture's DTU (HMS,
 * HMT), the inverter's own address (HM and MI name themselves twice) or, rarely, another DTU's:
 * - the inverter's own: played as captured, exactly as the air carried it;
 * - the capture's DTU (or any address, when the capture holds no request to tell it): this gateway's DTU
 *   address takes its place and the CRC8 is made again;
 * - another DTU's: played as captured, so the engine counts it as such and leaves it out.
 * The payload and its CRC16 always stay as captured.
 */
function addressedToUs(answer: Uint8Array, request: Uint8Array, capturedDtu: number | undefined): Uint8Array {
  const frame = Uint8Array.from(answer);
  const second = addressAt(frame, 5);
  if (second === addressAt(frame, 1)) return frame;
  if (capturedDtu !== undefined && second !== capturedDtu) return frame;
  frame.set(request.subarray(5, 9), 5);
  frame[frame.length - 1] = crc8(frame, 0, frame.length - 1);
  return frame;
}
