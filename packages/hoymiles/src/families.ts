/**
 * Inverter families: the family table, serial → family detection, model name and rated
 * power from the hardware part number, and the production date shown for a serial.
 */
import types from '../data/inverter-types.json';
import {
  type EventMessageSet,
  FAMILY_IDS,
  type FamilyId,
  isFamilyId,
  type LimitEncoding,
  type RadioKind,
  type Serial,
} from './types';
import { normalizeSerial } from './wire';

export type Series = 'HM' | 'HMS' | 'HMT' | 'HERF' | 'MI';

export interface FamilyInfo {
  id: FamilyId;
  /** As shown in the console, e.g. "HM-600/700/800-2T". */
  typeName: string;
  series: Series;
  radio: RadioKind;
  dcInputs: number;
  acPhases: number;
  /** DC inputs sharing one voltage reading (one MPPT), e.g. [[0, 1], [2, 3]]. */
  voltageGroups: readonly (readonly number[])[];
  limitEncoding: LimitEncoding;
  eventMessageSet: EventMessageSet;
  /** Run-data payloads shorter than this (CRC16 included) count as failures. */
  runtimePayloadMinLength: number;
  /** HMS_4CH only: firmware build version from which "power distribution logic" is supported. */
  powerDistributionLogicFromFw: number | undefined;
}

type SerialMatch =
  | { rule: 'HM'; d1d2: string; alsoPrefix4: string[] }
  | { rule: 'prefix4'; prefixes: string[] };

interface RawFamily {
  id: string;
  typeName: string;
  series: string;
  radio: string;
  dcInputs: number;
  acPhases: number;
  voltageGroups: number[][];
  serialMatch: { rule: string; d1d2?: string; alsoPrefix4?: string[]; prefixes?: string[] };
  limitEncoding: string;
  eventMessageSet: string;
  runtimePayloadMinLength: number;
  powerDistributionLogicFromFw?: number;
}

interface RawDevInfoEntry {
  hwPartPrefix: string;
  fourthByte: string | null;
  maxPowerW: number;
  model: string;
}

// The JSON is typed loosely by the compiler, so each value is checked once at load time.
function oneOf<T extends string>(value: string, allowed: readonly T[], what: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new Error(`inverter-types.json: bad ${what} '${value}'`);
  return value as T;
}

function toFamily(raw: RawFamily): FamilyInfo & { match: SerialMatch } {
  if (!isFamilyId(raw.id)) throw new Error(`inverter-types.json: unknown family '${raw.id}'`);
  const { rule, d1d2, alsoPrefix4, prefixes } = raw.serialMatch;
  let match: SerialMatch;
  if (rule === 'HM' && d1d2 !== undefined) {
    match = { rule, d1d2: d1d2.toUpperCase(), alsoPrefix4: (alsoPrefix4 ?? []).map((p) => p.toUpperCase()) };
  } else if (rule === 'prefix4' && prefixes !== undefined) {
    match = { rule, prefixes: prefixes.map((p) => p.toUpperCase()) };
  } else {
    throw new Error(`inverter-types.json: bad serialMatch of ${raw.id}`);
  }
  return {
    id: raw.id,
    typeName: raw.typeName,
    series: oneOf(raw.series, ['HM', 'HMS', 'HMT', 'HERF', 'MI'], 'series'),
    radio: oneOf(raw.radio, ['NRF24', 'CMT2300A'], 'radio') === 'NRF24' ? 'NRF24' : 'CMT',
    dcInputs: raw.dcInputs,
    acPhases: raw.acPhases,
    voltageGroups: raw.voltageGroups,
    limitEncoding: oneOf(raw.limitEncoding, ['HM', 'HMS'], 'limitEncoding'),
    eventMessageSet: oneOf(raw.eventMessageSet, ['ALL', 'HMT'], 'eventMessageSet'),
    runtimePayloadMinLength: raw.runtimePayloadMinLength,
    powerDistributionLogicFromFw: raw.powerDistributionLogicFromFw,
    match,
  };
}

const LOADED = (types.families as RawFamily[]).map(toFamily);

const MATCHERS = new Map(LOADED.map((f) => [f.id, f.match]));

/** Family table keyed by id. */
export const FAMILIES: Readonly<Record<FamilyId, FamilyInfo>> = Object.fromEntries(
  LOADED.map(({ match: _match, ...family }) => [family.id, family]),
) as Record<FamilyId, FamilyInfo>;

for (const id of FAMILY_IDS) {
  if (!FAMILIES[id]) throw new Error(`inverter-types.json: family ${id} missing`);
}

/** The order in which the serial rules are tried; the first match wins. */
export const FAMILY_DETECTION_ORDER: readonly FamilyId[] = types.detectionOrder.map((id) =>
  oneOf(id, FAMILY_IDS, 'detectionOrder entry'),
);

/**
 * Family of a serial, or undefined when no rule matches (OpenDTU then refuses the inverter) or the text is
 * not a serial (1..12 hex digits, not zero; shorter text is a 48-bit number with leading zeros).
 */
export function familyOfSerial(serial: Serial): FamilyId | undefined {
  const normalized = normalizeSerial(serial);
  if (normalized === undefined) return undefined;
  const prefix4 = normalized.slice(0, 4);
  const d1d2 = normalized.slice(1, 3);
  for (const id of FAMILY_DETECTION_ORDER) {
    const match = MATCHERS.get(id);
    if (match === undefined) continue;
    const hit =
      match.rule === 'prefix4'
        ? match.prefixes.includes(prefix4)
        : match.d1d2 === d1d2 || match.alsoPrefix4.includes(prefix4);
    if (hit) return id;
  }
  return undefined;
}

/** HMS_4CH from firmware 10112 ("1.1.12") on: the limit caps AC output (`pdl_supported`). */
export function supportsPowerDistributionLogic(family: FamilyId, fwBuildVersion: number): boolean {
  const from = FAMILIES[family].powerDistributionLogicFromFw;
  return from !== undefined && fwBuildVersion >= from;
}

export interface ModelInfo {
  /** "" when the part number is unknown. */
  model: string;
  /** Rated power in W; 0 when the part number is unknown (disables derived limit values). */
  maxPowerW: number;
}

interface ModelEntry {
  prefix: number;
  fourthByte: number | undefined;
  model: string;
  maxPowerW: number;
}

const MODEL_TABLE: readonly ModelEntry[] = (types.devInfoTable.entries as RawDevInfoEntry[]).map((e) => ({
  prefix: Number.parseInt(e.hwPartPrefix, 16),
  fourthByte: e.fourthByte === null ? undefined : Number.parseInt(e.fourthByte, 16),
  model: e.model,
  maxPowerW: e.maxPowerW,
}));

/**
 * Model and rated power from the 32-bit hardware part number (device info "simple", bytes 2..5):
 * an entry matching prefix and fourth byte first, else the first entry matching the 3-byte prefix.
 */
export function lookupModel(hwPartNumber: number): ModelInfo {
  const part = hwPartNumber >>> 0;
  const prefix = part >>> 8;
  const fourth = part & 0xff;
  const entry =
    MODEL_TABLE.find((e) => e.prefix === prefix && e.fourthByte === fourth) ??
    MODEL_TABLE.find((e) => e.prefix === prefix);
  return entry ? { model: entry.model, maxPowerW: entry.maxPowerW } : { model: '', maxPowerW: 0 };
}

/** The first-generation MI series (MI-250 … MI-1500, generation 2): its own request chain and answers. */
export function isMiFamily(family: FamilyId): boolean {
  return FAMILIES[family].series === 'MI';
}

/**
 * What a family writes into bytes 5..8 of its answers (docs/protocol.md, assumptions register): the nRF24
 * families (HM, HERF, MI) their own radio address, so an answer names the inverter twice; the CMT2300A
 * families (HMS, HMT) the address of the DTU that asked. Confirmed by owners' captures for HM, MI and HMS;
 * HMT (CMT, like HMS) and HERF (HM's firmware line) still wait for one.
 */
export function answerSecondAddress(series: Series): 'inverter' | 'dtu' {
  return series === 'HMS' || series === 'HMT' ? 'dtu' : 'inverter';
}
