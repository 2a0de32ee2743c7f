import type { Clock } from '@dtu-console/clock';
import { type BatteryConfig, BatteryLimits } from '@dtu-console/contract';
import type { DeepReadonly } from '../../config/schema';
import { SerialLine } from '../../powermeter/serial-line';
import {
  alarmKeys,
  checkFrame,
  decodeAnswer,
  END_MARK,
  isRequest,
  type JkBmsAnswer,
  type JkBmsRefusal,
  MAX_FRAME_LENGTH,
  MIN_FRAME_LENGTH,
  readAllRequest,
  startsFrame,
} from '../jkbms/frame';
import { lineProblem } from '../line-problem';
import { type BatteryReading, validateBattery } from '../reading';
import type { BatterySink, BatterySource } from '../types';
import { clockLoop } from './clock-loop';

export type JkBmsSection = DeepReadonly<BatteryConfig['jkbms']>;

/** What the line gave: a frame whose start, length, end mark and checksum hold, or a refusal. */
export type JkBmsLineEvent = { frame: Uint8Array } | JkBmsRefusal;

const EMPTY = new Uint8Array(0);

function findStart(bytes: Uint8Array): number {
  for (let i = 0; i + 1 < bytes.length; i++) if (startsFrame(bytes, i)) return i;
  return -1;
}

/**
 * Gathers the BMS's answer from the line. Bytes before a frame start are skipped. A frame is taken once
 * as many bytes as its length says have come; one that fails its check is refused, and when even its end
 * mark is not where its length says (a start found in noise), the search goes on right after that start.
 */
export class JkBmsAnswerReader {
  #buffer: Uint8Array = EMPTY;

  push(chunk: Uint8Array): JkBmsLineEvent[] {
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer, 0);
    joined.set(chunk, this.#buffer.length);
    let buffer = joined;
    const events: JkBmsLineEvent[] = [];
    for (;;) {
      const at = findStart(buffer);
      if (at < 0) {
        // Keep a last 0x4E: it may be the first byte of a start.
        buffer = buffer.at(-1) === 0x4e ? buffer.slice(-1) : EMPTY;
        break;
      }
      buffer = buffer.subarray(at);
      if (buffer.length < 4) break;
      const length = ((buffer[2] ?? 0) << 8) | (buffer[3] ?? 0);
      if (length < MIN_FRAME_LENGTH || length > MAX_FRAME_LENGTH) {
        events.push({ refused: `wrong length: ${length} is not a frame length` });
        buffer = buffer.subarray(2);
        continue;
      }
      if (buffer.length < length + 2) break;
      const frame = buffer.slice(0, length + 2);
      const bad = checkFrame(frame);
      if (!bad) {
        events.push({ frame });
        buffer = buffer.subarray(length + 2);
        continue;
      }
      events.push(bad);
      const delimited = frame[frame.length - 5] === END_MARK;
      buffer = buffer.subarray(delimited ? length + 2 : 2);
    }
    this.#buffer = buffer.slice();
    return events;
  }

  /** Forgets what was gathered (a new request starts afresh); a refusal when it was an answer cut short. */
  reset(): JkBmsRefusal | undefined {
    const pending = this.#buffer;
    this.#buffer = EMPTY;
    if (pending.length < 2 || !startsFrame(pending)) return undefined;
    const expected = pending.length >= 4 ? ((pending[2] ?? 0) << 8) + (pending[3] ?? 0) + 2 : undefined;
    return { refused: `answer cut short: ${pending.length} of ${expected ?? 'at least 4'} bytes came` };
  }
}

/** 0 while the BMS holds that MOSFET off or its switch is off; else its over-current protection value. */
function currentLimit(on: boolean | undefined, switchOn: boolean | undefined, overcurrentA?: number) {
  if (on === false || switchOn === false) return 0;
  return overcurrentA;
}

/**
 * A battery reading from a decoded answer. The temperature is the higher of the two battery sensors
 * (0x81, 0x82); the MOSFET temperature (0x80) is the BMS's own, not the cells'. The power is voltage
 * times current.
 */
export function jkReading(answer: JkBmsAnswer): BatteryReading {
  const { alarms, warnings } = alarmKeys(answer.alarmBits ?? 0);
  const reading: BatteryReading = { alarms, warnings };
  const { voltageV, currentA, socPercent } = answer;
  if (socPercent !== undefined) reading.socPercent = socPercent;
  if (voltageV !== undefined) reading.voltageV = voltageV;
  if (currentA !== undefined) reading.currentA = currentA;
  if (voltageV !== undefined && currentA !== undefined)
    reading.powerW = Math.round(voltageV * currentA * 10) / 10 || 0;
  const sensors = [answer.sensor1TemperatureC, answer.sensor2TemperatureC].filter((t) => t !== undefined);
  if (sensors.length > 0) reading.temperatureC = Math.max(...sensors);
  const charge = currentLimit(answer.chargeMosfetOn, answer.chargeSwitch, answer.chargeOvercurrentA);
  if (charge !== undefined) reading.chargeCurrentLimitA = charge;
  const discharge = currentLimit(
    answer.dischargeMosfetOn,
    answer.dischargeSwitch,
    answer.dischargeOvercurrentA,
  );
  if (discharge !== undefined) reading.dischargeCurrentLimitA = discharge;
  return reading;
}

export class JkBmsSource implements BatterySource {
  readonly #section: JkBmsSection;
  readonly #clock: Clock;
  readonly #reopenMs: number | undefined;
  #line: SerialLine | undefined;
  #stopPolling: (() => void) | undefined;
  #running = false;
  /** A request is out and no answer to it has come yet. */
  #awaiting = false;
  /** Requests in a row without an answer. */
  #unanswered = 0;
  #refused = 0;

  constructor(section: JkBmsSection, clock: Clock, reopenMs?: number) {
    this.#section = section;
    this.#clock = clock;
    this.#reopenMs = reopenMs;
  }

  start(sink: BatterySink): void {
    this.#running = true;
    const reader = new JkBmsAnswerReader();
    this.#line = new SerialLine({
      device: this.#section.device,
      baudRate: BatteryLimits.jkbmsBaudRate,
      ...(this.#reopenMs !== undefined ? { reopenMs: this.#reopenMs } : {}),
      onProblem: (problem) => sink.problem(lineProblem(problem)),
      onData: (chunk) => {
        for (const event of reader.push(chunk)) this.#event(event, sink);
      },
    });
    this.#line.start();
    this.#stopPolling = clockLoop(
      this.#clock,
      BatteryLimits.jkbmsPollMs,
      () => void this.#poll(reader, sink),
    );
  }

  /** The serial line (for tests: whether and how often it was opened). */
  get line(): SerialLine | undefined {
    return this.#line;
  }

  async stop(): Promise<void> {
    this.#running = false;
    this.#stopPolling?.();
    this.#stopPolling = undefined;
    await this.#line?.stop();
  }

  async #poll(reader: JkBmsAnswerReader, sink: BatterySink): Promise<void> {
    if (!this.#running || this.#line?.isOpen !== true) {
      // The line says itself why it is not open; a request is only out while it is.
      this.#awaiting = false;
      return;
    }
    if (this.#awaiting) {
      this.#unanswered++;
      sink.problem({ code: 'no-reading', detail: this.#silence() });
    }
    const cut = reader.reset();
    if (cut) this.#refuse(cut, sink);
    this.#awaiting = true;
    try {
      await this.#line.write(readAllRequest());
    } catch (error) {
      sink.problem({
        code: 'device-lost',
        detail: `${this.#section.device}: the request could not be sent: ${(error as Error).message}`,
      });
    }
  }

  #silence(): string {
    const seconds = (this.#unanswered * BatteryLimits.jkbmsPollMs) / 1000;
    const wiring =
      this.#section.interface === 'rs485'
        ? 'check the A and B wires of the RS485 adapter'
        : "check that the BMS's TX goes to the adapter's RX, its RX to TX, and GND";
    return `The JK BMS on ${this.#section.device} has not answered for ${seconds} s: ${wiring}`;
  }

  #event(event: JkBmsLineEvent, sink: BatterySink): void {
    // A request on the line is our own, echoed by an RS485 adapter: not an answer, not an error.
    if ('frame' in event && isRequest(event.frame)) return;
    // Something came: a refused answer is counted as such, not as silence.
    this.#awaiting = false;
    this.#unanswered = 0;
    if ('refused' in event) {
      this.#refuse(event, sink);
      return;
    }
    const answer = decodeAnswer(event.frame);
    if ('refused' in answer) {
      this.#refuse(answer, sink);
      return;
    }
    const { reading, refused } = validateBattery(jkReading(answer));
    sink.frame(refused.length === 0);
    sink.reading({ ...reading, atMs: this.#clock.now() });
    if (refused.length > 0)
      sink.problem({
        code: 'bad-frames',
        detail: `${this.#section.device}: refused out-of-range values: ${refused.join(', ')}`,
      });
  }

  #refuse(refusal: JkBmsRefusal, sink: BatterySink): void {
    this.#refused++;
    sink.frame(false);
    sink.problem({
      code: 'bad-frames',
      detail: `${this.#section.device}: answer refused, ${refusal.refused} (${this.#refused} so far)`,
    });
  }
}
