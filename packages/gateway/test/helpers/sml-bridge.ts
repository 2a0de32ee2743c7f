/**
 * An SML-over-HTTP bridge on loopback, answering like a Tibber Pulse bridge: GET with basic auth gives the
 * meter's last raw telegram (application/octet-stream). `body` is what it answers.
 */
import { createServer, type Server } from 'node:http';

export interface SmlBridge {
  url: string;
  body: Buffer;
  requests: number;
  stop(): Promise<void>;
}

export async function startSmlBridge(username: string, password: string, body: Buffer): Promise<SmlBridge> {
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const bridge: SmlBridge = { url: '', body, requests: 0, stop: async () => undefined };
  const server: Server = createServer((request, response) => {
    bridge.requests++;
    if (request.headers.authorization !== expected) {
      response.writeHead(401, { 'www-authenticate': 'Basic realm="bridge"' }).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bridge.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  bridge.url = `http://127.0.0.1:${port}/data.json?node_id=1`;
  bridge.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return bridge;
}
