/**
 * POST /api/test/clock: moves the gateway clock forward, for the browser tests (docs/api.md, Test clock).
 * Exists only when the gateway was started with `--test-clock`; without it the path is unknown (404).
 * Every timer due in the span fires at its own moment (`@dtu-console/clock`, advance), so the poll cycle, the
 * simulator, the history's minutes, the alert windows and the power limiter see the minutes pass.
 */
import { isAdvanceableClock } from '@dtu-console/clock';
import { Code, envelope, internalErrorBody, testClockSchema } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import { postData } from '../http/post-data';

export const TEST_CLOCK_WARNING =
  'TEST CLOCK ON (--test-clock): POST /api/test/clock lets the admin move the gateway clock forward. ' +
  'This is for automated tests only: never start a production gateway with --test-clock.';

export const testClockRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const clock = ctx.clock;
  ctx.log.warn(TEST_CLOCK_WARNING);

  postData(
    app,
    '/api/test/clock',
    {
      auth: 'admin',
      summary: 'Tests only (--test-clock): advance the gateway clock by advance_ms, running every timer due',
      payload: testClockSchema,
    },
    async (values, _request, reply) => {
      if (!isAdvanceableClock(clock)) {
        return reply.code(500).send(internalErrorBody('test/clock: this clock cannot be advanced'));
      }
      await clock.advance(values.advance_ms);
      return envelope(Code.TestClockAdvanced);
    },
  );
};
