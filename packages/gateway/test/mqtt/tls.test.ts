/** TLS to a real Mosquitto: the server checked against the configured CA, login by client certificate. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, get, post } from '../helpers/api';
import { type RestartableBroker, startMosquitto } from '../helpers/mosquitto';
import { baseConfig, until } from '../helpers/mqtt';
import { type PlantGateway, plantGateway } from '../helpers/plant-gateway';
import { makeTlsFiles, type TlsFiles } from '../helpers/tls-files';

describe('MQTT over TLS with a client certificate', () => {
  let tls: TlsFiles;
  let broker: RestartableBroker;
  let env: PlantGateway | undefined;

  beforeAll(async () => {
    tls = await makeTlsFiles();
    broker = await startMosquitto({
      tls: {
        caFile: tls.caFile,
        certFile: tls.serverCertFile,
        keyFile: tls.serverKeyFile,
        requireCertificate: true,
      },
    });
  });
  afterAll(async () => {
    await broker.stop();
    await tls.cleanup();
  });
  afterEach(async () => {
    await env?.cleanup();
    env = undefined;
  });

  const tlsConfig = () => ({
    ...baseConfig,
    mqtt_port: broker.port,
    mqtt_tls: true,
    mqtt_root_ca_cert: tls.ca,
    mqtt_tls_cert_login: true,
    mqtt_client_cert: tls.clientCert,
    mqtt_client_key: tls.clientKey,
  });

  it('connects with the CA and the client certificate, and the status describes both', async () => {
    env = await plantGateway();
    expectEnvelope(await post(env.gateway, '/api/mqtt/config', tlsConfig()), 1001);
    const gateway = env.gateway;
    await until(() => gateway.ctx.services.mqtt.connected, 5000, 'the TLS connection');
    const status = (await get(gateway, '/api/mqtt/status')).json();
    expect(status.mqtt_connected).toBe(true);
    expect(status.mqtt_tls).toBe(true);
    expect(status.mqtt_root_ca_cert_info).toContain('dtu-console test CA');
    expect(status.mqtt_client_cert_info).toContain('CN=dtu-console');
  });

  it('does not connect without the client certificate, nor with a CA that did not sign the server', async () => {
    env = await plantGateway();
    expectEnvelope(
      await post(env.gateway, '/api/mqtt/config', { ...tlsConfig(), mqtt_tls_cert_login: false }),
      1001,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(env.gateway.ctx.services.mqtt.connected).toBe(false);

    const other = await makeTlsFiles();
    try {
      expectEnvelope(
        await post(env.gateway, '/api/mqtt/config', { ...tlsConfig(), mqtt_root_ca_cert: other.ca }),
        1001,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(env.gateway.ctx.services.mqtt.connected).toBe(false);
    } finally {
      await other.cleanup();
    }
  });
});
