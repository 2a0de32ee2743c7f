import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Gateway } from '../../src/app';
import { redirectTarget } from '../../src/http/https-redirect';
import {
  keepSelfSigned,
  SELF_SIGNED_CERT,
  SELF_SIGNED_DIR,
  SELF_SIGNED_KEY,
  VALIDITY_DAYS,
} from '../../src/http/tls/self-signed';
import { TlsSetupError } from '../../src/http/tls/tls-error';
import { testGateway } from '../helpers/gateway';
import { makeTlsFiles, type TlsFiles } from '../helpers/tls-files';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET over a real TLS connection; `ca` verifies the server, without it nothing is verified. */
function httpsGet(port: number, path: string, ca?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        agent: false,
        ...(ca === undefined ? { rejectUnauthorized: false } : { ca }),
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => {
          body += chunk.toString();
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function httpGet(
  port: number,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, method, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The SHA-256 fingerprint of the certificate the server presents in the TLS handshake. */
function presentedFingerprint(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, rejectUnauthorized: false }, () => {
      resolve(socket.getPeerCertificate().fingerprint256);
      socket.end();
    });
    socket.on('error', reject);
  });
}

const portOf = (gateway: Gateway) => {
  const address = gateway.http.server.address();
  return typeof address === 'object' && address ? address.port : 0;
};

describe('HTTPS with --tls-cert / --tls-key', () => {
  let files: TlsFiles;
  let env: Awaited<ReturnType<typeof testGateway>>;
  let port = 0;
  beforeAll(async () => {
    files = await makeTlsFiles();
    env = await testGateway({
      tls: { mode: 'files', certFile: files.serverCertFile, keyFile: files.serverKeyFile },
      httpRedirectPort: 0,
    });
    await env.gateway.start();
    port = portOf(env.gateway);
  });
  afterAll(async () => {
    await env.cleanup();
    await files.cleanup();
  });

  it('serves the API to a TLS client that verifies the certificate', async () => {
    const answer = await httpsGet(port, '/api/system/status', files.ca);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    const status = JSON.parse(answer.body) as { tls: { source: string; fingerprint_sha256: string } };
    const served = new X509Certificate(readFileSync(files.serverCertFile));
    expect(status.tls).toMatchObject({ source: 'files', fingerprint_sha256: served.fingerprint256 });
    expect(await presentedFingerprint(port)).toBe(served.fingerprint256);
  });

  it('refuses plain HTTP on the HTTPS port', async () => {
    await expect(httpGet(port, '/api/system/status', {})).rejects.toThrow();
  });

  it('carries the live WebSocket over wss', async () => {
    const ws = new WebSocket(`wss://127.0.0.1:${port}/livedata`, { ca: files.ca });
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('message', (data) => resolve(data.toString()));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    });
    expect(JSON.parse(first)).toHaveProperty('inverters');
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.close();
    await closed;
  });

  it('redirects plain HTTP on the redirect port to the same path over HTTPS', async () => {
    const redirectPort = env.gateway.redirect?.port ?? 0;
    expect(redirectPort).toBeGreaterThan(0);
    const answer = await httpGet(redirectPort, '/settings/mqtt?x=1', { host: `dtu.local:${redirectPort}` });
    expect(answer.status).toBe(307);
    expect(answer.headers.location).toBe(`https://dtu.local:${port}/settings/mqtt?x=1`);
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    // A POST stays a POST; a Host header that is no host name is not echoed.
    const post = await httpGet(redirectPort, '/api/limit/config', { host: 'a b<script>' }, 'POST');
    expect(post.status).toBe(307);
    expect(post.headers.location).toBe(`https://127.0.0.1:${port}/api/limit/config`);
  });
});

describe('redirectTarget', () => {
  it('keeps the path, drops the default port and brackets IPv6 addresses', () => {
    expect(redirectTarget('dtu:80', '/a?b=c', '0.0.0.0', 443)).toBe('https://dtu/a?b=c');
    expect(redirectTarget('[::1]:8080', '/', '::1', 8443)).toBe('https://[::1]:8443/');
    expect(redirectTarget(undefined, undefined, '::1', 8443)).toBe('https://[::1]:8443/');
    expect(redirectTarget('x', 'http://evil.example/', 'localhost', 8443)).toBe('https://x:8443/');
  });
});

describe('HTTPS with --tls self-signed', () => {
  const log = pino({ level: 'silent' });
  let dataDir = '';
  const envs: Awaited<ReturnType<typeof testGateway>>[] = [];
  afterEach(async () => {
    for (const env of envs.splice(0)) await env.gateway.stop();
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const startSelfSigned = async () => {
    const env = await testGateway({ tls: { mode: 'self-signed' }, ...(dataDir ? { dataDir } : {}) });
    envs.push(env);
    dataDir = env.dataDir;
    await env.gateway.start();
    return env.gateway;
  };

  it('makes a key and a certificate at the first start, keeps them across restarts, and shows the fingerprint', async () => {
    const first = await startSelfSigned();
    const fingerprint = first.ctx.tls?.fingerprint256 ?? '';
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    // What the browser sees in the handshake is what system info shows.
    expect(await presentedFingerprint(portOf(first))).toBe(fingerprint);
    const status = JSON.parse((await httpsGet(portOf(first), '/api/system/status')).body);
    expect(status.tls).toMatchObject({ source: 'self-signed', fingerprint_sha256: fingerprint });
    const keyMode = (await stat(join(dataDir, SELF_SIGNED_DIR, SELF_SIGNED_KEY))).mode & 0o777;
    expect(keyMode).toBe(0o600);
    await first.stop();
    envs.length = 0;

    const second = await startSelfSigned();
    expect(second.ctx.tls?.fingerprint256).toBe(fingerprint);
    expect(await presentedFingerprint(portOf(second))).toBe(fingerprint);
  }, 30_000);

  it('names this host, is valid for 825 days, and is made again from the same key when it is about to end', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-self-signed-'));
    const now = new Date('2026-11-26T12:00:00Z');
    const files = await keepSelfSigned(dir, log, now);
    const cert = new X509Certificate(await readFile(files.certFile));
    expect(cert.checkHost('localhost')).toBe('localhost');
    expect(cert.checkHost(hostname().toLowerCase())).toBeTruthy();
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(cert.ca).toBe(false);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(new Date(cert.validTo).getTime() - now.getTime()).toBe(VALIDITY_DAYS * 86_400_000);
    const key = await readFile(files.keyFile, 'utf8');

    // A later start well within the validity keeps both files as they are.
    await keepSelfSigned(dir, log, new Date(now.getTime() + 100 * 86_400_000));
    const kept = await readFile(join(dir, SELF_SIGNED_DIR, SELF_SIGNED_CERT), 'utf8');
    expect(new X509Certificate(kept).fingerprint256).toBe(cert.fingerprint256);
    expect(kept).not.toContain('\r');

    // 10 days before the end: a new certificate for the same key.
    await keepSelfSigned(dir, log, new Date(now.getTime() + (VALIDITY_DAYS - 10) * 86_400_000));
    const renewed = new X509Certificate(await readFile(files.certFile));
    expect(renewed.fingerprint256).not.toBe(cert.fingerprint256);
    expect(renewed.publicKey.export({ type: 'spki', format: 'pem' })).toBe(
      cert.publicKey.export({ type: 'spki', format: 'pem' }),
    );
    expect(await readFile(files.keyFile, 'utf8')).toBe(key);
    await rm(dir, { recursive: true, force: true });
  });

  it('does not replace a broken key: it says what to delete', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-self-signed-'));
    await mkdir(join(dir, SELF_SIGNED_DIR));
    await writeFile(join(dir, SELF_SIGNED_DIR, SELF_SIGNED_KEY), 'not a key\n');
    await expect(keepSelfSigned(dir, log, new Date())).rejects.toThrow(
      new RegExp(
        `^Cannot make a self-signed TLS certificate with the key .*${SELF_SIGNED_KEY} .*: delete .*${SELF_SIGNED_DIR} to make a new key and certificate$`,
      ),
    );
    await expect(keepSelfSigned(dir, log, new Date())).rejects.toBeInstanceOf(TlsSetupError);
    expect(await readFile(join(dir, SELF_SIGNED_DIR, SELF_SIGNED_KEY), 'utf8')).toBe('not a key\n');
    await rm(dir, { recursive: true, force: true });
  });
});
