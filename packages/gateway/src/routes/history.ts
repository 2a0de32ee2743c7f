/**
 * /api/v2/history/*: the versioned history API beside the compatible one (types in
 * packages/contract/src/history/api.ts). A refused query answers HTTP 400 with the envelope of its code.
 */
import {
  Code,
  envelope,
  type HistoryConfig,
  type HistoryEnergySeries,
  HistoryLimits,
  type HistoryPowerSeries,
  type HistoryStatus,
  historyConfigSchema,
} from '@dtu-console/contract';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { GatewayContext } from '../context';
import { parseEnergyQuery, parsePowerQuery } from '../history/query';
import { postData, savedEnvelope } from '../http/post-data';
import { readSingleFile } from '../http/upload';

const refuse = (reply: FastifyReply, code: Code) => reply.code(400).send(envelope(code));

const serialParameter = {
  name: 'serial',
  description: 'Inverter serial (repeatable); with exactly one, its strings come too',
  repeatable: true,
} as const;

export const historyRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const history = ctx.services.history;
  const known = (serial: string) => history.isKnown(serial);

  app.get(
    '/api/v2/history/power',
    {
      config: {
        auth: 'readonly',
        summary:
          'Power series (W, mean per step) of the plant, its inverters and, for one inverter, its strings',
        refuses: true,
        query: [
          { name: 'date', description: 'A local day YYYY-MM-DD (instead of from/to)' },
          { name: 'from', description: 'Start, Unix seconds' },
          { name: 'to', description: 'End, Unix seconds (after from)' },
          {
            name: 'step',
            description: `Seconds per step, a whole number of minutes (default ${HistoryLimits.dayStepDefault} with date)`,
          },
          serialParameter,
        ],
      },
    },
    async (request, reply): Promise<HistoryPowerSeries | FastifyReply> => {
      const query = parsePowerQuery(request.query as Record<string, unknown>, history.zone().rule, known);
      if (!query.ok) return refuse(reply, query.code);
      return history.powerSeries(query.value);
    },
  );

  app.get(
    '/api/v2/history/energy',
    {
      config: {
        auth: 'readonly',
        summary: 'Energy (Wh) per day of a month, per month of a year, or per year',
        refuses: true,
        query: [
          { name: 'range', description: 'month, year or all', required: true },
          { name: 'date', description: 'YYYY-MM for month, YYYY for year' },
          serialParameter,
        ],
      },
    },
    async (request, reply): Promise<HistoryEnergySeries | FastifyReply> => {
      const query = parseEnergyQuery(request.query as Record<string, unknown>, known);
      if (!query.ok) return refuse(reply, query.code);
      return history.energySeries(query.value);
    },
  );

  app.get(
    '/api/v2/history/status',
    { config: { auth: 'readonly', summary: 'What the history holds: size, oldest days, serials' } },
    async (): Promise<HistoryStatus> => history.status(),
  );

  app.get(
    '/api/v2/history/config',
    { config: { auth: 'admin', summary: 'History recording and retention' } },
    async (): Promise<HistoryConfig> => history.config(),
  );

  postData(
    app,
    '/api/v2/history/config',
    {
      auth: 'admin',
      summary: 'Save history recording and retention (applied at once)',
      payload: historyConfigSchema,
    },
    async (values) => savedEnvelope(await ctx.config.update('history', values)),
  );

  app.get(
    '/api/v2/history/export',
    {
      config: {
        auth: 'admin',
        summary: 'Download the whole history (gzip JSON, one row per line)',
        produces: 'application/gzip',
      },
    },
    async (_request, reply) => {
      const exported = history.export();
      return reply
        .type('application/gzip')
        .header('Content-Disposition', `attachment; filename="${exported.fileName}"`)
        .send(exported.stream);
    },
  );

  app.post(
    '/api/v2/history/import',
    {
      config: {
        auth: 'admin',
        summary: 'Merge a history export (checked whole first; nothing changes when refused)',
        produces: 'application/json',
        refuses: true,
        upload: { parts: [{ name: 'file', file: true, description: 'A history export (.json.gz)' }] },
      },
    },
    async (request, reply) => {
      const file = await readSingleFile(request, { maxBytes: HistoryLimits.importMaxBytes, field: 'file' });
      if (!file.ok) return refuse(reply, Code.HistoryImportInvalid);
      const imported = await history.import(file.content);
      if (!imported.ok) return refuse(reply, Code.HistoryImportInvalid);
      return envelope(Code.HistoryImported);
    },
  );
};
