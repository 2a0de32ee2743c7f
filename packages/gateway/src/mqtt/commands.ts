/**
 * Command topics `<base><serial>/cmd/<command>`: parsing and validation, then the same engine calls the
 * web API makes. Stricter than OpenDTU where OpenDTU did nothing useful anyway: a payload must be a plain
 * number, and negative, non-finite or too large values are refused (OpenDTU sends garbage limits or fails
 * on them). Retained messages on the non-persistent topics are ignored, as on the device: a broker replays
 * them on every reconnect.
 */
import { LimitType, PowerLimits } from '@dtu-console/contract';
import type { CommandResult, InverterEngine } from '../engine';

export const COMMAND_NAMES = [
  'limit_persistent_relative',
  'limit_persistent_absolute',
  'limit_nonpersistent_relative',
  'limit_nonpersistent_absolute',
  'power',
  'restart',
  'reset_rf_stats',
] as const;
export type CommandName = (typeof COMMAND_NAMES)[number];

const LIMIT_TYPES: Partial<Record<CommandName, LimitType>> = {
  limit_persistent_relative: LimitType.RelativePersistent,
  limit_persistent_absolute: LimitType.AbsolutePersistent,
  limit_nonpersistent_relative: LimitType.RelativeNonPersistent,
  limit_nonpersistent_absolute: LimitType.AbsoluteNonPersistent,
};

/** Commands whose retained messages are acted on (a persistent limit or the power state is a state). */
const RETAINED_ALLOWED: ReadonlySet<CommandName> = new Set([
  'limit_persistent_relative',
  'limit_persistent_absolute',
  'power',
]);

export type MqttCommand =
  | { kind: 'limit'; type: LimitType; value: number }
  | { kind: 'power'; action: 'on' | 'off' }
  | { kind: 'restart' }
  | { kind: 'reset-stats' };

export type ParsedCommand =
  | { ok: true; serial: string; name: CommandName; command: MqttCommand }
  | { ok: false; reason: string };

/** The subscriptions of one base topic, at QoS 0. */
export function commandSubscriptions(base: string): string[] {
  return COMMAND_NAMES.map((name) => `${base}+/cmd/${name}`);
}

const PLAIN_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A payload as a number: decimal notation only, surrounding whitespace allowed; undefined otherwise. */
export function parseNumberPayload(payload: string): number | undefined {
  const text = payload.trim();
  if (!PLAIN_NUMBER.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function isCommandName(text: string): text is CommandName {
  return (COMMAND_NAMES as readonly string[]).includes(text);
}

/** Reads one command message; the serial is as written in the topic (hex digits). */
export function parseCommand(base: string, topic: string, payload: string, retained: boolean): ParsedCommand {
  if (!topic.startsWith(base)) return { ok: false, reason: 'not below the base topic' };
  const parts = topic.slice(base.length).split('/');
  const [serial, cmd, name] = parts;
  if (parts.length !== 3 || cmd !== 'cmd' || !serial || !name || !isCommandName(name)) {
    return { ok: false, reason: 'not a command topic' };
  }
  if (!/^[0-9a-fA-F]{1,12}$/.test(serial)) return { ok: false, reason: `invalid serial "${serial}"` };
  if (retained && !RETAINED_ALLOWED.has(name)) return { ok: false, reason: 'ignored because retained' };
  const value = parseNumberPayload(payload);
  if (value === undefined) return { ok: false, reason: `payload "${payload.slice(0, 40)}" is not a number` };
  if (value < 0) return { ok: false, reason: `negative value ${value}` };

  const limitType = LIMIT_TYPES[name];
  if (limitType !== undefined) {
    const relative =
      limitType === LimitType.RelativePersistent || limitType === LimitType.RelativeNonPersistent;
    // Relative limits above 100 % mean "no limit" and are capped, as on the device; absolute ones above
    // what the web API accepts are refused.
    if (!relative && value > PowerLimits.valueMax) {
      return { ok: false, reason: `limit ${value} W above ${PowerLimits.valueMax} W` };
    }
    const capped = relative ? Math.min(value, PowerLimits.relativeMax) : value;
    return { ok: true, serial, name, command: { kind: 'limit', type: limitType, value: capped } };
  }
  if (name === 'power') {
    return {
      ok: true,
      serial,
      name,
      command: { kind: 'power', action: Math.trunc(value) > 0 ? 'on' : 'off' },
    };
  }
  // restart and reset_rf_stats act on exactly 1 only (HA's buttons send 1).
  if (value !== 1) return { ok: false, reason: `${name} needs the value 1` };
  return {
    ok: true,
    serial,
    name,
    command: name === 'restart' ? { kind: 'restart' } : { kind: 'reset-stats' },
  };
}

/** Hands a command to the engine, as the limit and power endpoints do. */
export function runCommand(engine: InverterEngine, serial: string, command: MqttCommand): CommandResult {
  switch (command.kind) {
    case 'limit':
      return engine.setLimit(serial, { value: command.value, type: command.type });
    case 'power':
      return engine.setPower(serial, command.action);
    case 'restart':
      return engine.setPower(serial, 'restart');
    case 'reset-stats':
      return engine.resetStats(serial) ? 'queued' : 'unknown-inverter';
  }
}
