import { X509Certificate } from 'node:crypto';
import {
  type MqttConfig,
  type MqttConfigPayload,
  MqttLimits,
  type MqttStatus,
  mqttConfigSchema,
  truncateBytes,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import { keepIfMasked, maskSecret } from '../config/secrets';
import type { GatewayContext } from '../context';
import { parsePostData, savedEnvelope } from '../http/post-data';
import { effectiveClientId } from '../mqtt/client-options';

type MqttSection = DeepReadonly<GatewayConfig['mqtt']>;

// ---- certificate description (mqtt_*_cert_info) ----

interface DerNode {
  tag: number;
  /** Content bytes. */
  body: Uint8Array;
  /** Offset after this node in its parent. */
  end: number;
}

/** One DER TLV at `offset`, or undefined when the bytes are not DER. */
function readDer(bytes: Uint8Array, offset: number): DerNode | undefined {
  const tag = bytes[offset];
  let lengthByte = bytes[offset + 1];
  if (tag === undefined || lengthByte === undefined) return undefined;
  let pos = offset + 2;
  let length = lengthByte;
  if (lengthByte & 0x80) {
    const count = lengthByte & 0x7f;
    if (count === 0 || count > 4) return undefined;
    length = 0;
    for (let i = 0; i < count; i++) {
      lengthByte = bytes[pos++];
      if (lengthByte === undefined) return undefined;
      length = length * 256 + lengthByte;
    }
  }
  if (pos + length > bytes.length) return undefined;
  return { tag, body: bytes.subarray(pos, pos + length), end: pos + length };
}

function children(node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  for (let offset = 0; offset < node.body.length; ) {
    const child = readDer(node.body, offset);
    if (!child) break;
    out.push(child);
    offset = child.end;
  }
  return out;
}

function oidText(body: Uint8Array): string {
  const parts: number[] = [];
  let value = 0;
  for (const byte of body) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      if (parts.length > 0) parts.push(value);
      else {
        // The first sub-identifier packs the first two arcs: 40 × first + second (first ≤ 2).
        const firstArc = Math.min(2, Math.floor(value / 40));
        parts.push(firstArc, value - firstArc * 40);
      }
      value = 0;
    }
  }
  return parts.join('.');
}

const SIGNATURE_NAMES: Record<string, string> = {
  '1.2.840.113549.1.1.4': 'RSA with MD5',
  '1.2.840.113549.1.1.5': 'RSA with SHA1',
  '1.2.840.113549.1.1.10': 'RSASSA-PSS',
  '1.2.840.113549.1.1.11': 'RSA with SHA-256',
  '1.2.840.113549.1.1.12': 'RSA with SHA-384',
  '1.2.840.113549.1.1.13': 'RSA with SHA-512',
  '1.2.840.113549.1.1.14': 'RSA with SHA-224',
  '1.2.840.10045.4.1': 'ECDSA with SHA1',
  '1.2.840.10045.4.3.1': 'ECDSA with SHA224',
  '1.2.840.10045.4.3.2': 'ECDSA with SHA256',
  '1.2.840.10045.4.3.3': 'ECDSA with SHA384',
  '1.2.840.10045.4.3.4': 'ECDSA with SHA512',
  '1.3.101.112': 'Ed25519',
  '1.3.101.113': 'Ed448',
};

/** X.509 version (1..3) and signature algorithm from the DER, which X509Certificate of Node 20 lacks. */
function versionAndSignature(raw: Uint8Array): { version: number; signature: string } | undefined {
  const certificate = readDer(raw, 0);
  if (!certificate) return undefined;
  const [tbs, algorithm] = children(certificate);
  if (!tbs || !algorithm) return undefined;
  const first = children(tbs)[0];
  // [0] EXPLICIT version; absent means v1.
  const versionInteger = first?.tag === 0xa0 ? children(first)[0] : undefined;
  const version = versionInteger ? (versionInteger.body[versionInteger.body.length - 1] ?? 0) + 1 : 1;
  const oid = children(algorithm)[0];
  const oidString = oid?.tag === 0x06 ? oidText(oid.body) : '';
  return { version, signature: SIGNATURE_NAMES[oidString] ?? oidString };
}

function formatUtc(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** "C=US\nO=…\nCN=…" as one line, as the firmware's description prints names. */
function nameLine(name: string): string {
  return name.split('\n').join(', ');
}

/**
 * A multi-line description of the first certificate of a PEM text, in the layout the firmware's TLS
 * library prints (api.md §6.6 `*_cert_info`), or "" when it cannot be parsed (e.g. empty).
 */
export function certificateInfo(pem: string): string {
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(pem);
  } catch {
    return '';
  }
  const details = versionAndSignature(new Uint8Array(cert.raw));
  const key = cert.publicKey;
  const keyDetails = key.asymmetricKeyDetails;
  const serial = cert.serialNumber.toUpperCase().match(/../g)?.join(':') ?? cert.serialNumber;
  const lines = [
    ['cert. version', String(details?.version ?? 3)],
    ['serial number', serial],
    ['issuer name', nameLine(cert.issuer)],
    ['subject name', nameLine(cert.subject)],
    ['issued  on', formatUtc(new Date(cert.validFrom))],
    ['expires on', formatUtc(new Date(cert.validTo))],
    ['signed using', details?.signature ?? ''],
  ];
  if (keyDetails?.modulusLength !== undefined) {
    lines.push([
      `${(key.asymmetricKeyType ?? '').toUpperCase()} key size`,
      `${keyDetails.modulusLength} bits`,
    ]);
  } else if (keyDetails?.namedCurve !== undefined) {
    lines.push(['EC key curve', keyDetails.namedCurve]);
  }
  lines.push(['basic constraints', `CA=${cert.ca ? 'true' : 'false'}`]);
  return lines.map(([label, value]) => `${(label ?? '').padEnd(18)}: ${value}`).join('\n');
}

// ---- config and status ----

/** GET /api/mqtt/config: the stored values; the password and the TLS client key are masked. */
export function mqttConfigResponse(mqtt: MqttSection): MqttConfig {
  return {
    mqtt_enabled: mqtt.enabled,
    mqtt_hostname: mqtt.hostname,
    mqtt_port: mqtt.port,
    mqtt_clientid: mqtt.clientid,
    mqtt_username: mqtt.username,
    mqtt_password: maskSecret(mqtt.password),
    mqtt_topic: mqtt.topic,
    mqtt_retain: mqtt.retain,
    mqtt_tls: mqtt.tls.enabled,
    mqtt_root_ca_cert: mqtt.tls.root_ca_cert,
    mqtt_tls_cert_login: mqtt.tls.certlogin,
    mqtt_client_cert: mqtt.tls.client_cert,
    mqtt_client_key: maskSecret(mqtt.tls.client_key),
    mqtt_lwt_topic: mqtt.lwt.topic,
    mqtt_lwt_online: mqtt.lwt.value_online,
    mqtt_lwt_offline: mqtt.lwt.value_offline,
    mqtt_lwt_qos: mqtt.lwt.qos,
    mqtt_publish_interval: mqtt.publish_interval,
    mqtt_clean_session: mqtt.clean_session,
    mqtt_hass_enabled: mqtt.hass.enabled,
    mqtt_hass_expire: mqtt.hass.expire,
    mqtt_hass_retain: mqtt.hass.retain,
    mqtt_hass_topic: mqtt.hass.topic,
    mqtt_hass_individualpanels: mqtt.hass.individual_panels,
  };
}

export interface MqttStatusFacts {
  connected: boolean;
  /** For the effective client id: `OpenDTU-<chip id>` when none is configured. */
  chipId: number;
}

/** GET /api/mqtt/status: no secrets at all; the LWT topic as the full topic. */
export function mqttStatusResponse(mqtt: MqttSection, facts: MqttStatusFacts): MqttStatus {
  return {
    mqtt_enabled: mqtt.enabled,
    mqtt_hostname: mqtt.hostname,
    mqtt_port: mqtt.port,
    mqtt_clientid: effectiveClientId(mqtt, facts.chipId),
    mqtt_username: mqtt.username,
    mqtt_topic: mqtt.topic,
    mqtt_connected: facts.connected,
    mqtt_retain: mqtt.retain,
    mqtt_tls: mqtt.tls.enabled,
    mqtt_root_ca_cert_info: certificateInfo(mqtt.tls.root_ca_cert),
    mqtt_tls_cert_login: mqtt.tls.certlogin,
    mqtt_client_cert_info: certificateInfo(mqtt.tls.client_cert),
    mqtt_lwt_topic: mqtt.topic + mqtt.lwt.topic,
    mqtt_publish_interval: mqtt.publish_interval,
    mqtt_clean_session: mqtt.clean_session,
    mqtt_hass_enabled: mqtt.hass.enabled,
    mqtt_hass_expire: mqtt.hass.expire,
    mqtt_hass_retain: mqtt.hass.retain,
    mqtt_hass_topic: mqtt.hass.topic,
    mqtt_hass_individualpanels: mqtt.hass.individual_panels,
  };
}

/**
 * The stored section for a validated POST. The mask keeps the stored password / client key. A disabled
 * config is stored unchecked, so its texts are cut to the storage sizes of api.md §10.1 instead.
 */
export function mqttSectionFromPayload(
  payload: MqttConfigPayload,
  stored: MqttSection,
): GatewayConfig['mqtt'] {
  const cut = payload.mqtt_enabled ? (text: string) => text : truncateBytes;
  return {
    enabled: payload.mqtt_enabled,
    hostname: cut(payload.mqtt_hostname, MqttLimits.hostnameMaxLength),
    port: payload.mqtt_port,
    clientid: cut(payload.mqtt_clientid, MqttLimits.clientIdMaxLength),
    username: cut(payload.mqtt_username, MqttLimits.usernameMaxLength),
    password: cut(keepIfMasked(payload.mqtt_password, stored.password), MqttLimits.passwordMaxLength),
    topic: cut(payload.mqtt_topic, MqttLimits.topicMaxLength),
    retain: payload.mqtt_retain,
    publish_interval: payload.mqtt_publish_interval,
    clean_session: payload.mqtt_clean_session,
    lwt: {
      topic: cut(payload.mqtt_lwt_topic, MqttLimits.lwtTopicMaxLength),
      value_online: cut(payload.mqtt_lwt_online, MqttLimits.lwtValueMaxLength),
      value_offline: cut(payload.mqtt_lwt_offline, MqttLimits.lwtValueMaxLength),
      qos: payload.mqtt_lwt_qos,
    },
    tls: {
      enabled: payload.mqtt_tls,
      root_ca_cert: cut(payload.mqtt_root_ca_cert, MqttLimits.certMaxLength),
      certlogin: payload.mqtt_tls_cert_login,
      client_cert: cut(payload.mqtt_client_cert, MqttLimits.certMaxLength),
      client_key: cut(keepIfMasked(payload.mqtt_client_key, stored.tls.client_key), MqttLimits.certMaxLength),
    },
    hass: {
      enabled: payload.mqtt_hass_enabled,
      retain: payload.mqtt_hass_retain,
      topic: cut(payload.mqtt_hass_topic, MqttLimits.hassTopicMaxLength),
      individual_panels: payload.mqtt_hass_individualpanels,
      expire: payload.mqtt_hass_expire,
    },
  };
}

/** /api/mqtt/*: status (Read-only) and config (Admin), api.md §6.6. */
export const mqttRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/mqtt/status',
    { config: { auth: 'readonly', summary: 'MQTT connection and settings, without secrets' } },
    async (): Promise<MqttStatus> =>
      mqttStatusResponse(ctx.config.get('mqtt'), {
        connected: ctx.services.mqtt.connected,
        chipId: ctx.config.chipId,
      }),
  );

  app.get(
    '/api/mqtt/config',
    { config: { auth: 'admin', summary: 'MQTT settings (password and TLS client key masked)' } },
    async (): Promise<MqttConfig> => mqttConfigResponse(ctx.config.get('mqtt')),
  );

  app.post(
    '/api/mqtt/config',
    { config: { auth: 'admin', summary: 'Save the MQTT settings', payload: mqttConfigSchema } },
    async (request) => {
      const posted = await parsePostData(request, mqttConfigSchema);
      if (!posted.ok) return posted.envelope;
      // `config:changed` 'mqtt' from the store makes the MQTT service reconnect with the new settings.
      const section = mqttSectionFromPayload(posted.value, ctx.config.get('mqtt'));
      return savedEnvelope(await ctx.config.update('mqtt', section));
    },
  );
};
