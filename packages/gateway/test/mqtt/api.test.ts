import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { mqttExample } from '@dtu-console/contract/mqtt/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRootCa } from '../../src/config/defaults';
import { SECRET_MASK } from '../../src/config/secrets';
import { certificateInfo, readCertificate } from '../../src/system/certificate';
import { expectAuthMatrix, expectEnvelope, expectSameShape, get, post } from '../helpers/api';
import { testGateway } from '../helpers/gateway';

const CHIP_ID = 1715004;

// The examples of docs/api.md, with the broker at a documentation address (192.0.2.0/24 is never
// routed): the MQTT service really tries to connect to what these tests save.
const statusExample = {
  mqtt_enabled: true,
  mqtt_hostname: '192.0.2.10',
  mqtt_port: 1883,
  mqtt_clientid: 'OpenDTU-1715004',
  mqtt_username: 'opendtu',
  mqtt_topic: 'solar/',
  mqtt_connected: true,
  mqtt_retain: true,
  mqtt_tls: false,
  mqtt_root_ca_cert_info: 'serial number     : 82:10:…\n…',
  mqtt_tls_cert_login: false,
  mqtt_client_cert_info: '',
  mqtt_lwt_topic: 'solar/dtu/status',
  mqtt_publish_interval: 5,
  mqtt_clean_session: true,
  mqtt_hass_enabled: false,
  mqtt_hass_expire: true,
  mqtt_hass_retain: true,
  mqtt_hass_topic: 'homeassistant/',
  mqtt_hass_individualpanels: false,
};
const configExample = mqttExample();

/** A client certificate (any parsable PEM will do) and a private key that must never be shown. */
const clientCert =
  rootCertificates.find((pem) => new X509Certificate(pem).publicKey.asymmetricKeyType === 'ec') ?? '';
const clientKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

let env: Awaited<ReturnType<typeof testGateway>>;
beforeAll(async () => {
  env = await testGateway({}, { chipId: CHIP_ID, authLimits: { maxFailures: 1000 } });
});
afterAll(() => env.cleanup());

const withSecrets = {
  ...configExample,
  mqtt_password: 'mqtt-secret',
  mqtt_root_ca_cert: defaultRootCa(),
  mqtt_tls: true,
  mqtt_tls_cert_login: true,
  mqtt_client_cert: clientCert,
  mqtt_client_key: clientKey,
};

describe('GET /api/mqtt/config and /api/mqtt/status on a fresh gateway', () => {
  it('config: docs/api.md keys and types, the documented defaults', async () => {
    const response = await get(env.gateway, '/api/mqtt/config');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectSameShape(body, configExample);
    expect(body).toMatchObject({
      mqtt_enabled: false,
      mqtt_hostname: '',
      mqtt_port: 1883,
      mqtt_clientid: `OpenDTU-${CHIP_ID}`,
      mqtt_password: '',
      mqtt_topic: 'solar/',
      mqtt_lwt_topic: 'dtu/status',
      mqtt_lwt_qos: 2,
      mqtt_root_ca_cert: defaultRootCa(),
    });
  });

  it('status: docs/api.md keys and types, not connected, the root CA described, no secrets', async () => {
    const response = await get(env.gateway, '/api/mqtt/status', null);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expectSameShape(body, statusExample);
    expect(body.mqtt_connected).toBe(false);
    expect(body.mqtt_lwt_topic).toBe('solar/dtu/status');
    expect(body.mqtt_root_ca_cert_info).toMatch(/^serial number {5}: /);
    expect(body.mqtt_root_ca_cert_info).toContain(
      'issuer name       : C=US, O=Internet Security Research Group, CN=ISRG Root X1',
    );
    expect(body.mqtt_root_ca_cert_info).toContain(
      'serial number     : 82:10:CF:B0:D2:40:E3:59:44:63:E0:BB:63:82:8B:00',
    );
    expect(body.mqtt_root_ca_cert_info).toContain(
      'fingerprint       : 96:BC:EC:06:26:49:76:F3:74:60:77:9A:CF:28:C5:A7:CF:E8:A3:C0:AA:E1:1A:8F:FC:EE:05:C0:BD:DF:08:C6',
    );
    expect(body.mqtt_root_ca_cert_info).toContain('RSA key size      : 4096 bits');
    expect(body.mqtt_root_ca_cert_info).toContain('expires on        : 2035-06-04 11:04:38');
    expect(body.mqtt_client_cert_info).toBe('');
    expect(Object.keys(body).some((key) => /password|key$/.test(key))).toBe(false);
  });
});

describe('POST /api/mqtt/config', () => {
  it('stores the settings; GET masks the password and the client key, status shows neither', async () => {
    expectEnvelope(await post(env.gateway, '/api/mqtt/config', withSecrets), 1001);
    const stored = env.gateway.ctx.config.get('mqtt');
    expect(stored.password).toBe('mqtt-secret');
    expect(stored.tls.client_key).toBe(clientKey);

    const config = await get(env.gateway, '/api/mqtt/config');
    expect(config.json()).toMatchObject({
      mqtt_enabled: true,
      mqtt_hostname: '192.0.2.10',
      mqtt_password: SECRET_MASK,
      mqtt_client_key: SECRET_MASK,
      mqtt_client_cert: clientCert,
    });
    const status = await get(env.gateway, '/api/mqtt/status');
    for (const response of [config, status]) {
      expect(response.body).not.toContain('mqtt-secret');
      expect(response.body).not.toContain('PRIVATE KEY');
      expect(response.body).not.toContain(clientKey.split('\n')[1]);
    }
    expect(status.json().mqtt_client_cert_info).toContain('EC key curve');
  });

  it('keeps the stored secrets when the mask comes back, replaces them otherwise', async () => {
    expectEnvelope(await post(env.gateway, '/api/mqtt/config', withSecrets), 1001);
    const echoed = (await get(env.gateway, '/api/mqtt/config')).json();
    expectEnvelope(await post(env.gateway, '/api/mqtt/config', { ...echoed, mqtt_username: 'other' }), 1001);
    let stored = env.gateway.ctx.config.get('mqtt');
    expect(stored.username).toBe('other');
    expect(stored.password).toBe('mqtt-secret');
    expect(stored.tls.client_key).toBe(clientKey);

    expectEnvelope(
      await post(env.gateway, '/api/mqtt/config', {
        ...echoed,
        mqtt_password: 'new-secret',
        mqtt_client_key: '',
      }),
      1001,
    );
    stored = env.gateway.ctx.config.get('mqtt');
    expect(stored.password).toBe('new-secret');
    expect(stored.tls.client_key).toBe('');
    expect((await get(env.gateway, '/api/mqtt/config')).json().mqtt_client_key).toBe('');
  });

  it('uses the AP name as the effective client id when none is configured', async () => {
    expectEnvelope(
      await post(env.gateway, '/api/mqtt/config', { ...configExample, mqtt_clientid: '' }),
      1001,
    );
    expect((await get(env.gateway, '/api/mqtt/status')).json().mqtt_clientid).toBe(`OpenDTU-${CHIP_ID}`);
    expect((await get(env.gateway, '/api/mqtt/config')).json().mqtt_clientid).toBe('');
  });

  it('stores the text "null" for an absent root CA', async () => {
    const { mqtt_root_ca_cert: _omitted, ...rest } = configExample;
    expectEnvelope(await post(env.gateway, '/api/mqtt/config', rest), 1001);
    expect(env.gateway.ctx.config.get('mqtt').tls.root_ca_cert).toBe('null');
    expect((await get(env.gateway, '/api/mqtt/status')).json().mqtt_root_ca_cert_info).toBe('');
  });

  it('accepts a publish interval of a whole day (OpenDTU stops at 65535 s)', async () => {
    const response = await post(env.gateway, '/api/mqtt/config', {
      ...configExample,
      mqtt_enabled: false,
      mqtt_publish_interval: 86400,
    });
    expectEnvelope(response, 1001);
    expect(env.gateway.ctx.config.get('mqtt').publish_interval).toBe(86400);
  });

  it('stores a disabled config unchecked, cut to the storage sizes', async () => {
    const response = await post(env.gateway, '/api/mqtt/config', {
      ...configExample,
      mqtt_enabled: false,
      mqtt_hostname: 'h'.repeat(200),
      mqtt_topic: 'no slash and far too long for a topic',
      mqtt_publish_interval: 1,
    });
    expectEnvelope(response, 1001);
    const stored = env.gateway.ctx.config.get('mqtt');
    expect(stored.hostname).toBe('h'.repeat(128));
    expect(stored.topic).toBe('no slash and far too long for a '.slice(0, 32));
    expect(stored.publish_interval).toBe(1);
  });

  it.each([
    [{ mqtt_hostname: '' }, 7001, { max: 128 }],
    [{ mqtt_username: 'u'.repeat(65) }, 7002, { max: 64 }],
    [{ mqtt_password: 'p'.repeat(65) }, 7003, { max: 64 }],
    [{ mqtt_topic: `${'t'.repeat(32)}/` }, 7004, { max: 32 }],
    [{ mqtt_topic: 'my solar/' }, 7005, undefined],
    [{ mqtt_topic: 'solar' }, 7006, undefined],
    [{ mqtt_port: 0 }, 7007, undefined],
    [{ mqtt_client_key: 'k'.repeat(2561) }, 7008, { max: 2560 }],
    [{ mqtt_lwt_topic: 'l'.repeat(33) }, 7009, { max: 32 }],
    [{ mqtt_lwt_topic: 'dtu status' }, 7010, undefined],
    [{ mqtt_lwt_online: 'o'.repeat(21) }, 7011, { max: 20 }],
    [{ mqtt_lwt_offline: 'o'.repeat(21) }, 7012, { max: 20 }],
    [{ mqtt_publish_interval: 4 }, 7013, { min: 5, max: 86400 }],
    [{ mqtt_publish_interval: 86401 }, 7013, { min: 5, max: 86400 }],
    [{ mqtt_hass_enabled: true, mqtt_hass_topic: `${'h'.repeat(32)}/` }, 7014, { max: 32 }],
    [{ mqtt_hass_enabled: true, mqtt_hass_topic: 'home assistant/' }, 7015, undefined],
    [{ mqtt_lwt_qos: 3 }, 7016, { max: 2 }],
    [{ mqtt_clientid: 'c'.repeat(65) }, 7017, { max: 64 }],
    [{ mqtt_hass_enabled: true, mqtt_hass_topic: 'homeassistant' }, 7018, undefined],
    [{ mqtt_port: '1883' }, 1005, undefined],
  ])('%j → %i', async (patch, code, param) => {
    const before = env.gateway.ctx.config.get('mqtt');
    expectEnvelope(await post(env.gateway, '/api/mqtt/config', { ...configExample, ...patch }), code, param);
    expect(env.gateway.ctx.config.get('mqtt')).toBe(before);
  });

  it('answers 1002 and 1004 before anything else', async () => {
    expectEnvelope(await post(env.gateway, '/api/mqtt/config', 'not json'), 1004);
    const response = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/mqtt/config',
      payload: JSON.stringify(configExample),
      headers: {
        authorization: `Basic ${Buffer.from('admin:openDTU42').toString('base64')}`,
        'content-type': 'application/json',
      },
    });
    expectEnvelope(response, 1002);
  });
});

describe('certificate descriptions', () => {
  it('are empty for anything that is not a PEM certificate', () => {
    for (const text of [
      '',
      'null',
      '-----BEGIN CERTIFICATE-----\nMIIFazCC...\n-----END CERTIFICATE-----\n',
      clientKey,
    ]) {
      expect(certificateInfo(text)).toBe('');
    }
  });

  it('describe the first certificate of a bundle', () => {
    const info = certificateInfo(`${defaultRootCa()}${clientCert}`);
    expect(info).toContain('CN=ISRG Root X1');
    expect(info).toContain('basic constraints : CA=true');
    expect(info.split('\n').every((line) => /^[a-zA-Z. ]{18}: /.test(line))).toBe(true);
  });

  it('are read with X509Certificate: names, validity, fingerprint, key', () => {
    const cert = readCertificate(defaultRootCa())!;
    expect(cert.subject).toContain('CN=ISRG Root X1');
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.validFrom.toISOString()).toBe('2015-06-04T11:04:38.000Z');
    expect(cert.validTo.toISOString()).toBe('2035-06-04T11:04:38.000Z');
    expect(cert.ca).toBe(true);
    expect(cert.key).toEqual({ label: 'RSA key size', value: '4096 bits' });
    expect(readCertificate('not a certificate')).toBeUndefined();
  });
});

describe('auth', () => {
  it('status is Read-only, config is Admin', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: '/api/mqtt/status', level: 'readonly' },
      { method: 'GET', url: '/api/mqtt/config', level: 'admin' },
      { method: 'POST', url: '/api/mqtt/config', level: 'admin', data: {} },
    ]);
  });
});
