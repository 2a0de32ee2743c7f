/** Turning config.json text (our own file, a backup or an OpenDTU backup) into a validated config. */
import { NtpDefaults } from '@dtu-console/contract';
import { createDefaults, DEFAULT_POSIX_TIMEZONE } from './defaults';
import { PLACEHOLDER_DTU_SERIAL } from './identity';
import { migrate, type RawConfig } from './migrations';
import { hashPassword, isPasswordHash } from './password';
import { configSchema, type GatewayConfig } from './schema';
import { CONFIG_VERSION_INT, intToVersion } from './version';

export type ParseResult =
  | { ok: true; config: GatewayConfig; fromVersion: number; notes: string[] }
  | { ok: false; reason: string };

export interface ParseContext {
  chipId: number;
  /** Used when a file carries no admin password at all. */
  defaultPassword: string;
}

function isRecord(value: unknown): value is RawConfig {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every key the defaults have is taken from the file when present, else from the defaults; keys the
 * defaults lack are dropped. Fixed-length arrays (the inverter slots, 6 channels, 2 LEDs, 16 log modules) are
 * filled up from the defaults and cut to length. A value of the wrong JSON type is kept as it is, so the
 * schema rejects the file instead of silently replacing it. JSON null counts as missing, as on the firmware.
 */
export function mergeDefaults(defaults: unknown, input: unknown): unknown {
  if (input === undefined || input === null) return structuredClone(defaults);
  if (Array.isArray(defaults)) {
    if (!Array.isArray(input)) return input;
    // Slot arrays (inverters, channels, LEDs, log modules) have their fixed length in the defaults. A
    // default of at most one item is a list of the user's length (the limiter's inverters, the meter's
    // topics): every stored item is kept, each filled from the default item.
    if (defaults.length <= 1) return input.map((item) => mergeDefaults(defaults[0], item));
    return defaults.map((item, index) => mergeDefaults(item, input[index]));
  }
  if (isRecord(defaults)) {
    if (!isRecord(input)) return input;
    const out: RawConfig = {};
    for (const key of Object.keys(defaults)) out[key] = mergeDefaults(defaults[key], input[key]);
    return out;
  }
  return input;
}

/** config.json nests about five levels; far deeper input is not a config and would overflow the stack. */
export const CONFIG_MAX_DEPTH = 32;

/** Whether `value` nests objects or arrays deeper than `limit`; iterative, so any depth is safe to ask. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (pending.length > 0) {
    const { node, depth } = pending.pop() as { node: unknown; depth: number };
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(node)) pending.push({ node: child, depth: depth + 1 });
  }
  return false;
}

export async function parseConfigText(text: string, context: ParseContext): Promise<ParseResult> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { ok: false, reason: `not valid JSON (${(error as Error).message})` };
  }
  return parseConfigValue(raw, context);
}

export async function parseConfigValue(raw: unknown, context: ParseContext): Promise<ParseResult> {
  if (!isRecord(raw)) return { ok: false, reason: 'not a JSON object' };
  if (!isRecord(raw.cfg)) return { ok: false, reason: 'no "cfg" object: not a config.json' };
  if (nestsDeeperThan(raw, CONFIG_MAX_DEPTH)) {
    return { ok: false, reason: `nested deeper than ${CONFIG_MAX_DEPTH} levels: not a config.json` };
  }
  // Work on a copy: the caller's value must stay as it was (a rejected restore changes nothing).
  const input = structuredClone(raw);
  const { fromVersion, applied } = migrate(input);
  const notes = applied.map((step) => `migrated from ${step}`);
  if (fromVersion > CONFIG_VERSION_INT) {
    notes.push(`written by a newer format (${intToVersion(fromVersion)}); unknown keys are dropped`);
  }

  const security = isRecord(input.security) ? input.security : undefined;
  let passwordHash = '';
  if (typeof security?.password_hash === 'string' && isPasswordHash(security.password_hash)) {
    passwordHash = security.password_hash;
  } else if (security?.password_hash !== undefined && security.password_hash !== null) {
    return { ok: false, reason: 'security.password_hash: not a scrypt password hash' };
  } else if (typeof security?.password === 'string' && security.password !== '') {
    // An OpenDTU backup keeps the admin password in clear text; only its hash is kept from now on.
    passwordHash = await hashPassword(security.password);
    notes.push('admin password converted to a hash');
  } else {
    passwordHash = await hashPassword(context.defaultPassword);
  }
  if (security) {
    security.password_hash = passwordHash;
    delete security.password;
  }

  const ntp = isRecord(input.ntp) ? input.ntp : undefined;
  // Without its own rule a non-default zone must not inherit Berlin's: "" tells the time service to
  // derive the rule from the name.
  if (ntp && ntp.timezone === undefined && ntp.timezone_descr !== undefined) {
    ntp.timezone = ntp.timezone_descr === NtpDefaults.timezoneDescr ? DEFAULT_POSIX_TIMEZONE : '';
  }

  const defaults = createDefaults({ chipId: context.chipId, passwordHash, withInverters: false });
  const merged = mergeDefaults(defaults, input) as RawConfig;
  const dtu = merged.dtu as RawConfig;
  if (dtu.serial === PLACEHOLDER_DTU_SERIAL || dtu.serial === 0) {
    dtu.serial = defaults.dtu.serial;
    notes.push('placeholder DTU serial replaced by a generated one');
  }

  const result = configSchema.safeParse(merged);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(file)';
    return { ok: false, reason: `${where}: ${issue?.message ?? 'invalid'}` };
  }
  const config = result.data;
  config.cfg.version = CONFIG_VERSION_INT;
  return { ok: true, config, fromVersion, notes };
}
