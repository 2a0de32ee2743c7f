import { createSocket, type Socket } from 'node:dgram';
import type { Clock } from '@dtu-console/clock';
import type { EventBus, Service } from '../bus';
import type { ConfigStore } from '../config/store';
import type { ConsoleLog } from '../system/console-log';
import type { Logger } from '../system/logger';
import { announcedHostname } from './hostname';

/** Facility "user-level messages" (1) of RFC 5424. */
const FACILITY_USER = 1;

/** Console line level letters (system/console-log.ts) → RFC 5424 severities. */
const SEVERITY: Record<string, number> = { F: 2, E: 3, W: 4, I: 6, D: 7, T: 7 };

export const SYSLOG_APP_NAME = 'dtu-console';

/** One console line as an RFC 5424 message: `<PRI>1 TIMESTAMP HOST APP PROCID - - MSG`. */
export function syslogMessage(line: string, options: { hostname: string; time: Date; pid: number }): string {
  const match = /^([FEWIDT]) (.*)$/s.exec(line);
  const severity = SEVERITY[match?.[1] ?? 'I'] ?? 6;
  const text = match?.[2] ?? line;
  const pri = FACILITY_USER * 8 + severity;
  return `<${pri}>1 ${options.time.toISOString()} ${options.hostname} ${SYSLOG_APP_NAME} ${options.pid} - - ${text}`;
}

export interface SyslogForwarderOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  /** The gateway's log lines, as the web console shows them. */
  consoleLog: ConsoleLog;
}

/**
 * Forwards every log line by UDP to the syslog server of the network settings while syslog is enabled,
 * and follows config saves (server, port, on/off). A server that cannot be reached loses lines, never
 * blocks the gateway: UDP has no backlog to fill. The socket is not connected, so a "port unreachable"
 * answer does not close it: the next line goes out, and arrives once the server is back. Own code, not a
 * pino transport: ARCHITECTURE.md, "Dependencies", says why.
 */
export class SyslogForwarder implements Service {
  readonly name = 'syslog';
  readonly #options: SyslogForwarderOptions;
  #socket: Socket | undefined;
  #target: { host: string; port: number } | undefined;
  #unsubscribeLines: (() => void) | undefined;
  #unsubscribeConfig: (() => void) | undefined;
  #warned = false;

  constructor(options: SyslogForwarderOptions) {
    this.#options = options;
  }

  /** Where lines go now, if anywhere. */
  get target(): { host: string; port: number } | undefined {
    return this.#target;
  }

  start(): void {
    this.#unsubscribeConfig = this.#options.bus.on('config:changed', (section) => {
      if (section === 'syslog') this.#apply();
    });
    this.#apply();
  }

  stop(): void {
    this.#unsubscribeConfig?.();
    this.#unsubscribeConfig = undefined;
    this.#close();
  }

  #apply(): void {
    const { syslog } = this.#options.config.all();
    const wanted =
      syslog.enabled && syslog.hostname !== '' ? { host: syslog.hostname, port: syslog.port } : undefined;
    if (wanted?.host === this.#target?.host && wanted?.port === this.#target?.port) return;
    this.#close();
    if (!wanted) return;
    const socket = createSocket('udp4');
    socket.on('error', (error) => this.#warnOnce(error));
    socket.unref();
    this.#socket = socket;
    this.#target = wanted;
    this.#warned = false;
    this.#unsubscribeLines = this.#options.consoleLog.subscribe((line) => this.#send(line));
    this.#options.log.info(`Syslog: forwarding the log to ${wanted.host}:${wanted.port}`);
  }

  #send(line: string): void {
    const socket = this.#socket;
    const target = this.#target;
    if (!socket || !target) return;
    const { config, clock } = this.#options;
    const message = syslogMessage(line, {
      hostname: announcedHostname(config.all().wifi.hostname, config.chipId),
      time: new Date(clock.now()),
      pid: process.pid,
    });
    socket.send(message, target.port, target.host, (error) => {
      if (error) this.#warnOnce(error);
    });
  }

  /** Logged once per target, not per line: the warning itself would be forwarded and fail again. */
  #warnOnce(error: Error): void {
    if (this.#warned) return;
    this.#warned = true;
    this.#options.log.warn({ err: error }, 'Syslog: sending failed');
  }

  #close(): void {
    this.#unsubscribeLines?.();
    this.#unsubscribeLines = undefined;
    this.#socket?.close();
    this.#socket = undefined;
    this.#target = undefined;
  }
}
