/**
 * One request → answer exchange over the radio: send, listen for the answer
 * window, then let the FragmentAssembler decide — resend the whole request (nothing arrived), re-request a
 * missing fragment (100 ms window), complete, or fail. Every wait is in gateway-clock time, and a radio
 * that does not answer its promise in time counts as silence, so a transaction always ends.
 */
import type { Clock } from '@dtu-console/clock';
import {
  buildReRequest,
  type Endpoint,
  type FailureKind,
  FragmentAssembler,
  type ProtocolError,
  type RadioKind,
  type Result,
} from '@dtu-console/hoymiles';
import type { Radio } from '@dtu-console/radio/radio';
import type { RadioStatistics } from './radio-stats';
import { elapsedMs } from './time';

/** Answer windows in ms. */
export const AnswerWindowMs = {
  runData: 500,
  gridProfile: 500,
  eventLog: 750,
  deviceInfo: 200,
  systemConfig: 200,
  deviceControl: 2000,
  reRequest: 100,
  channelChange: 10,
} as const;

/** Extra time a radio gets beyond the answer window before its transmit counts as silence. */
export const RADIO_GRACE_MS = 1000;

export interface TransactionRequest<T> {
  radio: RadioKind;
  /** The request frame; resends repeat it unchanged. */
  frame: Uint8Array;
  /** CMT only; default: the radio's working frequency. */
  frequencyHz?: number;
  windowMs: number;
  /** Expected response command (0x95 data, 0xD1 device-control ack). */
  responseCommand: number;
  inverter: Endpoint;
  dtu: Endpoint;
  /**
   * Type-specific check of the joined payload (CRC16 already verified). A failure here is a corrupt answer
   * (rx_fail_corrupt), e.g. run data shorter than the family needs.
   */
  decode(payload: Uint8Array): Result<T>;
}

export type TransactionResult<T> =
  | { ok: true; value: T; payload: Uint8Array }
  | { ok: false; failure: FailureKind | 'cancelled'; error?: ProtocolError };

export interface TransactionDeps {
  radio: Radio;
  clock: Clock;
  /** The inverter's counters; omitted for exchanges that are not counted. */
  stats?: RadioStatistics;
  /** Stops between windows (engine stopped, inverter removed); nothing more is counted then. */
  signal?: AbortSignal;
}

/** Frames a radio may tag with the signal strength they were received at (dBm). */
type MaybeRssiFrame = Uint8Array & { rssi?: unknown };

function rssiOf(frame: Uint8Array): number | undefined {
  const rssi = (frame as MaybeRssiFrame).rssi;
  return typeof rssi === 'number' && Number.isFinite(rssi) ? rssi : undefined;
}

/** transmit() bounded in clock time; a rejection or a hang is silence (the interface promises neither). */
export async function transmitBounded(
  deps: Pick<TransactionDeps, 'radio' | 'clock'>,
  request: { radio: RadioKind; frame: Uint8Array; frequencyHz?: number; windowMs: number },
): Promise<Uint8Array[]> {
  let cancel: () => void = () => {};
  const timeout = new Promise<Uint8Array[]>((resolve) => {
    cancel = deps.clock.setTimer(request.windowMs + RADIO_GRACE_MS, () => resolve([]));
  });
  const transmitted = Promise.resolve()
    .then(() =>
      deps.radio.transmit({
        radio: request.radio,
        frame: request.frame,
        windowMs: request.windowMs,
        ...(request.frequencyHz === undefined ? {} : { frequencyHz: request.frequencyHz }),
      }),
    )
    .catch(() => [] as Uint8Array[]);
  const started = deps.clock.now();
  let frames: Uint8Array[];
  try {
    frames = await Promise.race([transmitted, timeout]);
  } finally {
    cancel();
  }
  // The answer is evaluated when the window ends, not when the last fragment arrived: a radio
  // that hands over its frames early (the simulator) still occupies the air for the whole window.
  const remaining = request.windowMs - elapsedMs(deps.clock.now(), started);
  if (remaining > 0) await deps.clock.sleep(remaining);
  return frames;
}

export async function runTransaction<T>(
  deps: TransactionDeps,
  request: TransactionRequest<T>,
): Promise<TransactionResult<T>> {
  const { stats, signal } = deps;
  const assembler = new FragmentAssembler({
    inverter: request.inverter,
    dtu: request.dtu,
    command: request.responseCommand,
  });
  stats?.request();
  let frame = request.frame;
  let windowMs = request.windowMs;
  for (;;) {
    if (signal?.aborted) return { ok: false, failure: 'cancelled' };
    const frames = await transmitBounded(deps, {
      radio: request.radio,
      frame,
      windowMs,
      ...(request.frequencyHz === undefined ? {} : { frequencyHz: request.frequencyHz }),
    });
    if (signal?.aborted) return { ok: false, failure: 'cancelled' };
    for (const received of frames) {
      const accepted = assembler.accept(received);
      if (!accepted.ok && accepted.error.code === 'other-dtu') stats?.otherDtu();
      const rssi = rssiOf(received);
      // Only frames of this exchange say anything about this inverter's link.
      if (rssi !== undefined && accepted.ok) stats?.rssi(rssi);
    }
    const decision = assembler.endWindow();
    switch (decision.action) {
      case 'resend':
        frame = request.frame;
        windowMs = request.windowMs;
        break;
      case 'rerequest':
        stats?.reRequest();
        frame = buildReRequest({ inverter: request.inverter, dtu: request.dtu, fragment: decision.fragment });
        windowMs = AnswerWindowMs.reRequest;
        break;
      case 'fail':
        stats?.result(decision.failure);
        return { ok: false, failure: decision.failure, error: decision.error };
      case 'complete': {
        const decoded = request.decode(decision.payload);
        if (!decoded.ok) {
          stats?.result('corrupt');
          return { ok: false, failure: 'corrupt', error: decoded.error };
        }
        stats?.result('success');
        return { ok: true, value: decoded.value, payload: decision.payload };
      }
    }
  }
}
