/**
 * The command side's answers to the API: which inverters a limit or power request may name, and the
 * envelope for what the engine did with a validated request.
 */
import { Code, type Envelope, envelope, type KnownInverterContext } from '@dtu-console/contract';
import type { Logger } from '../system/logger';
import type { CommandResult } from './engine';
import type { LiveModel } from './live-model';

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
 * Like OpenDTU: with commands disabled for the inverter (command_enable off, or night
 * without command_enable_night) nothing is sent, yet the firmware answers 1001. We keep code 1001 and type
 * success: Home Assistant, ioBroker and zero-export scripts treat anything else as a failure and some
 * retry in a loop, and from their side the request itself was valid. What users lacked was any sign that
 * it went nowhere, so the envelope's free message text says so (clients never parse it) and the gateway
 * logs it (throttled), where the web console and the log files show it.
 */
export class CommandAnswers {
  readonly #log: Logger;
  readonly #lastLogged = new Map<string, number>();

  constructor(log: Logger) {
    this.#log = log;
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
    this.#log.warn(
      { serial },
      `${what} for inverter ${serial} not sent: commands are disabled for it now (command_enable, command_enable_night)`,
    );
  }
}
