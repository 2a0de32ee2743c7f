/**
 * What the gateway tells about a PEM certificate (the MQTT root CA and client certificate), read with
 * Node's X509Certificate: no parsing of our own.
 */
import { X509Certificate } from 'node:crypto';

export interface CertificateDetails {
  /** One line per name part in X509Certificate's form ("C=US\nO=…\nCN=…"). */
  subject: string;
  issuer: string;
  /** Colon-separated upper-case hex. */
  serialNumber: string;
  validFrom: Date;
  validTo: Date;
  /** SHA-256 fingerprint, colon-separated upper-case hex. */
  fingerprint256: string;
  ca: boolean;
  /** "RSA key size: 4096 bits" or "EC key curve: prime256v1"; undefined for other key types. */
  key?: { label: string; value: string };
}

/** The first certificate of a PEM text, or undefined when there is none that parses. */
export function readCertificate(pem: string): CertificateDetails | undefined {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    return undefined;
  }
  const { publicKey } = cert;
  const keyDetails = publicKey.asymmetricKeyDetails;
  let key: CertificateDetails['key'];
  if (keyDetails?.modulusLength !== undefined) {
    key = {
      label: `${(publicKey.asymmetricKeyType ?? '').toUpperCase()} key size`,
      value: `${keyDetails.modulusLength} bits`,
    };
  } else if (keyDetails?.namedCurve !== undefined) {
    key = { label: 'EC key curve', value: keyDetails.namedCurve };
  }
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    serialNumber: cert.serialNumber.toUpperCase().match(/../g)?.join(':') ?? cert.serialNumber,
    validFrom: new Date(cert.validFrom),
    validTo: new Date(cert.validTo),
    fingerprint256: cert.fingerprint256,
    ca: cert.ca,
    ...(key === undefined ? {} : { key }),
  };
}

function formatUtc(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** "C=US\nO=…\nCN=…" as one line. */
function nameLine(name: string): string {
  return name.split('\n').join(', ');
}

/**
 * A multi-line description of the first certificate of a PEM text (`mqtt_*_cert_info`), one
 * "label: value" line per fact in the layout of the firmware's TLS library, or "" when none parses.
 */
export function certificateInfo(pem: string): string {
  const cert = readCertificate(pem);
  if (cert === undefined) return '';
  const lines: [string, string][] = [
    ['serial number', cert.serialNumber],
    ['issuer name', nameLine(cert.issuer)],
    ['subject name', nameLine(cert.subject)],
    ['issued  on', formatUtc(cert.validFrom)],
    ['expires on', formatUtc(cert.validTo)],
  ];
  if (cert.key !== undefined) lines.push([cert.key.label, cert.key.value]);
  lines.push(['basic constraints', `CA=${cert.ca ? 'true' : 'false'}`], ['fingerprint', cert.fingerprint256]);
  return lines.map(([label, value]) => `${label.padEnd(18)}: ${value}`).join('\n');
}
