/**
 * The virtual Wi-Fi device on TCP: frames in, the device's answers out, on any number of connections
 * (each with its own frame reader, so a client may send one request per connection, as the public
 * Python client does, or many). It can misbehave on request, for tests of the gateway's defences.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { HEADER_BYTES, WifiCodec } from '@dtu-console/hoymiles-wifi';
import type { VirtualWifiDevice } from './virtual-device';

export interface Misbehaviour {
  /** Close the connection instead of answering the nth request (1 = the first), counted per connection. */
  dropAfter?: number;
  /** Wait this long before each answer, ms. */
  slowMs?: number;
  /** Answer with a CRC that does not match the body. */
  badCrc?: boolean;
  /** Answer with a length field 3 bytes longer than the frame. */
  wrongLength?: boolean;
  /** Answer with bytes that are not a frame at all. */
  garbage?: boolean;
  /** Answer nothing (the connection stays open). */
  mute?: boolean;
  /** Answer with an unknown tag. */
  unknownTag?: boolean;
  /** Answer with a body that is not the expected protobuf. */
  badProtobuf?: boolean;
}

export interface WifiSimServerOptions {
  device: VirtualWifiDevice;
  host?: string;
  port?: number;
  misbehaviour?: Misbehaviour;
  /** A line per request (the CLI prints them); default silent. */
  log?: (line: string) => void;
}

export class WifiSimServer {
  readonly device: VirtualWifiDevice;
  /** Changeable while running (tests switch faults on and off). */
  misbehaviour: Misbehaviour;
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #log: (line: string) => void;
  readonly #host: string;
  readonly #port: number;
  #requests = 0;

  constructor(options: WifiSimServerOptions) {
    this.device = options.device;
    this.misbehaviour = { ...options.misbehaviour };
    this.#log = options.log ?? (() => {});
    this.#host = options.host ?? '127.0.0.1';
    this.#port = options.port ?? 0;
    this.#server = createServer((socket) => this.#serve(socket));
  }

  /** Requests answered so far. */
  get requests(): number {
    return this.#requests;
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', reject);
      this.#server.listen(this.#port, this.#host, () => {
        this.#server.off('error', reject);
        resolve();
      });
    });
    return this.port;
  }

  get port(): number {
    const address = this.#server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  }

  /** Closes every connection (the device "goes away" while listening on). */
  dropConnections(): void {
    for (const socket of this.#sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.dropConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #serve(socket: Socket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    const codec = new WifiCodec({ encRand: () => this.device.encRand() });
    const reader = codec.reader();
    let handled = 0;
    let queue = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      reader.push(chunk);
      for (;;) {
        const read = reader.next();
        if (read === null) return;
        if (!read.ok) {
          this.#log(`bad frame from ${socket.remoteAddress}: ${read.error.message}; closing`);
          socket.destroy();
          return;
        }
        const frame = read.frame;
        handled++;
        const nth = handled;
        queue = queue.then(() => this.#answer(socket, codec, frame.tag, frame.sequence, frame, nth));
      }
    });
  }

  async #answer(
    socket: Socket,
    codec: WifiCodec,
    tag: number,
    sequence: number,
    frame: Parameters<WifiCodec['unpack']>[0],
    nth: number,
  ): Promise<void> {
    const m = this.misbehaviour;
    if (m.dropAfter !== undefined && nth >= m.dropAfter) {
      socket.destroy();
      return;
    }
    if (m.slowMs) await new Promise((resolve) => setTimeout(resolve, m.slowMs));
    if (socket.destroyed || m.mute) return;
    const opened = codec.unpack(frame);
    if (!opened.ok) {
      this.#log(`request 0x${tag.toString(16)}: ${opened.error}; closing`);
      socket.destroy();
      return;
    }
    const reply = this.device.handle(tag, opened.body);
    if (reply === null) {
      this.#log(`request 0x${tag.toString(16)} not served`);
      return;
    }
    this.#requests++;
    this.#log(
      `request 0x${tag.toString(16)} #${sequence} → reply 0x${reply.tag.toString(16)} (${reply.body.length} bytes)`,
    );
    const replyTag = m.unknownTag ? 0xa2ee : reply.tag;
    const body = m.badProtobuf ? Uint8Array.of(0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f) : reply.body;
    let bytes = m.garbage
      ? Uint8Array.from(Buffer.from('GET / HTTP/1.1\r\n\r\n'))
      : codec.pack(replyTag, sequence, body);
    if (!m.garbage && (m.badCrc || m.wrongLength)) {
      bytes = Uint8Array.from(bytes);
      const view = new DataView(bytes.buffer);
      if (m.badCrc) view.setUint16(6, view.getUint16(6) ^ 0x5a5a);
      if (m.wrongLength) view.setUint16(8, Math.max(HEADER_BYTES, view.getUint16(8) + 3));
    }
    socket.write(bytes);
    reply.after?.();
  }
}
