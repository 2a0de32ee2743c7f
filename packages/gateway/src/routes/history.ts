/**
 * /api/v2/history/*: the versioned history API beside the compatible one (types in
 * packages/contract/src/api/history.ts). A refused query answers HTTP 400 with the envelope of its code.
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
import { dayLabel } from '../history/day-energy';
import { parseEnergyQuery, parsePowerQuery } from '../history/query';
import { exportStream, ImportError, importHistory } from '../history/transfer';
import { postData, savedEnvelope } from '../http/post-data';

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
      history.flush();
      const now = ctx.clock.now();
      const date = dayLabel(history.localDay(now));
      return reply
        .type('application/gzip')
        .header('Content-Disposition', `attachment; filename="dtu-console-history-${date}.json.gz"`)
        .send(exportStream(history.store, Math.floor(now / 1000)));
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
      if (!request.isMultipart()) return refuse(reply, Code.HistoryImportInvalid);
      let content: Buffer | undefined;
      try {
        const part = await request.file({ limits: { fileSize: HistoryLimits.importMaxBytes, files: 1 } });
        if (part?.fieldname === 'file') content = await part.toBuffer();
        else part?.file.resume();
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 413)
          return refuse(reply, Code.HistoryImportInvalid);
        throw error;
      }
      if (content === undefined) return refuse(reply, Code.HistoryImportInvalid);
      history.flush();
      try {
        const rows = await importHistory(history.store, content);
        request.log.info(`History imported: ${rows} rows`);
      } catch (error) {
        if (!(error instanceof ImportError)) throw error;
        request.log.warn({ reason: error.message }, 'History import refused');
        return refuse(reply, Code.HistoryImportInvalid);
      }
      return envelope(Code.HistoryImported);
    },
  );
};
