/**
 * Command messages as they arrive: parsed (commands.ts), handed to the engine, and what went wrong logged
 * at most once a minute per topic and reason, so a script repeating a bad command cannot flood the log.
 * A command the engine skips because commands are disabled is logged by the engine, whoever asked.
 */
import type { InverterEngine } from '../engine';
import type { Logger } from '../system/logger';
import { parseCommand, runCommand } from './commands';

/** How often the same rejection (topic and reason) is logged. */
export const REJECTED_LOG_INTERVAL_MS = 60_000;

export interface CommandHandlerOptions {
  /** The base topic now. */
  baseTopic: () => string;
  engine: InverterEngine;
  log: Logger;
  /** A limit went out (the power limiter remembers hand-set limits). */
  limitSent?: (serial: string, type: number, value: number) => void;
}

export class CommandHandler {
  readonly #options: CommandHandlerOptions;
  readonly #lastLogged = new Map<string, number>();

  constructor(options: CommandHandlerOptions) {
    this.#options = options;
  }

  handle(topic: string, payload: string, retained: boolean): void {
    const parsed = parseCommand(this.#options.baseTopic(), topic, payload, retained);
    if (!parsed.ok) {
      this.#warnThrottled(
        `rejected:${topic}:${parsed.reason}`,
        `MQTT command on ${topic} rejected: ${parsed.reason}`,
      );
      return;
    }
    const { name, serial } = parsed;
    switch (runCommand(this.#options.engine, serial, parsed.command)) {
      case 'queued':
        if (parsed.command.kind === 'limit') {
          this.#options.limitSent?.(serial, parsed.command.type, parsed.command.value);
        }
        // Zero-export scripts send a limit every few seconds: the engine's own log tells what went out.
        this.#options.log.debug(`MQTT command ${name} ${payload.trim()} for inverter ${serial}`);
        break;
      case 'commands-disabled':
        // The engine logs a skipped command itself.
        break;
      case 'unknown-inverter':
        this.#warnThrottled(`unknown:${serial}`, `MQTT command ${name}: no inverter with serial ${serial}`);
        break;
      case 'invalid':
        this.#warnThrottled(
          `invalid:${name}:${serial}`,
          `MQTT command ${name} for inverter ${serial} is invalid`,
        );
        break;
    }
  }

  #warnThrottled(key: string, message: string): void {
    const now = performance.now();
    const last = this.#lastLogged.get(key);
    if (last !== undefined && now - last < REJECTED_LOG_INTERVAL_MS) return;
    this.#lastLogged.set(key, now);
    this.#options.log.warn(message);
  }
}
