/** /api/wifi/*: Hoymiles Wi-Fi devices (docs/wifi.md). */
import {
  Code,
  envelope,
  type WifiConfig,
  type WifiCurves,
  type WifiStatus,
  wifiConfigSchema,
  wifiRebootSchema,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { postData, savedEnvelope } from '../http/post-data';

export const wifiRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const wifi = ctx.services.wifi;

  app.get(
    '/api/wifi/config',
    { config: { auth: 'admin', summary: 'Configured Hoymiles Wi-Fi devices and the limit interval' } },
    async (): Promise<WifiConfig> => wifi.config(),
  );

  postData(
    app,
    '/api/wifi/config',
    {
      auth: 'admin',
      summary: 'Save the Hoymiles Wi-Fi devices (name, host, port, enabled, poll interval)',
      payload: wifiConfigSchema,
    },
    async (values) => savedEnvelope(await wifi.save(values)),
  );

  app.get(
    '/api/wifi/status',
    {
      config: {
        auth: 'readonly',
        summary: 'Per Wi-Fi device: connection state, model, firmware, inverters served, last error',
      },
    },
    async (): Promise<WifiStatus> => wifi.status(),
  );

  app.get(
    '/api/wifi/curve',
    {
      config: {
        auth: 'readonly',
        summary: "Per Wi-Fi device: the inverters it serves and the day's power curve it keeps itself",
      },
    },
    async (): Promise<WifiCurves> => ({
      devices: wifi.status().devices.map((device, index) => {
        const curve = wifi.curve(index);
        return {
          name: device.name,
          serial: device.serial,
          inverters: [...device.inverters],
          curve: curve && {
            start: curve.start,
            step_s: curve.stepS,
            power_w: [...curve.powerW],
            serial: curve.serial,
          },
        };
      }),
    }),
  );

  postData(
    app,
    '/api/wifi/reboot',
    {
      auth: 'admin',
      summary: 'Restart a Wi-Fi device (index in the configuration); an encrypting one draws a new key',
      payload: wifiRebootSchema,
    },
    async ({ index }) => {
      if (index >= wifi.status().devices.length) return envelope(Code.WifiDeviceUnknown);
      return envelope((await wifi.reboot(index)) ? Code.WifiRebootSent : Code.WifiDeviceOffline);
    },
  );
};
