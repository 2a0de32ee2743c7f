/**
 * /api/powermeter/*: the house's electricity meter (src/powermeter/). Config and "read now" are admin; the
 * status is read like live data. Passwords never leave: masked in the GET, kept when the mask comes back.
 */
import {
  type PowerMeterConfig,
  type PowerMeterConfigPayload,
  type PowerMeterProblem,
  type PowerMeterStatus,
  type PowerMeterTestResult,
  powerMeterConfigSchema,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import { keepPowerMeterSecrets, maskPowerMeterSecrets } from '../config/secrets';
import type { GatewayContext } from '../context';
import { postData, savedEnvelope } from '../http/post-data';
import type { ReadNowResult } from '../powermeter/service';
import type { MeterProblem, MeterStatus } from '../powermeter/types';

type Section = GatewayConfig['powermeter'];

export function powerMeterConfigResponse(section: DeepReadonly<Section>): PowerMeterConfig {
  const copy = structuredClone(section) as Section;
  maskPowerMeterSecrets(copy);
  return copy;
}

/**
 * The posted section with stored passwords where the mask came back; a source's settings the request
 * leaves out (an older client's object) keep their stored values.
 */
export function powerMeterSectionFromPayload(
  payload: PowerMeterConfigPayload,
  stored: DeepReadonly<Section>,
): Section {
  const posted = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));
  const section = structuredClone({ ...stored, ...posted }) as Section;
  keepPowerMeterSecrets(section, stored);
  return section;
}

function problemResponse(problem: MeterProblem): PowerMeterProblem {
  return { code: problem.code as PowerMeterProblem['code'], detail: problem.detail };
}

export function powerMeterStatusResponse(status: MeterStatus, enabled: boolean): PowerMeterStatus {
  const { reading } = status;
  return {
    enabled,
    source: status.source,
    simulated: status.source === 'simulated',
    power: reading ? reading.powerW : null,
    phases: reading?.phasesW ? [...reading.phasesW] : null,
    valid: status.valid,
    age_ms: status.ageMs ?? null,
    time: reading ? reading.atMs : null,
    problem: status.problem ? problemResponse(status.problem) : null,
    energy_import_wh: reading?.importWh ?? null,
    energy_export_wh: reading?.exportWh ?? null,
    meter_id: reading?.meterId ?? null,
  };
}

export function powerMeterTestResponse(
  result: ReadNowResult,
  source: Section['source'],
): PowerMeterTestResult {
  if (!result.ok) return { ok: false, problem: problemResponse(result.problem), source };
  const { reading } = result;
  return {
    ok: true,
    power: reading.powerW,
    phases: reading.phasesW ? [...reading.phasesW] : null,
    time: reading.atMs,
    source,
    energy_import_wh: reading.importWh ?? null,
    energy_export_wh: reading.exportWh ?? null,
    meter_id: reading.meterId ?? null,
  };
}

export const powerMeterRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const meter = ctx.services.meter;

  app.get(
    '/api/powermeter/status',
    {
      config: {
        auth: 'readonly',
        summary: 'Electricity meter: last reading (W, import positive), age, validity',
      },
    },
    async (): Promise<PowerMeterStatus> =>
      powerMeterStatusResponse(meter.status(), ctx.config.get('powermeter').enabled),
  );

  app.get(
    '/api/powermeter/config',
    { config: { auth: 'admin', summary: 'Electricity meter source (passwords masked)' } },
    async (): Promise<PowerMeterConfig> => powerMeterConfigResponse(ctx.config.get('powermeter')),
  );

  postData(
    app,
    '/api/powermeter/config',
    { auth: 'admin', summary: 'Save the electricity meter source', payload: powerMeterConfigSchema },
    async (values) => {
      const section = powerMeterSectionFromPayload(values, ctx.config.get('powermeter'));
      // `config:changed` 'powermeter' replaces the running source.
      return savedEnvelope(await ctx.config.update('powermeter', section));
    },
  );

  postData(
    app,
    '/api/powermeter/test',
    {
      auth: 'admin',
      summary: 'Read now: run a (not yet saved) meter source once; the reading or why there is none',
      payload: powerMeterConfigSchema,
    },
    async (values): Promise<PowerMeterTestResult> => {
      const section = powerMeterSectionFromPayload(values, ctx.config.get('powermeter'));
      return powerMeterTestResponse(await meter.readNow(section), section.source);
    },
  );
};
