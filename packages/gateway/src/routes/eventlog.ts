import type { EventLogStatus } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { queryValue } from '../http/query';
import { parseEventLocale, translateEventMessage } from '../i18n/event-messages';
import { eventlogStatusJson } from '../output/live-json';

/** GET /api/eventlog/status?inv=<serial>[&locale=en|de|fr]; `{}` for a missing/unknown inv. */
export const eventlogRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/eventlog/status',
    { config: { auth: 'readonly', summary: 'Event log of one inverter (?inv=, ?locale=en|de|fr)' } },
    async (request): Promise<EventLogStatus | Record<string, never>> => {
      const inv = queryValue(request.query, 'inv');
      const locale = parseEventLocale(queryValue(request.query, 'locale'));
      const live = ctx.plant.live;
      return eventlogStatusJson(live, inv === undefined ? undefined : live.inverter(inv), {
        translate: (messageId, english) => translateEventMessage(locale, messageId, english),
      });
    },
  );
};
