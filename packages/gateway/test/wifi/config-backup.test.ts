import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basicAuth, postForm, testGateway } from '../helpers/gateway';
import { multipart } from '../helpers/multipart';
import { wifiDeviceConfig } from '../helpers/wifi-device';

const admin = { authorization: basicAuth() };
type Env = Awaited<ReturnType<typeof testGateway>>;

/** The Wi-Fi devices are part of config.json: a backup carries them and a restore brings them back. */
describe('Wi-Fi devices in the configuration backup', () => {
  let env: Env;
  beforeEach(async () => {
    env = await testGateway({}, { rebootDelayMs: 60_000 });
  });
  afterEach(() => env.cleanup());

  it('backs up and restores the devices and the limit interval', async () => {
    const devices = [{ ...wifiDeviceConfig(10081), enabled: false }];
    const saved = await postForm(env.gateway, '/api/wifi/config', { devices, limit_interval_min: 12 }, admin);
    expect(saved.json()).toMatchObject({ code: 1001 });
    const backup = JSON.parse(
      (await env.gateway.http.inject({ method: 'GET', url: '/api/file/get', headers: admin })).body,
    ) as { wifi_devices: unknown };
    expect(backup.wifi_devices).toEqual({ devices, limit_interval_min: 12 });

    const other = await testGateway({}, { rebootDelayMs: 60_000 });
    try {
      const body = multipart([
        { name: 'config', filename: 'config', content: JSON.stringify(backup), type: 'application/json' },
      ]);
      const response = await other.gateway.http.inject({
        method: 'POST',
        url: '/api/file/upload?file=config.json',
        payload: body.payload,
        headers: { ...body.headers, ...admin },
      });
      expect(response.statusCode).toBe(200);
      const next = await testGateway({ dataDir: other.dataDir });
      expect(next.gateway.ctx.config.get('wifi_devices')).toEqual({ devices, limit_interval_min: 12 });
      await next.gateway.stop();
    } finally {
      await other.cleanup();
    }
  });
});
