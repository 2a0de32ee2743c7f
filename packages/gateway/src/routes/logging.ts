/**
 * /api/logging/config (Admin): the log level per module as OpenDTU stores it in config.json. GET lists the
 * seven modules in their order (-1 = inherit the default). POST takes the same structure without a type
 * check (only 1002/1004): the default is clamped to 0..5, module levels to -1..5, unknown names and -1
 * entries are not stored. The gateway keeps and serves these settings; its own log verbosity is set by
 * --log-level, so they do not change what it logs.
 */
import {
  Code,
  type LoggingConfig,
  type LogLevel,
  type LogModuleName,
  LogModules,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import { LOG_MODULE_SLOTS } from '../config/schema';
import type { GatewayContext } from '../context';
import { parsePostJson, savedEnvelope } from '../http/post-data';

type LoggingSection = GatewayConfig['logging'];

const isModuleName = (name: unknown): name is LogModuleName =>
  typeof name === 'string' && (LogModules as readonly string[]).includes(name);

function clampLevel(value: unknown, min: number, fallback: number): LogLevel {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback as LogLevel;
  return Math.min(5, Math.max(min, Math.trunc(value))) as LogLevel;
}

export function loggingConfigResponse(logging: DeepReadonly<LoggingSection>): LoggingConfig {
  const stored = new Map(logging.modules.filter((m) => isModuleName(m.name)).map((m) => [m.name, m.level]));
  return {
    loglevel: {
      default: clampLevel(logging.default, 0, 0),
      modules: LogModules.map((name) => ({ name, level: clampLevel(stored.get(name) ?? -1, -1, -1) })),
    },
  };
}

/** The posted JSON as the stored section; anything unreadable counts as missing. */
export function loggingSectionFromPost(posted: unknown): LoggingSection {
  const loglevel = (posted as { loglevel?: { default?: unknown; modules?: unknown } } | null)?.loglevel;
  const modules: LoggingSection['modules'] = [];
  for (const entry of Array.isArray(loglevel?.modules) ? loglevel.modules : []) {
    const { name, level } = (entry ?? {}) as { name?: unknown; level?: unknown };
    const clamped = clampLevel(level, -1, -1);
    if (isModuleName(name) && clamped >= 0 && modules.length < LOG_MODULE_SLOTS) {
      modules.push({ name, level: clamped });
    }
  }
  // Unused slots as OpenDTU writes them.
  while (modules.length < LOG_MODULE_SLOTS) modules.push({ name: '', level: 5 });
  return { default: clampLevel(loglevel?.default, 0, 0), modules };
}

export const loggingRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/logging/config',
    { config: { auth: 'admin', summary: 'Log level per module' } },
    async (): Promise<LoggingConfig> => loggingConfigResponse(ctx.config.get('logging')),
  );

  app.post(
    '/api/logging/config',
    {
      config: { auth: 'admin', summary: 'Save the log level per module (not type-checked, values clamped)' },
    },
    async (request) => {
      const posted = await parsePostJson(request);
      if (!posted.ok) return posted.envelope;
      return savedEnvelope(
        await ctx.config.update('logging', loggingSectionFromPost(posted.value)),
        Code.SettingsSaved,
      );
    },
  );
};
