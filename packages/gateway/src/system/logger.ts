import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

/**
 * The gateway's logger: readable lines on a terminal, JSON lines otherwise (journald, docker, files).
 * Credentials never reach a log: the Authorization header is redacted wherever a request is logged.
 */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  const base = {
    level: options.level,
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.mqtt_password'],
      censor: '***',
    },
  };
  if (!options.pretty) return pino(base);
  return pino(
    base,
    pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' }),
  );
}
