/**
 * /api/battery/* and /api/solarcharger/*: the battery and its charge controllers (src/battery/). Settings
 * are admin; the status is read like live data. Neither section holds a secret.
 */
import {
  type BatteryConfig,
  type BatteryStatus,
  batteryConfigSchema,
  type SolarChargerConfig,
  type SolarChargerStatus,
  solarChargerConfigSchema,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { postData, savedEnvelope } from '../http/post-data';

export const batteryRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const { battery, solarcharger } = ctx.services;

  app.get(
    '/api/battery/status',
    {
      config: {
        auth: 'readonly',
        summary:
          'Battery: state of charge, voltage, current (negative while discharging), limits, alarms, age',
      },
    },
    async (): Promise<BatteryStatus> => battery.status(),
  );

  app.get(
    '/api/battery/config',
    { config: { auth: 'admin', summary: 'Battery source' } },
    async (): Promise<BatteryConfig> => structuredClone(ctx.config.get('battery')) as BatteryConfig,
  );

  postData(
    app,
    '/api/battery/config',
    { auth: 'admin', summary: 'Save the battery source', payload: batteryConfigSchema },
    // `config:changed` 'battery' replaces the running source.
    async (values) => savedEnvelope(await ctx.config.update('battery', values)),
  );

  app.get(
    '/api/solarcharger/status',
    {
      config: {
        auth: 'readonly',
        summary: 'Solar charge controllers: solar power, battery voltage and current, charge state, age',
      },
    },
    async (): Promise<SolarChargerStatus> => solarcharger.status(),
  );

  app.get(
    '/api/solarcharger/config',
    { config: { auth: 'admin', summary: 'Solar charge controller source' } },
    async (): Promise<SolarChargerConfig> =>
      structuredClone(ctx.config.get('solarcharger')) as SolarChargerConfig,
  );

  postData(
    app,
    '/api/solarcharger/config',
    { auth: 'admin', summary: 'Save the solar charge controller source', payload: solarChargerConfigSchema },
    async (values) => savedEnvelope(await ctx.config.update('solarcharger', values)),
  );
};
