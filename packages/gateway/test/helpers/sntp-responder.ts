import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { unixMsToNtp } from '../../src/ntp/sntp';

export interface SntpResponder {
  /** "127.0.0.1:<port>", usable as ntp_server. */
  server: string;
  port: number;
  /** Requests received so far. */
  readonly requests: number;
  close(): Promise<void>;
}

export interface SntpResponderOptions {
  /** The server's idea of now (UNIX ms); default the host clock. */
  now?: () => number;
  /** false: receive and stay silent (an unreachable server without the wait for a real timeout). */
  answer?: boolean;
  /** Override bytes of the reply, e.g. stratum 0 (kiss-o'-death) or LI 3. */
  tamper?: (reply: Buffer) => void;
}

/** A tiny SNTP server on 127.0.0.1 and a random port: answers each client request as RFC 4330 says. */
export async function startSntpResponder(options: SntpResponderOptions = {}): Promise<SntpResponder> {
  const socket = createSocket('udp4');
  let requests = 0;
  socket.on('message', (request, remote) => {
    requests++;
    if (options.answer === false || request.length < 48) return;
    const now = (options.now ?? Date.now)();
    const { seconds, fraction } = unixMsToNtp(now);
    const reply = Buffer.alloc(48);
    reply[0] = (0 << 6) | (4 << 3) | 4; // LI 0, VN 4, mode 4 (server)
    reply[1] = 2; // stratum
    reply[2] = 6;
    reply[3] = 0xec;
    reply.write('LOCL', 12, 'latin1');
    reply.writeUInt32BE(seconds, 16); // reference
    reply.writeUInt32BE(fraction, 20);
    request.copy(reply, 24, 40, 48); // originate = the client's transmit
    reply.writeUInt32BE(seconds, 32); // receive
    reply.writeUInt32BE(fraction, 36);
    reply.writeUInt32BE(seconds, 40); // transmit
    reply.writeUInt32BE(fraction, 44);
    options.tamper?.(reply);
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    port,
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
