/**
 * One TCP connection to one Wi-Fi device, one request at a time: frame, send, wait for the reply with the
 * same sequence, open and decode it. Anything wrong with what comes back (garbage, a bad CRC, a length
 * past the buffer, an unknown tag, a body that does not decrypt or decode, silence) ends the connection;
 * the next request opens a new one. Timers run on the gateway clock, so tests drive time by hand.
 */
import { createConnection, type Socket } from 'node:net';
import type { Clock } from '@dtu-console/clock';
import type { WifiProblem } from '@dtu-console/contract';
import type { DescMessage, FrameReader, MessageShape, WifiFrame } from '@dtu-console/hoymiles-wifi';
import { decodeMessage, encodeMessage, isReplyTag, replyTagOf, WifiCodec } from '@dtu-console/hoymiles-wifi';

/** Every way a request can fail, each counted separately in the device status. */
export type WifiFailureKind = Exclude<WifiProblem, 'no-key'>;

export class WifiRequestError extends Error {
  readonly kind: WifiFailureKind;
  constructor(kind: WifiFailureKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

/** Failures that are bytes the device sent (counted as bad input), not a missing device. */
export const GARBAGE_KINDS: ReadonlySet<WifiFailureKind> = new Set([
  'bad-magic',
  'bad-length',
  'bad-crc',
  'too-short',
  'unknown-tag',
  'wrong-reply',
  'decrypt',
  'decode',
]);

export interface WifiConnectionOptions {
  host: string;
  port: number;
  clock: Clock;
  /** How long a connect or an answer may take, ms. */
  timeoutMs?: number;
  /** The device's enc_rand once known; null while it is not known or the device does not encrypt. */
  encRand(): Uint8Array | null;
}

const DEFAULT_TIMEOUT_MS = 10_000;

interface Pending {
  sequence: number;
  replyTag: number;
  resolve(frame: WifiFrame): void;
  reject(error: WifiRequestError): void;
}

export class WifiConnection {
  readonly #options: WifiConnectionOptions;
  readonly #codec: WifiCodec;
  #socket: Socket | null = null;
  #reader: FrameReader | null = null;
  #connecting: Promise<Socket> | null = null;
  #pending: Pending | null = null;
  #sequence = 0;
  #queue: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(options: WifiConnectionOptions) {
    this.#options = options;
    this.#codec = new WifiCodec({ encRand: options.encRand });
  }

  /** Sends one request and resolves with the decoded reply; requests queue behind each other. */
  request<Req extends DescMessage, Rep extends DescMessage>(
    tag: number,
    requestSchema: Req,
    request: MessageShape<Req>,
    replySchema: Rep,
  ): Promise<MessageShape<Rep>> {
    const run = this.#queue.then(() =>
      this.#exchange(tag, encodeMessage(requestSchema, request), replySchema),
    );
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every request asked for so far has finished (tests, orderly shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      const queue = this.#queue;
      await queue;
      if (queue === this.#queue) return;
    }
  }

  /** Ends the connection; a request after this opens a new one unless `close(true)` was final. */
  close(final = false): void {
    if (final) this.#closed = true;
    this.#reset(new WifiRequestError('closed', 'connection closed by the gateway'));
  }

  async #exchange<Rep extends DescMessage>(
    tag: number,
    body: Uint8Array,
    replySchema: Rep,
  ): Promise<MessageShape<Rep>> {
    if (this.#closed) throw new WifiRequestError('closed', 'connection closed by the gateway');
    const socket = await this.#connect();
    this.#sequence = (this.#sequence + 1) & 0xffff;
    const sequence = this.#sequence;
    const frame = await new Promise<WifiFrame>((resolve, reject) => {
      const cancel = this.#options.clock.setTimer(this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS, () =>
        this.#reset(new WifiRequestError('timeout', 'the device did not answer in time')),
      );
      this.#pending = {
        sequence,
        replyTag: replyTagOf(tag),
        resolve: (f) => {
          cancel();
          resolve(f);
        },
        reject: (e) => {
          cancel();
          reject(e);
        },
      };
      socket.write(this.#codec.pack(tag, sequence, body));
    });
    const opened = this.#codec.unpack(frame);
    if (!opened.ok) {
      const error = new WifiRequestError('decrypt', opened.error);
      this.#reset(error);
      throw error;
    }
    const decoded = decodeMessage(replySchema, opened.body);
    if (!decoded.ok) {
      const error = new WifiRequestError('decode', decoded.error);
      this.#reset(error);
      throw error;
    }
    return decoded.value;
  }

  #connect(): Promise<Socket> {
    if (this.#socket && !this.#socket.destroyed) return Promise.resolve(this.#socket);
    if (this.#connecting) return this.#connecting;
    const { host, port, clock } = this.#options;
    this.#connecting = new Promise<Socket>((resolve, reject) => {
      const socket = createConnection({ host, port });
      socket.setNoDelay(true);
      let settled = false;
      const cancel = clock.setTimer(this.#options.timeoutMs ?? DEFAULT_TIMEOUT_MS, () => {
        if (settled) return;
        settled = true;
        socket.destroy();
        reject(new WifiRequestError('unreachable', `no connection to ${host}:${port} within the timeout`));
      });
      socket.once('connect', () => {
        if (settled) return;
        settled = true;
        cancel();
        this.#socket = socket;
        this.#reader = this.#codec.reader();
        resolve(socket);
      });
      socket.on('data', (chunk: Buffer) => this.#received(socket, chunk));
      socket.on('error', (error: NodeJS.ErrnoException) => {
        if (!settled) {
          settled = true;
          cancel();
          const refused = error.code === 'ECONNREFUSED';
          reject(
            new WifiRequestError(
              refused ? 'refused' : 'unreachable',
              refused ? `${host}:${port} refused the connection` : `${host}:${port}: ${error.message}`,
            ),
          );
          return;
        }
        if (this.#socket === socket)
          this.#reset(new WifiRequestError('closed', `connection lost: ${error.message}`));
      });
      socket.on('close', () => {
        if (this.#socket === socket)
          this.#reset(new WifiRequestError('closed', 'the device closed the connection'));
      });
    }).finally(() => {
      this.#connecting = null;
    });
    return this.#connecting;
  }

  #received(socket: Socket, chunk: Buffer): void {
    if (socket !== this.#socket || !this.#reader) return;
    this.#reader.push(chunk);
    for (;;) {
      const read = this.#reader.next();
      if (read === null) return;
      if (!read.ok) {
        this.#reset(new WifiRequestError(read.error.kind, read.error.message));
        return;
      }
      const frame = read.frame;
      const pending = this.#pending;
      if (!isReplyTag(frame.tag)) {
        this.#reset(
          new WifiRequestError('unknown-tag', `a frame with the unknown tag 0x${frame.tag.toString(16)}`),
        );
        return;
      }
      if (!pending || frame.tag !== pending.replyTag || frame.sequence !== pending.sequence) {
        this.#reset(
          new WifiRequestError(
            'wrong-reply',
            `reply 0x${frame.tag.toString(16)} #${frame.sequence} does not answer the request${pending ? ` #${pending.sequence}` : ''}`,
          ),
        );
        return;
      }
      this.#pending = null;
      pending.resolve(frame);
    }
  }

  #reset(error: WifiRequestError): void {
    const socket = this.#socket;
    this.#socket = null;
    this.#reader = null;
    socket?.destroy();
    const pending = this.#pending;
    this.#pending = null;
    pending?.reject(error);
  }
}
