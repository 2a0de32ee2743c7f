/**
 * Grid profile, data type 0x02: raw format, parsing and sections (docs/protocol.md), and the OpenDTU quirk
 * "grid profile parsing past an unknown section" (docs/compatibility.md). Profile types, sections,
 * versions and items come from grid-profile.json.
 */
import gridProfileJson from '../../data/grid-profile.json';
import { fail, ok, type Result } from '../errors';
import { DataType } from '../types';
import { CRC16_LENGTH, hasValidCrc16, readInt, readUint, sealPayload, writeInt } from './payload';

export const GRID_PROFILE_DATA_TYPE = DataType.GridProfile;

/** Longest raw profile OpenDTU keeps, CRC included. */
export const GRID_PROFILE_MAX_LENGTH: number = gridProfileJson.maxRawLength;

const HEADER_LENGTH = 4;

/** One decoded item; the API shows it as it is (GET /api/gridprofile/status). */
export interface GridProfileItem {
  /** item name */
  n: string;
  /** unit: "V", "s", "Hz", "bool" (shown as enabled/disabled), "Pn%/s" or "" */
  u: string;
  /** signed 16-bit raw ÷ divisor */
  v: number;
}

export interface GridProfileSection {
  name: string;
  items: GridProfileItem[];
}

export interface GridProfile {
  /** "Unknown" until read or when the profile type is not in the table. */
  name: string;
  /** "major.minor.patch"; "0.0.0" until read. */
  version: string;
  sections: GridProfileSection[];
}

/** The same content by ids, which is what the wire holds and what `encodeGridProfile` takes. */
export interface GridProfileData {
  /** Bytes 0..1 as one 16-bit number, e.g. 0x0A00 for "XX - EN 50549-1:2019". */
  typeId: number;
  version: { major: number; minor: number; patch: number };
  sections: GridProfileSectionData[];
}

export interface GridProfileSectionData {
  /** Section id, e.g. 0x00 Voltage, 0x10 Frequency, … 0xB0 */
  id: number;
  /** Section version; together with the id it selects the item list. */
  version: number;
  /** Physical values (raw ÷ divisor), one per item of the list, in order. */
  values: number[];
}

export interface GridProfileItemSpec {
  id: number;
  /** Short key from the data file (NV, LV1, LV1_MTT, …). */
  key: string;
  name: string;
  unit: string;
  divisor: number;
}

/** What the API shows before a profile has been read, and what an all-zero buffer decodes to. */
export function emptyGridProfile(): GridProfile {
  return { name: gridProfileJson.unknownProfileName, version: '0.0.0', sections: [] };
}

// --- tables from grid-profile.json ---------------------------------------------------------------

interface JsonSection {
  name: string;
  versions: Record<string, string[]>;
}
interface JsonItem {
  key: string;
  name: string;
  unit: string;
  divisor: number;
}

const hexNumber = (text: string) => Number.parseInt(text.replace(/\s+/g, ''), 16);

const PROFILE_NAMES = new Map<number, string>(
  gridProfileJson.profileTypes.map((p) => [hexNumber(p.id), p.name]),
);
const UNKNOWN_PROFILE_NAME: string = gridProfileJson.unknownProfileName;

const ITEMS = new Map<number, GridProfileItemSpec>(
  Object.entries(gridProfileJson.items as Record<string, JsonItem>).map(([id, item]) => [
    hexNumber(id),
    { id: hexNumber(id), key: item.key, name: item.name, unit: item.unit, divisor: item.divisor },
  ]),
);

interface SectionSpec {
  name: string;
  versions: Map<number, GridProfileItemSpec[]>;
}

const SECTIONS = new Map<number, SectionSpec>(
  Object.entries(gridProfileJson.sections as Record<string, JsonSection>).map(([id, section]) => [
    hexNumber(id),
    {
      name: section.name,
      versions: new Map(
        Object.entries(section.versions).map(([version, itemIds]) => [
          hexNumber(version),
          itemIds.map((itemId) => {
            const spec = ITEMS.get(hexNumber(itemId));
            // A fixed data file: a dangling item id is a programming error, caught by the tests.
            if (spec === undefined)
              throw new Error(`grid-profile.json: section ${id} uses unknown item ${itemId}`);
            return spec;
          }),
        ]),
      ),
    },
  ]),
);

/** Profile name for bytes 0..1, or "Unknown". */
export function gridProfileName(typeId: number): string {
  return PROFILE_NAMES.get(typeId) ?? UNKNOWN_PROFILE_NAME;
}

/** Section name, or undefined for an unknown section id. */
export function gridProfileSectionName(sectionId: number): string | undefined {
  return SECTIONS.get(sectionId)?.name;
}

/** The item list of a (section, version), or undefined when the table has none. */
export function gridProfileItemSpecs(
  sectionId: number,
  version: number,
): readonly GridProfileItemSpec[] | undefined {
  return SECTIONS.get(sectionId)?.versions.get(version);
}

export function formatGridProfileVersion(v: GridProfileData['version']): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

// --- decode ---------------------------------------------------------------------------------------

/** The gateway keeps asking until it holds more than 6 raw bytes. */
export function isGridProfileValid(raw: Uint8Array): boolean {
  return raw.length > 6;
}

function isAllZero(raw: Uint8Array): boolean {
  return raw.every((b) => b === 0);
}

/**
 * Parses the raw profile (CRC16 included) into ids and values. An all-zero (or empty) buffer is the
 * "not read yet" state and gives the empty profile, without a CRC check.
 *
 * The OpenDTU quirk "grid profile parsing past an unknown section" (docs/compatibility.md) is not copied:
 * parsing stops at the first unknown section id, at the first unknown version of a known section, and at
 * a section whose values would run into the CRC. The CRC bytes are never parsed as a section header.
 * Everything before the stop is returned.
 */
export function decodeGridProfileData(raw: Uint8Array): Result<GridProfileData> {
  if (!(raw instanceof Uint8Array))
    return fail('invalid-value', 'grid profile: raw data is not a byte array');
  if (isAllZero(raw)) return ok({ typeId: 0, version: { major: 0, minor: 0, patch: 0 }, sections: [] });
  if (raw.length < HEADER_LENGTH + CRC16_LENGTH) {
    return fail('truncated-payload', `grid profile: ${raw.length} bytes, header and CRC16 need 6`);
  }
  if (!hasValidCrc16(raw)) return fail('bad-crc16', 'grid profile: CRC16 mismatch');

  const end = raw.length - CRC16_LENGTH;
  const sections: GridProfileSectionData[] = [];
  let pos = HEADER_LENGTH;
  while (end - pos >= 2) {
    const id = raw[pos]!;
    const version = raw[pos + 1]!;
    const items = gridProfileItemSpecs(id, version);
    if (items === undefined) break;
    if (pos + 2 + items.length * 2 > end) break;
    const values = items.map((item, i) => readInt(raw, pos + 2 + i * 2, 2) / item.divisor);
    sections.push({ id, version, values });
    pos += 2 + items.length * 2;
  }
  return ok({
    typeId: readUint(raw, 0, 2),
    version: { major: raw[2]! >> 4, minor: raw[2]! & 0x0f, patch: raw[3]! },
    sections,
  });
}

/** Names and units for the ids, in the API shape. Unknown sections or item counts are left out. */
export function describeGridProfile(data: GridProfileData): GridProfile {
  const sections: GridProfileSection[] = [];
  for (const s of data.sections) {
    const name = gridProfileSectionName(s.id);
    const items = gridProfileItemSpecs(s.id, s.version);
    if (name === undefined || items === undefined || items.length !== s.values.length) continue;
    sections.push({ name, items: items.map((item, i) => ({ n: item.name, u: item.unit, v: s.values[i]! })) });
  }
  return { name: gridProfileName(data.typeId), version: formatGridProfileVersion(data.version), sections };
}

/** Raw profile → `{name, version, sections:[{name, items:[{n, u, v}]}]}` (see `decodeGridProfileData`). */
export function decodeGridProfile(raw: Uint8Array): Result<GridProfile> {
  const data = decodeGridProfileData(raw);
  return data.ok ? ok(describeGridProfile(data.value)) : data;
}

// --- encode (simulator) ---------------------------------------------------------------------------

const isInt = (n: number, min: number, max: number) => Number.isInteger(n) && n >= min && n <= max;

/**
 * Raw profile with CRC16. Fails with `invalid-value` for what no inverter would send: an unknown
 * (section, version), a value count that does not match its item list, a value outside int16 after
 * scaling, header fields out of range, or more than 141 bytes.
 */
export function encodeGridProfile(data: GridProfileData): Result<Uint8Array> {
  const { typeId, version } = data;
  if (!isInt(typeId, 0, 0xffff)) return fail('invalid-value', `grid profile: type id ${typeId} out of range`);
  if (!isInt(version.major, 0, 15) || !isInt(version.minor, 0, 15) || !isInt(version.patch, 0, 255)) {
    return fail('invalid-value', `grid profile: version ${formatGridProfileVersion(version)} out of range`);
  }
  const bytes: number[] = [typeId >> 8, typeId & 0xff, (version.major << 4) | version.minor, version.patch];
  for (const s of data.sections) {
    const items = gridProfileItemSpecs(s.id, s.version);
    const where = `section 0x${s.id.toString(16)} version 0x${s.version.toString(16)}`;
    if (items === undefined) return fail('invalid-value', `grid profile: unknown ${where}`);
    if (items.length !== s.values.length) {
      return fail(
        'invalid-value',
        `grid profile: ${where} needs ${items.length} values, got ${s.values.length}`,
      );
    }
    bytes.push(s.id, s.version);
    for (const [i, item] of items.entries()) {
      const raw = Math.round(s.values[i]! * item.divisor);
      if (!isInt(raw, -32768, 32767))
        return fail('invalid-value', `grid profile: ${item.key} = ${s.values[i]} out of range`);
      const pair = new Uint8Array(2);
      writeInt(pair, 0, 2, raw);
      bytes.push(pair[0]!, pair[1]!);
    }
  }
  if (bytes.length + CRC16_LENGTH > GRID_PROFILE_MAX_LENGTH) {
    return fail(
      'invalid-value',
      `grid profile: ${bytes.length + CRC16_LENGTH} bytes, at most ${GRID_PROFILE_MAX_LENGTH}`,
    );
  }
  return ok(sealPayload(Uint8Array.from(bytes)));
}

// --- examples -------------------------------------------------------------------------------------

export interface GridProfileExample {
  description: string;
  data: GridProfileData;
}

/** The example profiles of grid-profile.json (its test vectors), ready for a simulated inverter to encode. */
export function gridProfileExamples(): GridProfileExample[] {
  const examples: GridProfileExample[] = [];
  for (const v of gridProfileJson.testVectors) {
    const bytes = Uint8Array.from(v.raw.trim().split(/\s+/), (h) => Number.parseInt(h, 16));
    const data = decodeGridProfileData(bytes);
    if (data.ok) examples.push({ description: v.description, data: data.value });
  }
  return examples;
}
