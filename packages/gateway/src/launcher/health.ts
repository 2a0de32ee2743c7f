/**
 * The launcher's health check: GET /api/system/status of the gateway it started, over HTTP or, when the
 * gateway serves HTTPS (`--tls-cert` or `--tls self-signed`), over HTTPS. The check runs on the host's own
 * loopback or listening address and only asks "does our server answer": it does not verify the certificate
 * (a self-signed one is made by the gateway after the launcher started, and a bought one names the host,
 * not 127.0.0.1). A plain HTTP redirect port is not asked: the HTTPS server is the gateway.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { GatewayOptions } from '../options';

export function healthUrl(options: Pick<GatewayOptions, 'host' | 'port' | 'tls'>): string {
  const host = ['0.0.0.0', '::', ''].includes(options.host) ? '127.0.0.1' : options.host;
  const scheme = options.tls === undefined ? 'http' : 'https';
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${options.port}/api/system/status`;
}

/** The status code of one GET of `url`, or undefined when nothing answered within `timeoutMs`. */
export function probe(url: string, timeoutMs: number): Promise<number | undefined> {
  const target = new URL(url);
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      target,
      { method: 'GET', timeout: timeoutMs, rejectUnauthorized: false, agent: false },
      (response) => {
        response.resume();
        resolve(response.statusCode);
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
    req.end();
  });
}
