/**
 * pin_mapping.json: a JSON array of board profiles, each named. One rule for every reader: the device
 * settings list the named profiles of a stored file (entries without a string `name` cannot be selected,
 * so they are skipped), and a restore accepts only a file whose every profile is named.
 *
 * On a Linux host a profile's `nrf24` / `cmt` group also says where the module hangs (docs/hardware.md):
 * `spidev` and `gpiochip` paths, and the OpenDTU keys of the lines we drive or read (`nrf24.en` = CE,
 * `nrf24.irq`, `cmt.fcs`, `cmt.gpio2`, `cmt.gpio3`) read as line offsets on that gpiochip.
 */
import type { CurPin, PinMappingProfile } from '@dtu-console/contract';
import {
  CMT_DEFAULT_SPI_HZ,
  type CmtHostWiring,
  type LinuxRadioWiring,
  NRF_DEFAULT_SPI_HZ,
  type NrfHostWiring,
} from '@dtu-console/radio/linux/wiring';
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

/** The Linux wiring of the active profile: none configured, a valid wiring, or why it is not valid. */
export type LinuxWiringRead =
  | { kind: 'none' }
  | { kind: 'ok'; wiring: LinuxRadioWiring }
  | { kind: 'invalid'; reason: string };

const SPIDEV_PATH = /^\/dev\/spidev(\d+)\.(\d+)$/;
const GPIOCHIP_PATH = /^\/dev\/gpiochip\d+$/;
/** SPI clocks a profile may ask for: the nRF24L01+'s maximum is 10 MHz, below 10 kHz nothing works. */
const SPI_SPEED_MIN_HZ = 10_000;
const SPI_SPEED_MAX_HZ = 10_000_000;

/** Reads one group's Linux keys, collecting every problem with its key path. */
class GroupReader {
  constructor(
    private readonly group: string,
    private readonly values: Record<string, unknown>,
    readonly problems: string[],
  ) {}

  path(key: string, pattern: RegExp, example: string, required: boolean): string | undefined {
    const value = this.values[key];
    if (value === undefined && !required) return undefined;
    if (typeof value === 'string' && pattern.test(value)) return value;
    this.problems.push(`${this.group}.${key} must be a device path like ${example}`);
    return undefined;
  }

  /** A line offset; -1 (OpenDTU's "not connected") and absence read as not wired. */
  line(key: string, required: boolean): number | undefined {
    const value = this.values[key];
    if (Number.isInteger(value) && (value as number) >= 0) return value as number;
    if (!required && (value === undefined || value === NC)) return undefined;
    this.problems.push(
      required
        ? `${this.group}.${key} must be the line offset (0 or more) on the gpiochip`
        : `${this.group}.${key} must be a line offset (0 or more), or -1 when not wired`,
    );
    return undefined;
  }

  speed(fallback: number): number {
    const value = this.values.spi_speed_hz;
    if (value === undefined) return fallback;
    if (
      Number.isInteger(value) &&
      (value as number) >= SPI_SPEED_MIN_HZ &&
      (value as number) <= SPI_SPEED_MAX_HZ
    )
      return value as number;
    this.problems.push(
      `${this.group}.spi_speed_hz must be an integer from ${SPI_SPEED_MIN_HZ} to ${SPI_SPEED_MAX_HZ}`,
    );
    return fallback;
  }
}

function readNrf(values: Record<string, unknown>, problems: string[]): NrfHostWiring | undefined {
  const read = new GroupReader('nrf24', values, problems);
  const spidev = read.path('spidev', SPIDEV_PATH, '/dev/spidev0.0', true);
  const gpiochip = read.path('gpiochip', GPIOCHIP_PATH, '/dev/gpiochip0', true);
  const ce = read.line('en', true);
  const irq = read.line('irq', false);
  const speedHz = read.speed(NRF_DEFAULT_SPI_HZ);
  if (spidev === undefined || gpiochip === undefined || ce === undefined) return undefined;
  return { spidev, gpiochip, ce, ...(irq === undefined ? {} : { irq }), speedHz };
}

function readCmt(values: Record<string, unknown>, problems: string[]): CmtHostWiring | undefined {
  const known = problems.length;
  const read = new GroupReader('cmt', values, problems);
  const spidev = read.path('spidev', SPIDEV_PATH, '/dev/spidev1.0', true);
  const fcsSpidev = read.path('fcs_spidev', SPIDEV_PATH, '/dev/spidev1.1', false);
  // With FCSB on a chip select, `fcs` only documents the pin; otherwise it is the line we drive.
  const fcsLine = fcsSpidev === undefined ? read.line('fcs', false) : undefined;
  if (
    values.fcs_spidev === undefined &&
    fcsLine === undefined &&
    !problems.some((p) => p.startsWith('cmt.fcs'))
  )
    problems.push(
      'cmt needs FCSB: cmt.fcs_spidev (a second chip select, e.g. /dev/spidev1.1) or cmt.fcs (a line offset)',
    );
  const threeWire = values.three_wire ?? true;
  if (typeof threeWire !== 'boolean') problems.push('cmt.three_wire must be true or false');
  const gpio2 = read.line('gpio2', false);
  const gpio3 = read.line('gpio3', false);
  const usesLines = fcsLine !== undefined || gpio2 !== undefined || gpio3 !== undefined;
  const gpiochip = read.path('gpiochip', GPIOCHIP_PATH, '/dev/gpiochip0', usesLines);
  const speedHz = read.speed(CMT_DEFAULT_SPI_HZ);
  if (spidev && fcsSpidev) {
    const [, bus, cs] = SPIDEV_PATH.exec(spidev)!;
    const [, fcsBus, fcsCs] = SPIDEV_PATH.exec(fcsSpidev)!;
    if (bus !== fcsBus)
      problems.push('cmt.fcs_spidev must be on the same SPI bus as cmt.spidev (they share SDIO)');
    else if (cs === fcsCs) problems.push('cmt.fcs_spidev must be another chip select than cmt.spidev');
  }
  if (spidev === undefined || problems.length > known) return undefined;
  const fcsb =
    fcsSpidev !== undefined ? { spidev: fcsSpidev } : fcsLine !== undefined ? { line: fcsLine } : undefined;
  if (fcsb === undefined) return undefined;
  return {
    spidev,
    threeWire: threeWire !== false,
    fcsb,
    ...(gpiochip === undefined ? {} : { gpiochip }),
    ...(gpio2 === undefined ? {} : { gpio2 }),
    ...(gpio3 === undefined ? {} : { gpio3 }),
    speedHz,
  };
}

/** Problems that span both modules: one device or line used twice. */
function sharedProblems(wiring: LinuxRadioWiring): string[] {
  const problems: string[] = [];
  const devices = new Map<string, string>();
  const claim = (owner: string, key: string): void => {
    const other = devices.get(key);
    if (other) problems.push(`${owner} and ${other} use the same ${key.replace('#', ' line ')}`);
    else devices.set(key, owner);
  };
  const { nrf, cmt } = wiring;
  if (nrf) {
    claim('nrf24.spidev', nrf.spidev);
    claim('nrf24.en', `${nrf.gpiochip}#${nrf.ce}`);
    if (nrf.irq !== undefined) claim('nrf24.irq', `${nrf.gpiochip}#${nrf.irq}`);
  }
  if (cmt) {
    claim('cmt.spidev', cmt.spidev);
    if ('spidev' in cmt.fcsb) claim('cmt.fcs_spidev', cmt.fcsb.spidev);
    else claim('cmt.fcs', `${cmt.gpiochip}#${cmt.fcsb.line}`);
    if (cmt.gpio2 !== undefined) claim('cmt.gpio2', `${cmt.gpiochip}#${cmt.gpio2}`);
    if (cmt.gpio3 !== undefined) claim('cmt.gpio3', `${cmt.gpiochip}#${cmt.gpio3}`);
  }
  return problems;
}

/**
 * A profile's Linux radio wiring. A group takes part when it has a `spidev` key (an OpenDTU board profile
 * has none and stays an ESP32 pin list); `kind: 'none'` when neither group does.
 */
export function linuxRadioWiring(profile: PinMappingProfile | undefined): LinuxWiringRead {
  const groups = profile as Record<string, unknown> | undefined;
  const nrfValues = isRecord(groups?.nrf24) && 'spidev' in groups.nrf24 ? groups.nrf24 : undefined;
  const cmtValues = isRecord(groups?.cmt) && 'spidev' in groups.cmt ? groups.cmt : undefined;
  if (!nrfValues && !cmtValues) return { kind: 'none' };
  const problems: string[] = [];
  const nrf = nrfValues && readNrf(nrfValues, problems);
  const cmt = cmtValues && readCmt(cmtValues, problems);
  const wiring: LinuxRadioWiring = { ...(nrf ? { nrf } : {}), ...(cmt ? { cmt } : {}) };
  problems.push(...sharedProblems(wiring));
  const name = typeof profile?.name === 'string' ? ` "${profile.name}"` : '';
  return problems.length > 0
    ? { kind: 'invalid', reason: `device profile${name}: ${problems.join('; ')}` }
    : { kind: 'ok', wiring };
}

/** The Linux radio wiring of the profile named `name` in pin_mapping.json (the active one). */
export async function readLinuxRadioWiring(store: ConfigStore, name: string): Promise<LinuxWiringRead> {
  const mapping = await readPinMapping(store);
  if (mapping.kind === 'missing') return { kind: 'none' };
  if (mapping.kind === 'invalid') return { kind: 'invalid', reason: `pin_mapping.json is ${mapping.reason}` };
  return linuxRadioWiring(mapping.profiles.find((profile) => profile.name === name));
}
