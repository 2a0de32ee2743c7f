import {
  CmtCountries,
  type CountryDef,
  type DtuConfig,
  DtuLimits,
  dtuConfigSchema,
  formatHexSerial,
} from '@dtu-console/contract';
import type { RadioStatus } from '@dtu-console/radio/radio';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { type DeepReadonly, type GatewayConfig, storedSerial } from '../config/schema';
import type { GatewayContext } from '../context';
import { postData, savedEnvelope } from '../http/post-data';

type DtuSection = DeepReadonly<GatewayConfig['dtu']>;
type DtuPayload = z.output<typeof dtuConfigSchema>;

/** `country_def` in the documented key order, without our id and name. */
export const COUNTRY_DEF: readonly CountryDef[] = CmtCountries.map((country) => ({
  freq_default: country.freq_default,
  freq_min: country.freq_min,
  freq_max: country.freq_max,
  freq_legal_min: country.freq_legal_min,
  freq_legal_max: country.freq_legal_max,
}));

/** GET /api/dtu/config. `*_enabled`: whether a radio of that kind is initialised. */
export function dtuConfigResponse(dtu: DtuSection, radio: RadioStatus): DtuConfig {
  return {
    serial: formatHexSerial(BigInt(dtu.serial)),
    pollinterval: dtu.poll_interval,
    nrf_enabled: radio.nrf.configured,
    nrf_palevel: dtu.nrf_pa_level,
    cmt_enabled: radio.cmt.configured,
    cmt_palevel: dtu.cmt_pa_level,
    cmt_frequency: dtu.cmt_frequency,
    cmt_country: dtu.cmt_country_mode,
    cmt_chan_width: DtuLimits.cmtChannelWidthHz,
    country_def: COUNTRY_DEF.map((country) => ({ ...country })),
  };
}

/** The stored section for a validated POST (`nrf_enabled`, `cmt_enabled`, … are read-only and ignored). */
export function dtuSectionFromPayload(payload: DtuPayload): GatewayConfig['dtu'] {
  return {
    serial: storedSerial(payload.serial),
    poll_interval: payload.pollinterval,
    nrf_pa_level: payload.nrf_palevel,
    cmt_pa_level: payload.cmt_palevel,
    cmt_frequency: payload.cmt_frequency,
    cmt_country_mode: payload.cmt_country,
  };
}

/** /api/dtu/config: the DTU radio settings, Admin for both methods. */
export const dtuRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/dtu/config',
    { config: { auth: 'admin', summary: 'DTU radio settings' } },
    async (): Promise<DtuConfig> => dtuConfigResponse(ctx.config.get('dtu'), ctx.plant.radio.status()),
  );

  postData(
    app,
    '/api/dtu/config',
    { auth: 'admin', summary: 'Save the DTU radio settings', payload: dtuConfigSchema },
    async (values) => {
      // The store announces `config:changed` 'dtu'; the engine re-applies serial, PA levels, frequency and
      // poll interval from it at once (no reboot).
      return savedEnvelope(await ctx.config.update('dtu', dtuSectionFromPayload(values)));
    },
  );
};
