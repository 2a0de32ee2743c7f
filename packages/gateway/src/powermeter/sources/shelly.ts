/**
 * Shelly Gen2/Gen3 energy meters (docs/meter.md). The status call is `EM.GetStatus` (Pro 3EM, 3EM Gen3:
 * `total_act_power`, phases `a_`/`b_`/`c_act_power`) or `EM1.GetStatus` (Pro EM, EM Gen3: `act_power`).
 * With notifications on, the source opens the device's WebSocket (`ws://<host>/rpc`), asks the status
 * once (a request with a `src` is what makes the device send NotifyStatus to this socket) and then takes
 * the pushed changes, overlaid on the last full status. When the device sends nothing for a polling
 * interval it is asked again over the socket. Without the socket (refused, closed, auth failed) it polls
 * over HTTP and tries the socket again a minute later.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '@dtu-console/clock';
import { PowerMeterLimits } from '@dtu-console/contract';
import WebSocket from 'ws';
import { type DigestChallenge, digestResponse } from '../http-digest-auth';
import { fetchJson } from '../http-json';
import { MeterError, problemOf } from '../problems';
import type { MeterReading } from '../types';
import {
  type MeterSource,
  PollingSource,
  type PowerMeterSection,
  readingNow,
  type SourceSink,
} from './source';

type ShellySection = PowerMeterSection['shelly'];

/** Shelly's fixed user name for its digest auth. */
export const SHELLY_USER = 'admin';
/** After the socket failed: poll over HTTP for this long, then try the socket again. */
export const SOCKET_RETRY_MS = 60_000;

const METHOD = { em: 'EM.GetStatus', em1: 'EM1.GetStatus' } as const;

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Power (and phases) of an EM or EM1 status object. */
export function shellyPower(
  kind: ShellySection['kind'],
  status: unknown,
): { powerW: number; phasesW?: number[] } {
  const s = (typeof status === 'object' && status !== null ? status : {}) as Record<string, unknown>;
  if (kind === 'em') {
    if (!finite(s.total_act_power)) throw new MeterError('json-path', 'JSON path not found: total_act_power');
    const phases = [s.a_act_power, s.b_act_power, s.c_act_power];
    return { powerW: s.total_act_power, ...(phases.every(finite) ? { phasesW: phases } : {}) };
  }
  if (!finite(s.act_power)) throw new MeterError('json-path', 'JSON path not found: act_power');
  return { powerW: s.act_power };
}

export function shellyStatusUrl(section: ShellySection): string {
  return `http://${section.hostname}/rpc/${METHOD[section.kind]}?id=${section.channel}`;
}

interface RpcFrame {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: unknown;
  error?: { code?: number; message?: string };
}

export class ShellySource implements MeterSource {
  readonly #section: ShellySection;
  readonly #clock: Clock;
  readonly #polling: PollingSource;
  readonly #src = `dtu-console-${randomBytes(4).toString('hex')}`;
  #sink: SourceSink | undefined;
  #socket: WebSocket | undefined;
  #polls = false;
  #status: Record<string, unknown> = {};
  #lastAt = 0;
  #nextId = 1;
  #authTried = false;
  #timers: NodeJS.Timeout[] = [];
  #running = false;

  constructor(section: ShellySection, clock: Clock) {
    this.#section = section;
    this.#clock = clock;
    this.#polling = new PollingSource({
      where: section.hostname,
      intervalMs: section.polling_interval * 1000,
      read: () => this.#readHttp(),
    });
  }

  start(sink: SourceSink): void {
    this.#sink = sink;
    this.#running = true;
    if (this.#section.notifications) this.#openSocket();
    else this.#startPolling();
  }

  async stop(): Promise<void> {
    this.#running = false;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#socket?.terminate();
    this.#socket = undefined;
    if (this.#polls) await this.#polling.stop();
  }

  /** Whether readings currently come over the WebSocket (for status and tests). */
  get pushed(): boolean {
    return this.#socket?.readyState === WebSocket.OPEN;
  }

  async #readHttp(): Promise<MeterReading> {
    const { password } = this.#section;
    const json = await fetchJson({
      url: shellyStatusUrl(this.#section),
      timeoutMs: PowerMeterLimits.timeoutDefault,
      ...(password === '' ? {} : { auth: { type: 'digest', username: SHELLY_USER, password } }),
    });
    const { powerW, phasesW } = shellyPower(this.#section.kind, json);
    return readingNow(this.#clock, powerW, phasesW);
  }

  #startPolling(): void {
    if (this.#polls || !this.#running || !this.#sink) return;
    this.#polls = true;
    this.#polling.start(this.#sink);
  }

  #later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.#timers = this.#timers.filter((t) => t !== timer);
      fn();
    }, ms);
    this.#timers.push(timer);
  }

  #openSocket(): void {
    if (!this.#running) return;
    const socket = new WebSocket(`ws://${this.#section.hostname}/rpc`, {
      handshakeTimeout: PowerMeterLimits.timeoutDefault,
    });
    this.#socket = socket;
    this.#authTried = false;
    socket.on('open', () => this.#ask());
    socket.on('message', (data) => this.#onFrame(String(data)));
    socket.on('error', (error) => {
      if (this.#socket === socket && !this.#polls)
        this.#sink?.problem(problemOf(error, this.#section.hostname));
    });
    socket.on('close', () => {
      if (this.#socket !== socket || !this.#running) return;
      this.#socket = undefined;
      this.#fallBack();
    });
    const intervalMs = this.#section.polling_interval * 1000;
    const watch = () => {
      if (this.#socket !== socket || !this.#running) return;
      // The device pushes only changes: ask again when it has been quiet for a polling interval, and wake
      // up next when the interval since the last reading runs out.
      const quietMs = this.#clock.now() - this.#lastAt;
      if (socket.readyState === WebSocket.OPEN && quietMs >= intervalMs) {
        this.#ask();
        this.#later(intervalMs, watch);
      } else {
        this.#later(Math.max(50, intervalMs - quietMs), watch);
      }
    };
    this.#later(intervalMs, watch);
  }

  /** Polls over HTTP, and tries the socket again later. */
  #fallBack(): void {
    this.#socket?.terminate();
    this.#socket = undefined;
    this.#startPolling();
    this.#later(SOCKET_RETRY_MS, () => {
      if (!this.#running) return;
      void this.#polling.stop().then(() => {
        this.#polls = false;
        this.#openSocket();
      });
    });
  }

  #ask(auth?: Record<string, unknown>): void {
    const frame = {
      id: this.#nextId++,
      src: this.#src,
      method: METHOD[this.#section.kind],
      params: { id: this.#section.channel },
      ...(auth ? { auth } : {}),
    };
    this.#socket?.send(JSON.stringify(frame));
  }

  #onFrame(text: string): void {
    let frame: RpcFrame;
    try {
      frame = JSON.parse(text) as RpcFrame;
    } catch {
      return;
    }
    if (frame.error) {
      this.#onError(frame.error);
      return;
    }
    if (frame.result !== undefined && frame.id !== undefined) {
      this.#status = { ...(frame.result as Record<string, unknown>) };
      this.#emit();
      return;
    }
    if (frame.method === 'NotifyStatus' || frame.method === 'NotifyFullStatus') {
      const change = frame.params?.[`${this.#section.kind}:${this.#section.channel}`];
      if (typeof change !== 'object' || change === null) return;
      this.#status = { ...this.#status, ...(change as Record<string, unknown>) };
      this.#emit();
    }
  }

  #emit(): void {
    try {
      const { powerW, phasesW } = shellyPower(this.#section.kind, this.#status);
      this.#lastAt = this.#clock.now();
      this.#sink?.reading(readingNow(this.#clock, powerW, phasesW));
    } catch (error) {
      this.#sink?.problem(problemOf(error, this.#section.hostname));
    }
  }

  #onError(error: NonNullable<RpcFrame['error']>): void {
    if (error.code === 401) {
      const challenge = this.#challengeOf(error.message);
      if (challenge && this.#section.password !== '' && !this.#authTried) {
        this.#authTried = true;
        this.#ask(this.#authObject(challenge.challenge, challenge.nc));
        return;
      }
      this.#sink?.problem({ code: 'auth', detail: `${this.#section.hostname} refused the password` });
      this.#fallBack();
      return;
    }
    this.#sink?.problem({
      code: 'rpc-error',
      detail: `${this.#section.hostname}: ${error.message ?? 'RPC error'} (${error.code ?? '?'})`,
    });
  }

  /** The device's 401 carries its challenge as JSON text in `message`. */
  #challengeOf(message: string | undefined): { challenge: DigestChallenge; nc: number } | undefined {
    try {
      const m = JSON.parse(message ?? '') as Record<string, unknown>;
      if (typeof m.realm !== 'string' || (typeof m.nonce !== 'number' && typeof m.nonce !== 'string'))
        return undefined;
      const algorithm = m.algorithm === 'MD5' ? 'MD5' : 'SHA-256';
      const nc = typeof m.nc === 'number' ? m.nc : 1;
      return { challenge: { realm: m.realm, nonce: String(m.nonce), qop: 'auth', algorithm }, nc };
    } catch {
      return undefined;
    }
  }

  /**
   * Shelly's WebSocket auth: the digest of RFC 7616 over the fixed "dummy_method:dummy_uri", with the nonce
   * count written in decimal (the device's own variant), sent as an `auth` object in the request.
   */
  #authObject(challenge: DigestChallenge, nc: number): Record<string, unknown> {
    const cnonce = randomBytes(8).readUInt32BE(0);
    const response = digestResponse(challenge, {
      username: SHELLY_USER,
      password: this.#section.password,
      method: 'dummy_method',
      uri: 'dummy_uri',
      nc,
      cnonce: String(cnonce),
      ncDecimal: true,
    });
    return {
      realm: challenge.realm,
      username: SHELLY_USER,
      nonce: Number(challenge.nonce),
      cnonce,
      response,
      algorithm: challenge.algorithm,
    };
  }
}
