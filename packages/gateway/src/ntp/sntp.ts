/**
 * A minimal SNTP client (unicast, one request per query) so /api/ntp/status can say whether the
 * configured time server answers. An answer also sets the gateway's own clock offset; the host clock is
 * never touched.
 */
import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import type { Logger } from '../system/logger';

export const NTP_PORT = 123;
export const SNTP_TIMEOUT_MS = 2500;
/** Seconds from 1900-01-01 (NTP era 0) to 1970-01-01. */
const NTP_UNIX_OFFSET_S = 2_208_988_800;
const PACKET_LENGTH = 48;
const VERSION = 4;
const MODE_CLIENT = 3;
const MODE_SERVER = 4;
const MODE_BROADCAST = 5;
/** Leap indicator 3: the server's own clock is not synchronised. */
const LI_ALARM = 3;

export interface NtpTarget {
  host: string;
  port: number;
}

/**
 * `ntp_server` as host, optionally with a port: "pool.ntp.org", "10.0.0.1:1123", "[fd00::1]:123". The
 * port form is our addition (the firmware always uses 123); it lets a test or a lab point at a local
 * server without privileges.
 */
export function parseNtpServer(text: string): NtpTarget {
  const trimmed = text.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
  if (bracketed) return { host: bracketed[1] ?? '', port: portOr(bracketed[2]) };
  const hostPort = /^([^:]+):(\d+)$/.exec(trimmed);
  if (hostPort) return { host: hostPort[1] ?? '', port: portOr(hostPort[2]) };
  return { host: trimmed, port: NTP_PORT };
}

function portOr(text: string | undefined): number {
  const port = Number(text);
  return Number.isInteger(port) && port >= 1 && port <= 65535 ? port : NTP_PORT;
}

/** 64-bit NTP timestamp → ms since the UNIX epoch; era 1 (from 2036) when the top bit is clear. */
export function ntpToUnixMs(seconds: number, fraction: number): number {
  const era0 = (seconds & 0x80000000) !== 0;
  const unixSeconds = seconds - NTP_UNIX_OFFSET_S + (era0 ? 0 : 2 ** 32);
  return unixSeconds * 1000 + (fraction / 2 ** 32) * 1000;
}

export function unixMsToNtp(ms: number): { seconds: number; fraction: number } {
  const total = ms / 1000 + NTP_UNIX_OFFSET_S;
  const whole = Math.floor(total);
  return { seconds: whole % 2 ** 32, fraction: Math.floor((total - whole) * 2 ** 32) % 2 ** 32 };
}

/** The client request: LI 0, VN 4, mode 3, and our send time as transmit timestamp. */
export function buildSntpRequest(sendMs: number): Buffer {
  const packet = Buffer.alloc(PACKET_LENGTH);
  packet[0] = (VERSION << 3) | MODE_CLIENT;
  const { seconds, fraction } = unixMsToNtp(sendMs);
  packet.writeUInt32BE(seconds, 40);
  packet.writeUInt32BE(fraction, 44);
  return packet;
}

export interface SntpAnswer {
  /** Server time at the moment the answer arrived, in UNIX ms. */
  serverTimeMs: number;
  /** Server minus host clock, ms. */
  offsetMs: number;
  roundTripMs: number;
  stratum: number;
}

/**
 * Checks a reply against our request (mode, stratum, leap indicator, our transmit time echoed) and
 * computes offset and delay; a string is the reason.
 */
export function readSntpReply(
  reply: Buffer,
  request: Buffer,
  sendMs: number,
  receiveMs: number,
): SntpAnswer | string {
  if (reply.length < PACKET_LENGTH) return 'short reply';
  const first = reply[0] ?? 0;
  const leap = first >> 6;
  const mode = first & 0x07;
  const stratum = reply[1] ?? 0;
  if (mode !== MODE_SERVER && mode !== MODE_BROADCAST) return `unexpected mode ${mode}`;
  if (stratum === 0) return `kiss-o'-death ${reply.subarray(12, 16).toString('latin1')}`;
  if (stratum > 15) return `unusable stratum ${stratum}`;
  if (leap === LI_ALARM) return 'server clock not synchronised';
  // The server copies our transmit timestamp into "originate": anything else answers someone else.
  if (!reply.subarray(24, 32).equals(request.subarray(40, 48))) return 'originate timestamp mismatch';
  const transmitSeconds = reply.readUInt32BE(40);
  const transmitFraction = reply.readUInt32BE(44);
  if (transmitSeconds === 0 && transmitFraction === 0) return 'no transmit timestamp';
  const t2 = ntpToUnixMs(reply.readUInt32BE(32), reply.readUInt32BE(36));
  const t3 = ntpToUnixMs(transmitSeconds, transmitFraction);
  const offsetMs = (t2 - sendMs + (t3 - receiveMs)) / 2;
  return {
    serverTimeMs: receiveMs + offsetMs,
    offsetMs,
    roundTripMs: Math.max(0, receiveMs - sendMs - (t3 - t2)),
    stratum,
  };
}

export interface SntpQueryOptions {
  timeoutMs?: number;
  /** The host clock (for T1/T4), injectable for tests. */
  hostNow?: () => number;
}

/** One request, one answer; rejects with an Error on timeout, a send error or an unusable reply. */
export function querySntp(target: NtpTarget, options: SntpQueryOptions = {}): Promise<SntpAnswer> {
  const hostNow = options.hostNow ?? Date.now;
  const timeoutMs = options.timeoutMs ?? SNTP_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const socket: Socket = createSocket(isIPv6(target.host) ? 'udp6' : 'udp4');
    let done = false;
    let request: Buffer = Buffer.alloc(0);
    let sendMs = 0;
    const finish = (error: Error | undefined, answer?: SntpAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.close();
      if (answer) resolve(answer);
      else reject(error ?? new Error('no answer'));
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('error', (error) => finish(error));
    socket.on('message', (message) => {
      const answer = readSntpReply(message, request, sendMs, hostNow());
      // A stray or bad datagram is not the end: the real answer may still come before the timeout.
      if (typeof answer !== 'string') finish(undefined, answer);
      else if (message.length >= PACKET_LENGTH && message.subarray(24, 32).equals(request.subarray(40, 48))) {
        finish(new Error(answer));
      }
    });
    sendMs = hostNow();
    request = buildSntpRequest(sendMs);
    // The host name is resolved by dgram's lookup; a failure arrives as the send callback's error.
    socket.send(request, target.port, target.host, (error) => {
      if (error) finish(error);
    });
  });
}

export type SntpStatus = 'idle' | 'querying' | 'answered' | 'failed';

export interface SntpState {
  status: SntpStatus;
  server: string;
  /** UNIX ms (host clock) of the last answer from the current server. */
  lastAnswerAt?: number;
  lastError?: string;
  lastAnswer?: SntpAnswer;
}

export interface SntpClientOptions {
  /** The configured `ntp_server`, read at every query. */
  server: () => string;
  /** Called with the server's time when it answers (the gateway clock adopts it). */
  onTime?: (epochMs: number) => void;
  log?: Logger;
  timeoutMs?: number;
  /** Re-sync period after an answer (the ESP-IDF SNTP default is one hour). */
  resyncMs?: number;
  /** Retry period while the server does not answer. */
  retryMs?: number;
  hostNow?: () => number;
}

/**
 * Keeps asking the configured server in the background: at start, after every config change and
 * periodically. Request handlers only read `state()`; they never wait for the network.
 */
export class SntpClient {
  readonly name = 'sntp';
  readonly #options: SntpClientOptions;
  #state: SntpState;
  #running: Promise<void> | undefined;
  #queued: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = true;
  #manual = false;

  constructor(options: SntpClientOptions) {
    this.#options = options;
    this.#state = { status: 'idle', server: options.server() };
  }

  start(): void {
    this.#stopped = false;
    void this.sync();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  state(): SntpState {
    return { ...this.#state };
  }

  /** A manual time set counts as synchronised, like an answer. */
  noteManualSet(): void {
    this.#manual = true;
  }

  /** The clock was set by an answer of the current server or by hand during this run. */
  isSynchronised(): boolean {
    return this.#manual || this.#state.lastAnswerAt !== undefined;
  }

  /** The server setting changed: forget the old server's answer and ask the new one now. */
  reconfigure(): Promise<void> {
    const server = this.#options.server();
    if (server !== this.#state.server) this.#state = { status: 'idle', server };
    return this.sync();
  }

  /** Queries now, or right after the query already running; resolves when that query is done. */
  sync(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (!this.#running) return this.#run();
    this.#queued ??= this.#running.then(() => {
      this.#queued = undefined;
      return this.#run();
    });
    return this.#queued;
  }

  #run(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    clearTimeout(this.#timer);
    const run: Promise<void> = this.#query().finally(() => {
      if (this.#running === run) this.#running = undefined;
      // A queued query reschedules when it ends.
      if (!this.#queued) this.#schedule();
    });
    this.#running = run;
    return run;
  }

  async #query(): Promise<void> {
    const server = this.#options.server();
    if (server !== this.#state.server) this.#state = { status: 'idle', server };
    this.#state = { ...this.#state, status: 'querying' };
    try {
      const answer = await querySntp(parseNtpServer(server), {
        ...(this.#options.timeoutMs === undefined ? {} : { timeoutMs: this.#options.timeoutMs }),
        ...(this.#options.hostNow === undefined ? {} : { hostNow: this.#options.hostNow }),
      });
      if (this.#stopped || server !== this.#options.server()) return;
      this.#state = {
        status: 'answered',
        server,
        lastAnswerAt: (this.#options.hostNow ?? Date.now)(),
        lastAnswer: answer,
      };
      this.#options.onTime?.(answer.serverTimeMs);
      this.#options.log?.debug({ server, offsetMs: answer.offsetMs }, 'NTP server answered');
    } catch (error) {
      const reason = (error as Error).message;
      // An earlier answer of the same server keeps the clock valid; only the status of this try changes.
      this.#state = { ...this.#state, status: 'failed', lastError: reason };
      this.#options.log?.warn({ server, reason }, 'NTP server did not answer');
    }
  }

  #schedule(): void {
    if (this.#stopped) return;
    const answered = this.#state.status === 'answered';
    const delay = answered ? (this.#options.resyncMs ?? 3_600_000) : (this.#options.retryMs ?? 30_000);
    this.#timer = setTimeout(() => void this.sync(), delay);
    this.#timer.unref();
  }
}
