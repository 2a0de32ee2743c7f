/**
 * A radio capture read into exchanges (docs/replay.md): each request the DTU sent, with the answer
 * fragments that followed it, in the order and with the gaps of the capture. Frames are checked with the
 * protocol's own checksums: a frame that fails CRC8, or an answer whose joined payload fails CRC16, is
 * reported with its line number and left out of the replay, never played as if it were good.
 */
import { Command, crc8, crc16, formatAddress, reassemble } from '@dtu-console/hoymiles';
import {
  type CaptureFormat,
  type CaptureLine,
  type CaptureLineProblem,
  parseCaptureLine,
} from './capture-lines';
import { isMiKey, isMiMultiFrameKey, miAnswerKind, miRequestKey } from './mi-frames';

export type { CaptureFormat } from './capture-lines';

/** Byte 10 of a multi-data request: RealTimeRunData, what a capture without request lines answered. */
const REAL_TIME_RUN_DATA = 0x0b;
const DATA_REQUEST_MARKER = 0x80;

export interface CapturedAnswer {
  line: number;
  bytes: Uint8Array;
  rssi?: number;
}

export interface CapturedExchange {
  /** The inverter's radio address (the low 8 hex digits of its serial). */
  address: number;
  /** What was asked (see `requestKey`). */
  key: string;
  /** Line of the request, or of the first answer when the capture has no request lines (AhoyDTU). */
  line: number;
  radio: 'NRF24' | 'CMT';
  /** Bytes 5..8 of the captured request: the capture's DTU. Absent when the capture holds no request. */
  dtuAddress?: number;
  answers: CapturedAnswer[];
}

export interface Capture {
  exchanges: CapturedExchange[];
  problems: CaptureLineProblem[];
  /** Lines that held a frame (requests and answers), good or bad. */
  frameLines: number;
  formats: CaptureFormat[];
}

/**
 * What a request frame asks, independent of its time stamp and DTU: `data:0B` (a multi-data request and
 * its data type), `frame:3` (a re-request of fragment 3), `control:0B` (device control and its
 * sub-command), `channel` (HMS/HMT channel change), `mi:09` (an MI request and its command, see
 * `mi-frames.ts`), `command:XX` otherwise.
 */
export function requestKey(frame: Uint8Array): string {
  const mi = miRequestKey(frame);
  if (mi !== undefined) return mi;
  const command = frame[0] ?? 0;
  const byte9 = frame[9] ?? 0;
  if (command === Command.DataRequest) {
    if (byte9 === DATA_REQUEST_MARKER) return `data:${hex(frame[10] ?? 0)}`;
    if (byte9 > DATA_REQUEST_MARKER) return `frame:${byte9 & 0x7f}`;
  }
  if (command === Command.DeviceControl) return `control:${hex(frame[10] ?? 0)}`;
  if (command === Command.ChannelChange) return 'channel';
  return `command:${hex(command)}`;
}

function hex(byte: number): string {
  return byte.toString(16).toUpperCase().padStart(2, '0');
}

/** Bytes 1..4: the inverter's radio address. */
export function addressOf(frame: Uint8Array): number {
  return addressAt(frame, 1);
}

/** The 4 bytes at `offset` as a radio address (bytes 1..4 the inverter, 5..8 the DTU or the inverter). */
export function addressAt(frame: Uint8Array, offset: number): number {
  const byte = (i: number) => frame[offset + i] ?? 0;
  return ((byte(0) << 24) | (byte(1) << 16) | (byte(2) << 8) | byte(3)) >>> 0;
}

function crc8Problem(frame: CaptureLine): string | undefined {
  const { bytes } = frame;
  if (bytes.length < 11) return `a frame of ${bytes.length} bytes is shorter than a frame header`;
  if (bytes.length > 32) return `a frame of ${bytes.length} bytes is longer than the radio allows (32)`;
  const expected = crc8(bytes, 0, bytes.length - 1);
  const got = bytes[bytes.length - 1]!;
  if (expected === got) return undefined;
  return `CRC8 does not match: the frame ends in ${hex(got)}, its bytes give ${hex(expected)}`;
}

/** A 27-byte multi-data request carries a CRC16 over its bytes 10..23. */
function requestCrc16Problem(bytes: Uint8Array): string | undefined {
  if (bytes[0] !== Command.DataRequest || bytes[9] !== DATA_REQUEST_MARKER || bytes.length !== 27) {
    return undefined;
  }
  const stored = ((bytes[24] ?? 0) << 8) | (bytes[25] ?? 0);
  return crc16(bytes, 10, 24) === stored ? undefined : 'the request body fails its CRC16';
}

function radioOf(frame: CaptureLine): 'NRF24' | 'CMT' {
  return frame.frequencyHz === undefined ? 'NRF24' : 'CMT';
}

/**
 * One request and its re-requests: the fragments they brought must join into a payload with a good CRC16.
 * Exchanges of a payload that fails are taken out, and the problem names the line of its last fragment.
 */
interface Transaction {
  exchanges: CapturedExchange[];
}

function checkTransaction(transaction: Transaction, problems: CaptureLineProblem[]): boolean {
  // MI answers are single frames with no CRC16: their CRC8 was checked frame by frame.
  if (transaction.exchanges.some((exchange) => isMiKey(exchange.key))) return true;
  const fragments = new Map<number, CapturedAnswer>();
  for (const exchange of transaction.exchanges) {
    for (const answer of exchange.answers) {
      const number = (answer.bytes[9] ?? 0) & 0x7f;
      if (!fragments.has(number)) fragments.set(number, answer);
    }
  }
  if (fragments.size === 0) return true;
  const answers = [...fragments.values()];
  const joined = reassemble(answers.map((answer) => answer.bytes));
  // An answer the capture holds only in part cannot be checked as a whole; it is replayed as captured.
  if (joined.ok || joined.error.code === 'missing-fragment') return true;
  const line = Math.max(...answers.map((answer) => answer.line));
  const lines = answers.map((answer) => answer.line).sort((a, b) => a - b);
  const message =
    joined.error.code === 'bad-crc16'
      ? `the answer of lines ${lines.join(', ')} fails its CRC16`
      : `the answer of lines ${lines.join(', ')} cannot be joined: ${joined.error.message}`;
  problems.push({ line, message });
  return false;
}

/** Reads a capture's text. Never throws: what cannot be used is in `problems`. */
export function readCapture(text: string): Capture {
  const problems: CaptureLineProblem[] = [];
  const exchanges: CapturedExchange[] = [];
  const formats = new Set<CaptureFormat>();
  /** The open exchange of each inverter: answers join it. */
  const open = new Map<number, { exchange: CapturedExchange; implicit: boolean }>();
  /** The open transaction of each inverter: a request and the re-requests after it. */
  const transactions = new Map<number, Transaction>();
  const finished: Transaction[] = [];
  let frameLines = 0;

  const closeTransaction = (address: number) => {
    const transaction = transactions.get(address);
    if (transaction) finished.push(transaction);
    transactions.delete(address);
  };
  const addExchange = (exchange: CapturedExchange, implicit: boolean) => {
    exchanges.push(exchange);
    open.set(exchange.address, { exchange, implicit });
    const rerequest = exchange.key.startsWith('frame:');
    const transaction = transactions.get(exchange.address);
    if (rerequest && transaction) transaction.exchanges.push(exchange);
    else {
      closeTransaction(exchange.address);
      transactions.set(exchange.address, { exchanges: [exchange] });
    }
  };

  /** MI status frames heard before any exchange of their inverter: they join its first one. */
  const pendingStatus = new Map<number, CapturedAnswer[]>();
  const addMiAnswer = (
    address: number,
    mi: NonNullable<ReturnType<typeof miAnswerKind>>,
    answer: CapturedAnswer,
    radio: 'NRF24' | 'CMT',
  ) => {
    const current = open.get(address);
    if (mi.kind === 'status') {
      // Sent by the inverter on its own: handed on with the exchange it came in.
      if (current) current.exchange.answers.push(answer);
      else pendingStatus.set(address, [...(pendingStatus.get(address) ?? []), answer]);
      return;
    }
    const sameFrame = (a: CapturedAnswer) => a.bytes[0] === answer.bytes[0] && a.bytes[9] === answer.bytes[9];
    // An answer joins the request it answers (same inverter, same command). Without request lines (AhoyDTU)
    // each answer is an exchange of its own, but for the second frame of the two-frame info answer.
    const joins =
      current !== undefined &&
      current.exchange.key === mi.key &&
      (!current.implicit ||
        (isMiMultiFrameKey(mi.key) &&
          current.exchange.answers.some((a) => a.bytes[0] === answer.bytes[0]) &&
          !current.exchange.answers.some(sameFrame)));
    if (joins) {
      current.exchange.answers.push(answer);
      return;
    }
    const before = pendingStatus.get(address) ?? [];
    pendingStatus.delete(address);
    addExchange({ address, key: mi.key, line: answer.line, radio, answers: [...before, answer] }, true);
  };

  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const parsed = parseCaptureLine(lines[index]!, index + 1);
    if (parsed === null) continue;
    frameLines++;
    if (!parsed.ok) {
      problems.push(parsed.problem);
      continue;
    }
    const frame = parsed.frame;
    formats.add(frame.format);
    const bad =
      crc8Problem(frame) ?? (frame.direction === 'tx' ? requestCrc16Problem(frame.bytes) : undefined);
    if (bad) {
      problems.push({ line: frame.line, message: bad });
      continue;
    }
    const address = addressOf(frame.bytes);
    if (frame.direction === 'tx') {
      const before = pendingStatus.get(address) ?? [];
      pendingStatus.delete(address);
      addExchange(
        {
          address,
          key: requestKey(frame.bytes),
          line: frame.line,
          radio: radioOf(frame),
          dtuAddress: addressAt(frame.bytes, 5),
          answers: before,
        },
        false,
      );
      continue;
    }
    const answer: CapturedAnswer = {
      line: frame.line,
      bytes: frame.bytes,
      ...(frame.rssi === undefined ? {} : { rssi: frame.rssi }),
    };
    const mi = miAnswerKind(frame.bytes, open.get(address)?.exchange.key);
    if (mi !== undefined) {
      addMiAnswer(address, mi, answer, radioOf(frame));
      continue;
    }
    const current = open.get(address);
    const number = (frame.bytes[9] ?? 0) & 0x7f;
    const repeats = current?.exchange.answers.some((a) => ((a.bytes[9] ?? 0) & 0x7f) === number) ?? false;
    if (current && !(current.implicit && repeats)) {
      current.exchange.answers.push(answer);
      continue;
    }
    // No request line before this answer (AhoyDTU's tool logs answers only): it answered a run-data
    // request, the one such a tool sends every cycle. A fragment number seen again starts the next one.
    addExchange(
      {
        address,
        key: `data:${hex(REAL_TIME_RUN_DATA)}`,
        line: frame.line,
        radio: radioOf(frame),
        answers: [answer],
      },
      true,
    );
  }
  for (const address of [...transactions.keys()]) closeTransaction(address);

  const rejected = new Set<CapturedExchange>();
  for (const transaction of finished) {
    if (!checkTransaction(transaction, problems)) {
      for (const exchange of transaction.exchanges) rejected.add(exchange);
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return {
    // A rejected exchange stays in place with no answers: its request was made and met silence.
    exchanges: exchanges.map((exchange) =>
      rejected.has(exchange) ? { ...exchange, answers: [] } : exchange,
    ),
    problems,
    frameLines,
    formats: [...formats],
  };
}

/** The inverters a capture holds, as the 8 hex digits an owner finds at the end of the serial. */
export function captureAddresses(capture: Capture): string[] {
  return [...new Set(capture.exchanges.map((exchange) => formatAddress(exchange.address)))];
}
