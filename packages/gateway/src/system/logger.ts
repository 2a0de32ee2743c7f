import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { ConsoleLog } from './console-log';

export type { Logger };

/**
 * The gateway's logger: readable lines on a terminal, JSON lines otherwise (journald, docker, files).
 * Credentials never reach a log: the Authorization header is redacted wherever a request is logged.
 */
export function createLogger(options: { level: string; pretty: boolean; consoleLog?: ConsoleLog }): Logger {
  const base = {
    level: options.level,
    redact: {
      paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.mqtt_password'],
      censor: '***',
    },
  };
  const terminal = options.pretty
    ? pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' })
    : pino.destination({ dest: 1, sync: true });
  if (!options.consoleLog) return pino(base, terminal);
  // The web console gets the same records (redacted the same way) as the terminal.
  return pino(
    base,
    pino.multistream([
      { level: options.level as pino.Level, stream: terminal },
      { level: options.level as pino.Level, stream: options.consoleLog.stream() },
    ]),
  );
}
