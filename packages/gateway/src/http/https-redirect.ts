/**
 * `--http-redirect <port>`: a plain HTTP server that answers every request with a redirect to the same
 * path on the HTTPS port. It serves nothing else. 307 keeps the method (a POST stays a POST) and is not
 * cached for good by browsers, so turning HTTPS off later does not leave them stuck on a dead address. The host name comes from the request's Host header when it is a plain host name or
 * address, else the address the gateway listens on.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { securityHeaders } from './security-headers';
import { TlsSetupError } from './tls/tls-error';

const HOST_NAME = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/i;

/** The HTTPS address for a request that came in over plain HTTP. */
export function redirectTarget(
  hostHeader: string | undefined,
  url: string | undefined,
  fallbackHost: string,
  httpsPort: number,
): string {
  const name = (hostHeader ?? '').replace(/:\d{1,5}$/, '');
  const host = HOST_NAME.test(name) ? name : fallbackHost.includes(':') ? `[${fallbackHost}]` : fallbackHost;
  const path = url?.startsWith('/') ? url : '/';
  return `https://${host}${httpsPort === 443 ? '' : `:${httpsPort}`}${path}`;
}

export class HttpsRedirect {
  readonly #server: Server;
  readonly #host: string;
  readonly #port: number;
  #httpsPort = 0;

  constructor(options: { host: string; port: number }) {
    this.#host = options.host;
    this.#port = options.port;
    this.#server = createServer((request, response) => this.#answer(request, response));
  }

  /** The bound port (after start()); the configured one before. */
  get port(): number {
    const bound = this.#server.address();
    return bound && typeof bound === 'object' ? bound.port : this.#port;
  }

  /** Listens once the HTTPS server is up (its bound port is where the redirects go). */
  async start(httpsPort: number): Promise<number> {
    this.#httpsPort = httpsPort;
    await new Promise<void>((resolve, reject) => {
      this.#server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, this.#port)));
      this.#server.listen(this.#port, this.#host, () => {
        resolve();
      });
    });
    return (this.#server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    if (!this.#server.listening) return;
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.#server.closeAllConnections();
    await closed;
  }

  #answer(request: IncomingMessage, response: ServerResponse): void {
    const shownHost = ['0.0.0.0', '::', ''].includes(this.#host) ? 'localhost' : this.#host;
    const location = redirectTarget(request.headers.host, request.url, shownHost, this.#httpsPort);
    const body = `Moved to ${location}\n`;
    response.writeHead(307, {
      ...securityHeaders(request.headers.host),
      location,
      'content-type': 'text/plain; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(request.method === 'HEAD' ? undefined : body);
  }
}

/** Port 80 is the usual redirect port, and the one a service user may not bind: say so plainly. */
function listenError(error: NodeJS.ErrnoException, port: number): Error {
  if (error.code === 'EACCES') {
    return new TlsSetupError(
      `Cannot listen on port ${port} for --http-redirect: permission denied (ports below 1024 need root or CAP_NET_BIND_SERVICE)`,
    );
  }
  if (error.code === 'EADDRINUSE') {
    return new TlsSetupError(`Cannot listen on port ${port} for --http-redirect: another program uses it`);
  }
  return error;
}
