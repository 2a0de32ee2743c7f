/**
 * pin_mapping.json: a JSON array of board profiles, each named. One rule for every reader: the device
 * settings list the named profiles of a stored file (entries without a string `name` cannot be selected,
 * so they are skipped), and a restore accepts only a file whose every profile is named.
 */
import type { CurPin, PinMappingProfile } from '@dtu-console/contract';
import type { ConfigStore } from './store';

/** Not connected. */
const NC = -1;

/** Pins of a board without a profile, in the documented key order; -1 = not connected. */
const DEFAULT_PINS: Omit<CurPin, 'name' | 'eth'> & { eth: NonNullable<CurPin['eth']> } = {
  nrf24: { clk: NC, cs: NC, en: NC, irq: NC, miso: NC, mosi: NC },
  cmt: { clk: NC, cs: NC, fcs: NC, sdio: NC, gpio2: NC, gpio3: NC },
  w5500: { sclk: NC, mosi: NC, miso: NC, cs: NC, int: NC, rst: NC },
  eth: { enabled: false, phy_addr: NC, power: NC, mdc: NC, mdio: NC, type: 0, clk_mode: 0 },
  display: { type: 0, data: NC, clk: NC, cs: NC, reset: NC },
  led: { led0: NC, led1: NC },
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export type PinMappingRead =
  | { kind: 'missing' }
  | { kind: 'invalid'; reason: string }
  | { kind: 'ok'; profiles: PinMappingProfile[] };

function isProfile(entry: unknown): entry is PinMappingProfile {
  return isRecord(entry) && typeof entry.name === 'string';
}

/** The entries of pin_mapping.json, or why it is not a JSON array. */
function parseEntries(content: Uint8Array | string): { entries: unknown[] } | { reason: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof content === 'string' ? content : Buffer.from(content).toString('utf8'));
  } catch (error) {
    return { reason: `not valid JSON (${(error as Error).message})` };
  }
  return Array.isArray(parsed) ? { entries: parsed } : { reason: 'not a JSON array of device profiles' };
}

/** The selectable (named) profiles of a stored file; a top-level object is not recognised. */
export function parsePinMapping(content: Uint8Array | string): PinMappingRead {
  const parsed = parseEntries(content);
  if ('reason' in parsed) return { kind: 'invalid', reason: parsed.reason };
  return { kind: 'ok', profiles: parsed.entries.filter(isProfile) };
}

/** Why a file may not become pin_mapping.json (restore), or undefined when every profile is named. */
export function pinMappingProblem(content: Uint8Array | string): string | undefined {
  const parsed = parseEntries(content);
  if ('reason' in parsed) return parsed.reason;
  const bad = parsed.entries.findIndex((entry) => !isProfile(entry));
  return bad >= 0 ? `profile ${bad} has no "name"` : undefined;
}

export async function readPinMapping(store: ConfigStore): Promise<PinMappingRead> {
  const content = await store.readPinMapping();
  return content === undefined ? { kind: 'missing' } : parsePinMapping(content);
}

/** One pin group: the profile's integers over the defaults, in the default's key order. */
function pinGroup<T extends { [K in keyof T]: number | boolean }>(defaults: T, given: unknown): T {
  const out: Record<string, unknown> = { ...defaults };
  if (!isRecord(given)) return out as T;
  for (const [key, fallback] of Object.entries(defaults)) {
    const value = given[key];
    if (typeof fallback === 'boolean' ? typeof value === 'boolean' : Number.isInteger(value))
      out[key] = value;
  }
  return out as T;
}

/**
 * The active pin assignment for the stored profile name. `eth` (the on-chip Ethernet MAC of a classic
 * ESP32) is shown only when the selected profile defines it: this host has no such MAC of its own.
 */
export function resolveCurPin(name: string, profiles: readonly PinMappingProfile[]): CurPin {
  const profile = profiles.find((candidate) => candidate.name === name);
  return {
    name,
    nrf24: pinGroup(DEFAULT_PINS.nrf24, profile?.nrf24),
    cmt: pinGroup(DEFAULT_PINS.cmt, profile?.cmt),
    w5500: pinGroup(DEFAULT_PINS.w5500, profile?.w5500),
    ...(isRecord(profile?.eth) ? { eth: pinGroup(DEFAULT_PINS.eth, profile.eth) } : {}),
    display: pinGroup(DEFAULT_PINS.display, profile?.display),
    led: pinGroup(DEFAULT_PINS.led, profile?.led),
  };
}
