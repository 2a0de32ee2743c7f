import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** PEM texts and files of a throw-away CA, a server certificate for 127.0.0.1 and a client certificate. */
export interface TlsFiles {
  dir: string;
  caFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  ca: string;
  clientCert: string;
  clientKey: string;
  cleanup(): Promise<void>;
}

/** Generates the certificates with openssl (EC P-256 keys keep the PEM texts short). */
export async function makeTlsFiles(): Promise<TlsFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'dtu-tls-'));
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  const key = (name: string) =>
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', path(name));
  key('ca.key');
  openssl(
    'req',
    '-x509',
    '-new',
    '-key',
    'ca.key',
    '-subj',
    '/CN=dtu-console test CA',
    '-days',
    '2',
    '-out',
    'ca.pem',
  );
  const signed = (name: string, subject: string) => {
    key(`${name}.key`);
    openssl('req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    );
  };
  await writeFile(path('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  await writeFile(path('client.ext'), 'extendedKeyUsage=clientAuth\n');
  signed('server', '/CN=127.0.0.1');
  signed('client', '/CN=dtu-console');
  // Mosquitto reads PKCS#8 as well; the gateway stores whatever PEM the user pasted.
  openssl('pkcs8', '-topk8', '-nocrypt', '-in', 'client.key', '-out', 'client.pk8');
  // Mosquitto started as root reads its files as the unprivileged user it drops to.
  await chmod(dir, 0o755);
  await chmod(path('server.key'), 0o644);
  return {
    dir,
    caFile: path('ca.pem'),
    serverCertFile: path('server.pem'),
    serverKeyFile: path('server.key'),
    ca: await readFile(path('ca.pem'), 'utf8'),
    clientCert: await readFile(path('client.pem'), 'utf8'),
    clientKey: await readFile(path('client.pk8'), 'utf8'),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}
