/**
 * `--tls self-signed`: a key and a certificate made at the first start in `<data dir>/tls/` and kept across
 * restarts, so the fingerprint an owner once checked stays the same. Node makes the RSA key; it has no
 * API to write an X.509 certificate, so node-forge (one package, no dependencies) builds and signs it
 * (docs/https.md says why). It is loaded only to make one (~120 ms and ~12 MB of memory otherwise spent
 * by every start). A certificate within RENEW_BEFORE_MS of its end is made again from the same
 * key at a start, and the new fingerprint is logged.
 */
import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { pki } from 'node-forge';
import type { Logger } from '../../system/logger';
import { TlsSetupError } from './tls-error';

export const SELF_SIGNED_DIR = 'tls';
export const SELF_SIGNED_KEY = 'self-signed-key.pem';
export const SELF_SIGNED_CERT = 'self-signed-cert.pem';

const DAY_MS = 86_400_000;
/** Apple's platforms refuse TLS server certificates valid for longer than 825 days, trusted by hand or not. */
export const VALIDITY_DAYS = 825;
const RENEW_BEFORE_MS = 30 * DAY_MS;

export interface SelfSignedFiles {
  certFile: string;
  keyFile: string;
}

/** Makes what is missing (or about to expire) and returns the files' paths; loadServerTls reads them. */
export async function keepSelfSigned(dataDir: string, log: Logger, now: Date): Promise<SelfSignedFiles> {
  const dir = join(dataDir, SELF_SIGNED_DIR);
  const keyFile = join(dir, SELF_SIGNED_KEY);
  const certFile = join(dir, SELF_SIGNED_CERT);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const hasKey = existsSync(keyFile);
  const hasCert = existsSync(certFile);
  if (hasKey && hasCert && !(await expiresSoon(certFile, now))) return { certFile, keyFile };
  let keyPem: string;
  if (hasKey) {
    // A broken key file is reported, not silently replaced: the owner may have trusted its certificate.
    try {
      keyPem = await readFile(keyFile, 'utf8');
    } catch (error) {
      throw new TlsSetupError(`Cannot read the TLS private key ${keyFile}: ${(error as Error).message}`);
    }
  } else {
    keyPem = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    await writeAtomically(keyFile, keyPem, 0o600);
  }
  let certPem: string;
  try {
    certPem = await selfSignedCertificate(keyPem, now);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
    throw new TlsSetupError(
      `Cannot make a self-signed TLS certificate with the key ${keyFile} (${reason}): delete ${dir} to make a new key and certificate`,
    );
  }
  await writeAtomically(certFile, certPem, 0o644);
  const fingerprint = new X509Certificate(certPem).fingerprint256;
  log.info(
    `${hasCert ? 'Renewed the' : 'Made a'} self-signed TLS certificate in ${dir} (SHA-256 ${fingerprint})`,
  );
  return { certFile, keyFile };
}

async function expiresSoon(certFile: string, now: Date): Promise<boolean> {
  try {
    const cert = new X509Certificate(await readFile(certFile));
    return new Date(cert.validTo).getTime() - now.getTime() < RENEW_BEFORE_MS;
  } catch {
    // Unreadable or broken: loadServerTls reports it rather than this replacing it.
    return false;
  }
}

/** The names a browser may reach this host by: its name, name.local (mDNS), localhost and its addresses. */
export function hostNames(): { dns: string[]; ips: string[] } {
  const name = hostname().toLowerCase();
  const dns = [...new Set([name, `${name.split('.')[0]}.local`, 'localhost'])].filter((entry) =>
    /^[a-z0-9.-]+$/.test(entry),
  );
  const ips = new Set(['127.0.0.1', '::1']);
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) {
      // Link-local IPv6 addresses need a zone, which a certificate cannot name.
      if (!address.internal && !address.address.startsWith('fe80:')) ips.add(address.address);
    }
  }
  return { dns, ips: [...ips] };
}

/** A certificate for this host, signed by its own key (RSA, SHA-256), valid VALIDITY_DAYS from `now`. */
export async function selfSignedCertificate(keyPem: string, now: Date): Promise<string> {
  const { default: forge } = await import('node-forge');
  const privateKey = forge.pki.privateKeyFromPem(keyPem) as pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.rsa.setPublicKey(privateKey.n, privateKey.e);
  // A positive serial of 16 random bytes.
  const serial = randomBytes(16);
  serial[0] = (serial[0] as number) & 0x7f;
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(now.getTime() - DAY_MS);
  cert.validity.notAfter = new Date(now.getTime() + VALIDITY_DAYS * DAY_MS);
  const names = hostNames();
  const subject = [
    { name: 'commonName', value: names.dns[0] ?? 'localhost' },
    { name: 'organizationName', value: 'dtu-console (self-signed)' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        ...names.dns.map((value) => ({ type: 2, value })),
        ...names.ips.map((ip) => ({ type: 7, ip })),
      ],
    },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  // forge ends PEM lines with CRLF; files on Linux end them with LF.
  return forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n');
}

async function writeAtomically(file: string, text: string, mode: number): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode });
  await chmod(temporary, mode);
  await rename(temporary, file);
}
