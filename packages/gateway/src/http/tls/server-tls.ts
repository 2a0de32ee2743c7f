/**
 * The HTTPS key and certificate of `--tls-cert`/`--tls-key` or `--tls self-signed` (docs/https.md), checked
 * before the server starts: a file that is missing, unreadable, not PEM, encrypted, or a key that does not
 * belong to the certificate ends the start with one line that says which and why (TlsSetupError).
 */
import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createSecureContext } from 'node:tls';
import type { TlsOption } from '../../options';
import type { Logger } from '../../system/logger';
import { keepSelfSigned } from './self-signed';
import { TlsSetupError } from './tls-error';

export { TlsSetupError };

/** What system info and the start-up log tell about the certificate served (never the key). */
export type TlsFacts = Pick<ServerTls, 'source' | 'fingerprint256' | 'validTo'>;

/** What the HTTPS server serves, and what system info and the start-up log tell about it. */
export interface ServerTls {
  source: TlsOption['mode'];
  key: string;
  /** The certificate, with its chain when the file has one. */
  cert: string;
  /** SHA-256 fingerprint of the (first) certificate, colon-separated upper-case hex, as browsers show it. */
  fingerprint256: string;
  validTo: Date;
}

export async function loadServerTls(
  option: TlsOption,
  dataDir: string,
  log: Logger,
  now = new Date(),
): Promise<ServerTls> {
  const files =
    option.mode === 'files'
      ? { certFile: option.certFile, keyFile: option.keyFile }
      : await keepSelfSigned(dataDir, log, now);
  const certPem = await readPem(files.certFile, 'certificate');
  const keyPem = await readPem(files.keyFile, 'private key');
  const cert = parseCertificate(certPem, files.certFile);
  const key = parseKey(keyPem, files.keyFile);
  if (!cert.checkPrivateKey(key)) {
    throw new TlsSetupError(
      `TLS private key ${files.keyFile} does not belong to the certificate ${files.certFile}`,
    );
  }
  try {
    createSecureContext({ key: keyPem, cert: certPem });
  } catch (error) {
    throw new TlsSetupError(`TLS certificate ${files.certFile} cannot be used: ${oneLine(error)}`);
  }
  const validTo = new Date(cert.validTo);
  if (validTo.getTime() < now.getTime()) {
    log.warn(
      `The TLS certificate ${files.certFile} expired on ${validTo.toISOString()}: browsers will refuse it`,
    );
  }
  return { source: option.mode, key: keyPem, cert: certPem, fingerprint256: cert.fingerprint256, validTo };
}

async function readPem(file: string, what: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied (the gateway runs as a user that may not read it)'
          : code === 'EISDIR'
            ? 'it is a directory'
            : oneLine(error);
    throw new TlsSetupError(`Cannot read the TLS ${what} ${file}: ${reason}`);
  }
}

function parseCertificate(pem: string, file: string): X509Certificate {
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw new TlsSetupError(`TLS certificate ${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
  try {
    return new X509Certificate(pem);
  } catch (error) {
    throw new TlsSetupError(`TLS certificate ${file} does not parse: ${oneLine(error)}`);
  }
}

function parseKey(pem: string, file: string): KeyObject {
  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) {
    throw new TlsSetupError(`TLS private key ${file} holds no PEM private key (-----BEGIN PRIVATE KEY-----)`);
  }
  try {
    return createPrivateKey(pem);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MISSING_PASSPHRASE' || /ENCRYPTED/.test(pem)) {
      throw new TlsSetupError(
        `TLS private key ${file} is protected by a passphrase: give an unencrypted key`,
      );
    }
    throw new TlsSetupError(`TLS private key ${file} does not parse: ${oneLine(error)}`);
  }
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim();
}
