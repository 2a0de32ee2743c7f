import {
  Code,
  type Envelope,
  envelope,
  type KnownInverterContext,
  type LimitStatusResponse,
  limitConfigSchema,
  limitConfigSchemaFor,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GatewayContext } from '../context';
import type { CommandResult, LiveModel } from '../engine';
import { parsePostData } from '../http/post-data';
import { limitStatusJson } from '../output/live-json';

const MAX_48 = 1n << 48n;

/** "No such inverter" (5004, 11002) as the engine sees it: a configured inverter of a supported family. */
export function knownInverterContext(live: LiveModel): KnownInverterContext {
  return { isKnownInverter: (serial) => serial < MAX_48 && live.inverter(Number(serial)) !== undefined };
}

/** How often a "commands disabled" request is logged per inverter and command (zero-export scripts send every few seconds). */
export const DISABLED_LOG_INTERVAL_MS = 10 * 60_000;

/**
 * The answer to a validated limit or power request.
 *
 * Quirk 5 (api.md §5.2, §5.4): with commands disabled for the inverter (command_enable off, or night
 * without command_enable_night) nothing is sent, yet the firmware answers 1001. We keep code 1001 and type
 * success: Home Assistant, ioBroker and zero-export scripts treat anything else as a failure and some
 * retry in a loop, and from their side the request itself was valid. What users lacked was any sign that
 * it went nowhere, so the envelope's free message text says so (clients never parse it) and the gateway
 * logs it (throttled), where the web console and the log files show it.
 */
export class CommandAnswers {
  readonly #ctx: GatewayContext;
  readonly #lastLogged = new Map<string, number>();

  constructor(ctx: GatewayContext) {
    this.#ctx = ctx;
  }

  envelope(
    what: string,
    serial: string,
    result: CommandResult,
    codes: { unknown: Code; invalid: Code },
  ): Envelope {
    switch (result) {
      case 'queued':
        return envelope(Code.SettingsSaved);
      case 'commands-disabled':
        this.#logDisabled(what, serial);
        return {
          ...envelope(Code.SettingsSaved),
          message: 'Accepted, but not sent: commands are disabled for this inverter right now.',
        };
      case 'unknown-inverter':
        // Removed between validation and the command (a concurrent inverter edit).
        return envelope(codes.unknown);
      case 'invalid':
        return envelope(codes.invalid);
    }
  }

  #logDisabled(what: string, serial: string): void {
    const key = `${what}:${serial}`;
    const now = performance.now();
    const last = this.#lastLogged.get(key);
    if (last !== undefined && now - last < DISABLED_LOG_INTERVAL_MS) return;
    this.#lastLogged.set(key, now);
    this.#ctx.log.warn(
      { serial },
      `${what} for inverter ${serial} not sent: commands are disabled for it now (command_enable, command_enable_night)`,
    );
  }
}

/** /api/limit/*: active power limit status and command (api.md §5.1, §5.2). */
export const limitRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const answers = new CommandAnswers(ctx);
  app.get(
    '/api/limit/status',
    { config: { auth: 'readonly', summary: 'Limit and its command status per inverter' } },
    async (): Promise<LimitStatusResponse> => limitStatusJson(ctx.plant.live),
  );

  app.post(
    '/api/limit/config',
    {
      config: {
        auth: 'admin',
        summary: 'Send an active power limit to an inverter',
        payload: limitConfigSchema,
      },
    },
    async (request): Promise<Envelope> => {
      const posted = await parsePostData(request, limitConfigSchemaFor(knownInverterContext(ctx.plant.live)));
      if (!posted.ok) return posted.envelope;
      const { serial, limit_value, limit_type } = posted.value;
      const result = ctx.plant.engine.setLimit(serial, { value: limit_value, type: limit_type });
      return answers.envelope('Limit', serial, result, {
        unknown: Code.LimitInverterInvalid,
        invalid: Code.LimitTypeInvalid,
      });
    },
  );
};
