/** A `ws` client for the gateway's sockets that records frames and can wait for the server to catch up. */
import WebSocket from 'ws';

export interface OpenedSocket {
  kind: 'open';
  ws: WebSocket;
  messages: string[];
  protocol: string;
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves once every frame the server sent before this call has arrived (a ping/pong round trip). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export interface RefusedSocket {
  kind: 'refused';
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ConnectOptions {
  headers?: Record<string, string>;
  protocols?: string[];
}

export function connect(url: string, options: ConnectOptions = {}): Promise<OpenedSocket | RefusedSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options.protocols ?? [], { headers: options.headers });
    const messages: string[] = [];
    ws.on('message', (data) => messages.push(data.toString()));
    const closed = new Promise<{ code: number; reason: string }>((resolveClose) =>
      ws.on('close', (code, reason) => resolveClose({ code, reason: reason.toString() })),
    );
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () =>
        resolve({ kind: 'refused', status: response.statusCode ?? 0, headers: response.headers, body }),
      );
      response.on('error', () =>
        resolve({ kind: 'refused', status: response.statusCode ?? 0, headers: response.headers, body }),
      );
      response.resume();
    });
    ws.on('error', reject);
    ws.on('open', () => {
      ws.off('error', reject);
      ws.on('error', () => {});
      resolve({
        kind: 'open',
        ws,
        messages,
        protocol: ws.protocol,
        closed,
        sync: () =>
          new Promise<void>((resolvePong, rejectPong) => {
            if (ws.readyState !== WebSocket.OPEN) {
              rejectPong(new Error('socket not open'));
              return;
            }
            ws.once('pong', () => resolvePong());
            ws.ping();
          }),
        close: async () => {
          if (ws.readyState === WebSocket.CLOSED) return;
          ws.close();
          await closed;
        },
      });
    });
  });
}

export async function connectOpen(url: string, options: ConnectOptions = {}): Promise<OpenedSocket> {
  const socket = await connect(url, options);
  if (socket.kind !== 'open') throw new Error(`expected the upgrade to succeed, got HTTP ${socket.status}`);
  return socket;
}

/** Polls `condition` until true or `timeoutMs` of real time passed. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 2000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
