/**
 * Reassembly of a fragmented answer as a pure state object: the engine feeds it
 * the frames received for one command and, each time an answer window ends, asks what to do next.
 * No timers here; the engine owns the windows (500/750/200/2000 ms, 100 ms per re-request).
 */
import { fail, ok, type ProtocolError, type Result } from './errors';
import { type Frame, parseFrame } from './frame';
import { type AddressFilter, hasValidCrc16, hex2, MAX_FRAGMENT_NUMBER, RESPONSE_FLAG } from './wire';

/** Whole-request resends when nothing at all arrived (1 send + 4 resends). */
export const MAX_RESENDS = 4;
/** Re-requests of missing fragments per command. */
export const MAX_REREQUESTS = 5;

export interface FragmentAssemblerOptions extends AddressFilter {
  /**
   * Expected response id (0x95 data, 0xD1 device-control ack); a request id is accepted too and gets
   * bit 7. When omitted, the first stored fragment fixes it (it must be a response).
   */
  command?: number;
  /** Verify the payload's CRC16 on completion. Default true. */
  checkCrc16?: boolean;
  maxResends?: number;
  maxReRequests?: number;
}

/** What happened to one received frame that was not an error. */
export type AcceptOutcome =
  /** Stored under its fragment number. */
  | 'stored'
  /** Same number and same bytes as a stored fragment: ignored. */
  | 'duplicate'
  /** The assembler already reached its decision; the frame is ignored. */
  | 'ignored';

export interface AssembledPayload {
  /** Fragments 1..n joined, CRC16 included (the "payload" of docs/protocol.md: offsets count from here). */
  payload: Uint8Array;
  /** The payload without its last two bytes (the CRC16). */
  payloadWithoutCrc: Uint8Array;
  /** n, the number of fragments. */
  fragments: number;
  /** Response command id of the fragments (0x95, 0xD1). */
  command: number;
}

export type WindowDecision =
  | ({ action: 'complete' } & AssembledPayload)
  /** Nothing stored: send the whole request again. `attempt` counts resends from 1. */
  | { action: 'resend'; attempt: number }
  /** Send a re-request for `fragment` (buildReRequest). `attempt` counts re-requests from 1. */
  | { action: 'rerequest'; fragment: number; attempt: number }
  | { action: 'fail'; failure: FailureKind; error: ProtocolError };

/**
 * Which radio statistic a failure counts towards: nothing → rx_fail_nothing,
 * partial → rx_fail_partial, corrupt → rx_fail_corrupt.
 */
export type FailureKind = 'nothing' | 'partial' | 'corrupt';

export interface AssemblerCounters {
  stored: number;
  duplicates: number;
  /** Same fragment number with different bytes; the fragment was dropped and counts as missing. */
  corrupt: number;
  badCrc8: number;
  /** Frames of this inverter whose bytes 5..8 name a third address: answers to another DTU, not used. */
  otherDtu: number;
  /** Frames refused for any other reason (short, wrong address or command, bad fragment number…). */
  rejected: number;
}

interface StoredFragment {
  last: boolean;
  data: Uint8Array;
}

/**
 * Collects the fragments of one answer. Call `accept` for every received frame and `endWindow` when an
 * answer window ends. `endWindow` counts the resends and re-requests it asks for and fails the command
 * once MAX_RESENDS / MAX_REREQUESTS are used up. After 'complete' or 'fail' it keeps returning that decision.
 */
export class FragmentAssembler {
  readonly #filter: AddressFilter;
  readonly #checkCrc16: boolean;
  readonly #maxResends: number;
  readonly #maxReRequests: number;
  #command: number | undefined;
  readonly #fragments = new Map<number, StoredFragment>();
  #resends = 0;
  #reRequests = 0;
  #decision: WindowDecision | undefined;
  readonly #counters: AssemblerCounters = {
    stored: 0,
    duplicates: 0,
    corrupt: 0,
    badCrc8: 0,
    otherDtu: 0,
    rejected: 0,
  };

  constructor(options: FragmentAssemblerOptions = {}) {
    this.#filter = { inverter: options.inverter, dtu: options.dtu };
    this.#checkCrc16 = options.checkCrc16 ?? true;
    this.#maxResends = options.maxResends ?? MAX_RESENDS;
    this.#maxReRequests = options.maxReRequests ?? MAX_REREQUESTS;
    this.#command = options.command === undefined ? undefined : options.command | RESPONSE_FLAG;
  }

  get resends(): number {
    return this.#resends;
  }

  get reRequests(): number {
    return this.#reRequests;
  }

  /** Stored fragment numbers, ascending. */
  get received(): number[] {
    return [...this.#fragments.keys()].sort((a, b) => a - b);
  }

  /** n, once the fragment with bit 7 set is stored. */
  get lastFragment(): number | undefined {
    for (const [number, fragment] of this.#fragments) if (fragment.last) return number;
    return undefined;
  }

  get counters(): Readonly<AssemblerCounters> {
    return { ...this.#counters };
  }

  /** True once endWindow returned 'complete' or 'fail'. */
  get finished(): boolean {
    return this.#decision !== undefined;
  }

  /** Takes one received frame. Errors are typed and the frame is not stored; never throws. */
  accept(bytes: Uint8Array): Result<AcceptOutcome> {
    if (this.#decision) return ok('ignored');
    const parsed = parseFrame(bytes, this.#filter);
    if (!parsed.ok) {
      if (parsed.error.code === 'bad-crc8') this.#counters.badCrc8++;
      else if (parsed.error.code === 'other-dtu') this.#counters.otherDtu++;
      else this.#counters.rejected++;
      return parsed;
    }
    const result = this.#store(parsed.value);
    if (!result.ok && result.error.code !== 'corrupt-fragment') this.#counters.rejected++;
    return result;
  }

  #store(frame: Frame): Result<AcceptOutcome> {
    if (!frame.isResponse) return fail('unexpected-command', `${hex2(frame.command)} is not a response`);
    if (this.#command !== undefined && frame.command !== this.#command) {
      return fail('unexpected-command', `command ${hex2(frame.command)}, ${hex2(this.#command)} expected`);
    }
    const number = frame.fragment;
    if (number < 1 || number > MAX_FRAGMENT_NUMBER) {
      return fail('bad-fragment-number', `fragment number ${number}, 1..${MAX_FRAGMENT_NUMBER} expected`);
    }
    const existing = this.#fragments.get(number);
    if (existing) {
      if (existing.last === frame.last && sameBytes(existing.data, frame.data)) {
        this.#counters.duplicates++;
        return ok('duplicate');
      }
      // Two different copies: neither can be trusted, so the number becomes missing and is re-requested.
      this.#fragments.delete(number);
      this.#counters.corrupt++;
      return fail('corrupt-fragment', `fragment ${number} arrived twice with different bytes`);
    }
    const last = this.lastFragment;
    if (last !== undefined && number > last) {
      this.#counters.corrupt++;
      return fail('corrupt-fragment', `fragment ${number} beyond the last fragment ${last}`);
    }
    if (frame.last && this.received.some((n) => n > number)) {
      this.#counters.corrupt++;
      return fail('corrupt-fragment', `last fragment ${number} below a stored fragment`);
    }
    this.#command ??= frame.command;
    this.#fragments.set(number, { last: frame.last, data: frame.data });
    this.#counters.stored++;
    return ok('stored');
  }

  /** The answer window ended: decide what to do (docs/protocol.md table). */
  endWindow(): WindowDecision {
    if (this.#decision) return this.#decision;
    if (this.#fragments.size === 0) {
      if (this.#resends >= this.#maxResends) {
        return this.#finish(failure('nothing', 'no-response', 'no fragment after all resends'));
      }
      this.#resends++;
      return { action: 'resend', attempt: this.#resends };
    }
    const missing = this.#nextMissing();
    if (missing === 'none') return this.#finish(this.#complete());
    if (missing > MAX_FRAGMENT_NUMBER) {
      return this.#finish(
        failure('corrupt', 'corrupt-fragment', `no last fragment among ${MAX_FRAGMENT_NUMBER}`),
      );
    }
    if (this.#reRequests >= this.#maxReRequests) {
      const message = `fragment ${missing} still missing after ${this.#reRequests} re-requests`;
      return this.#finish(failure('partial', 'missing-fragment', message));
    }
    this.#reRequests++;
    return { action: 'rerequest', fragment: missing, attempt: this.#reRequests };
  }

  /** Last fragment missing → highest received + 1; otherwise the lowest missing; 'none' when complete. */
  #nextMissing(): number | 'none' {
    const last = this.lastFragment;
    const received = this.received;
    if (last === undefined) return (received[received.length - 1] ?? 0) + 1;
    for (let number = 1; number <= last; number++) if (!this.#fragments.has(number)) return number;
    return 'none';
  }

  #complete(): WindowDecision {
    const parts = this.received.map((n) => this.#fragments.get(n)!.data);
    const payload = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
    let offset = 0;
    for (const part of parts) {
      payload.set(part, offset);
      offset += part.length;
    }
    if (this.#checkCrc16) {
      if (payload.length < 2) {
        return failure('corrupt', 'truncated-payload', `payload of ${payload.length} bytes`);
      }
      if (!hasValidCrc16(payload)) return failure('corrupt', 'bad-crc16', 'payload CRC16 mismatch');
    }
    return {
      action: 'complete',
      payload,
      payloadWithoutCrc: payload.subarray(0, Math.max(0, payload.length - 2)),
      fragments: parts.length,
      command: this.#command!,
    };
  }

  #finish(decision: WindowDecision): WindowDecision {
    this.#decision = decision;
    return decision;
  }
}

function failure(kind: FailureKind, code: ProtocolError['code'], message: string): WindowDecision {
  return { action: 'fail', failure: kind, error: { code, message } };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * One-shot reassembly of a complete set of frames (tests, captures, the simulator's self-checks): every
 * frame must be valid and fragments 1..n present. Never throws.
 */
export function reassemble(
  frames: Uint8Array[],
  options: FragmentAssemblerOptions = {},
): Result<AssembledPayload> {
  const assembler = new FragmentAssembler({ ...options, maxResends: 0, maxReRequests: 0 });
  for (const frame of frames) {
    const accepted = assembler.accept(frame);
    if (!accepted.ok) return accepted;
  }
  const decision = assembler.endWindow();
  if (decision.action === 'complete') {
    const { payload, payloadWithoutCrc, fragments, command } = decision;
    return ok({ payload, payloadWithoutCrc, fragments, command });
  }
  if (decision.action === 'fail') return { ok: false, error: decision.error };
  return fail('missing-fragment', 'fragments missing');
}
