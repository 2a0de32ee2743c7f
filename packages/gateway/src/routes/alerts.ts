/** /api/alerts/*: the open and recent alerts, acknowledging, and the rules' settings (docs/alerts.md). */
import {
  type AlertsConfig,
  type AlertsStatus,
  alertsAckSchema,
  alertsConfigSchema,
  Code,
  envelope,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { postData, savedEnvelope } from '../http/post-data';
import { queryValue } from '../http/query';
import { parseEventLocale } from '../i18n/event-messages';

export const alertsRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const alerts = ctx.services.alerts;

  app.get(
    '/api/alerts/status',
    {
      config: {
        auth: 'readonly',
        summary: 'Open and recently cleared alerts, the unacknowledged count and which rules apply',
        query: [{ name: 'locale', description: 'Language of the messages: en, de or fr (default en)' }],
      },
    },
    async (request): Promise<AlertsStatus> =>
      alerts.status(parseEventLocale(queryValue(request.query, 'locale'))),
  );

  app.get(
    '/api/alerts/config',
    { config: { auth: 'admin', summary: 'Alert rules, thresholds and push targets (secrets masked)' } },
    async (): Promise<AlertsConfig> => alerts.config(),
  );

  postData(
    app,
    '/api/alerts/config',
    {
      auth: 'admin',
      summary: 'Save alert rules, thresholds and push targets (a masked secret keeps the stored one)',
      payload: alertsConfigSchema,
    },
    async (values) => savedEnvelope(await alerts.save(values)),
  );

  postData(
    app,
    '/api/alerts/ack',
    {
      auth: 'admin',
      summary: 'Acknowledge one alert (id) or every open one (all: true)',
      payload: alertsAckSchema,
    },
    async (values) =>
      envelope(
        alerts.acknowledge(values.all === true ? undefined : values.id)
          ? Code.AlertsAcknowledged
          : Code.AlertsUnknown,
      ),
  );
};
