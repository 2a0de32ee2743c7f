/**
 * Real-time run data (data type 0x0B): payload layout per family, derived values and the length check
 * (docs/protocol.md; the OpenDTU quirk "run-data length check counts the CRC" in docs/compatibility.md).
 * Layouts come from runtime-fields.json.
 */
import runtime from '../../data/runtime-fields.json';
import { fail, ok, type Result } from '../errors';
import { DataType, FAMILY_IDS, type FamilyId } from '../types';
import { CRC16_LENGTH, checkPayload, readInt, readUint, sealPayload, toRaw, writeInt } from './payload';

export const RUN_DATA_DATA_TYPE = DataType.RunData;

export type RunDataChannelType = 'DC' | 'AC' | 'INV';

/** Field keys as in runtime-fields.json → fieldKeys. */
export type RunDataFieldKey =
  | 'UDC'
  | 'IDC'
  | 'PDC'
  | 'YD'
  | 'YT'
  | 'IRR'
  | 'UAC'
  | 'IAC'
  | 'PAC'
  | 'F'
  | 'T'
  | 'PF'
  | 'EFF'
  | 'Q'
  | 'EVT_LOG'
  | 'UAC_1N'
  | 'UAC_2N'
  | 'UAC_3N'
  | 'UAC_12'
  | 'UAC_23'
  | 'UAC_31'
  | 'IAC_1'
  | 'IAC_2'
  | 'IAC_3';

export type RunDataCalc =
  | 'CH_UDC'
  | 'CH_IRR'
  | 'TOTAL_PDC'
  | 'TOTAL_YD'
  | 'TOTAL_YT'
  | 'TOTAL_EFF'
  | 'TOTAL_IAC';

/** Where a field's value comes from: bytes of the payload, or a rule. */
export type RunDataFieldSource =
  | { kind: 'bytes'; offset: number; length: number; divisor: number; signed: boolean }
  | { kind: 'calc'; calc: RunDataCalc; calcChannel: number };

export interface RunDataFieldSpec {
  channelType: RunDataChannelType;
  /** DC input number from 0; always 0 for AC and INV. */
  channel: number;
  key: RunDataFieldKey;
  /** JSON name used by live data ("Voltage", "Power DC", "Voltage Ph1-N", …). */
  name: string;
  unit: string;
  /** Decimals used when shown or published. */
  digits: number;
  source: RunDataFieldSource;
}

export interface RunDataLayout {
  family: FamilyId;
  dcInputs: number;
  /** OpenDTU's "run-data min. length": the end of the last field, which it compares with the CRC included. */
  openDtuMinLength: number;
  /** What we require: every field before the CRC, i.e. openDtuMinLength + 2 (see `decodeRunData`). */
  requiredLength: number;
  /** For each DC input, the input whose voltage bytes it reports (itself unless it is in a voltage group). */
  voltageSource: number[];
  /** In runtime-fields.json order, derived fields included. */
  fields: RunDataFieldSpec[];
}

/** One DC input ("string"). */
export interface RunDataDcInput {
  /** V */
  voltage: number;
  /** A */
  current: number;
  /** W */
  power: number;
  /** Wh today */
  yieldDay: number;
  /** kWh lifetime */
  yieldTotal: number;
}

export interface RunDataAc {
  /** V. HMT: the Ph1-Ph2 line voltage (alias). */
  voltage: number;
  /** A. HMT_4CH: the Ph1 current (alias); HMT_6CH: Ph1 + Ph2 + Ph3. */
  current: number;
  /** W */
  power: number;
  /** var, signed */
  reactivePower: number;
  /** Hz */
  frequency: number;
  powerFactor: number;
}

/** Three-phase extras of the HMT families (not exposed in live data or MQTT). */
export interface RunDataPhases {
  /** V, Ph1-N, Ph2-N, Ph3-N */
  voltageToNeutral: [number, number, number];
  /** V, Ph1-Ph2, Ph2-Ph3, Ph3-Ph1 */
  voltageLineToLine: [number, number, number];
  /** A, Ph1, Ph2, Ph3 */
  current: [number, number, number];
}

export interface RunData {
  family: FamilyId;
  dc: RunDataDcInput[];
  ac: RunDataAc;
  /** Present for HMT_4CH and HMT_6CH, null otherwise. */
  phases: RunDataPhases | null;
  /** °C, signed */
  temperature: number;
  eventLogCount: number;
}

/**
 * Physical state a simulated inverter encodes. Missing DC inputs encode as 0. For HMT, `phases` is what
 * goes on the wire; when absent, symmetric phases are made up from `ac` (see `encodeRunData`).
 */
export interface RunDataState {
  dc: readonly RunDataDcInput[];
  ac: RunDataAc;
  phases?: RunDataPhases | null;
  temperature: number;
  eventLogCount: number;
}

/** One value as the live data and MQTT present it, in runtime-fields.json order. */
export interface RunDataField extends Omit<RunDataFieldSpec, 'source'> {
  value: number;
  /** `value` with `digits` decimals. */
  text: string;
}

export interface RunDataTotals {
  /** W, Σ DC power ("Power DC"). */
  powerDc: number;
  /** Wh, Σ DC YieldDay. */
  yieldDay: number;
  /** kWh, Σ DC YieldTotal. */
  yieldTotal: number;
  /** %, Σ AC power / Σ DC power × 100, 0 without DC power. */
  efficiency: number;
  /** %, per DC input; 0 where no max power is configured. */
  irradiation: number[];
}

// --- layout table, built once from runtime-fields.json -------------------------------------------

interface JsonField {
  channelType: string;
  channel: number;
  field: string;
  name: string;
  unit: string;
  digits: number;
  offset?: number;
  length?: number;
  divisor?: number;
  signed?: boolean;
  calc?: string;
  calcChannel?: number;
}

interface JsonFamily {
  expectedLength: number;
  dcChannels: number;
  fields: readonly JsonField[];
}

const FIELD_KEYS: readonly RunDataFieldKey[] = [
  'UDC',
  'IDC',
  'PDC',
  'YD',
  'YT',
  'IRR',
  'UAC',
  'IAC',
  'PAC',
  'F',
  'T',
  'PF',
  'EFF',
  'Q',
  'EVT_LOG',
  'UAC_1N',
  'UAC_2N',
  'UAC_3N',
  'UAC_12',
  'UAC_23',
  'UAC_31',
  'IAC_1',
  'IAC_2',
  'IAC_3',
];
const CALCS: readonly RunDataCalc[] = [
  'CH_UDC',
  'CH_IRR',
  'TOTAL_PDC',
  'TOTAL_YD',
  'TOTAL_YT',
  'TOTAL_EFF',
  'TOTAL_IAC',
];
const CHANNEL_TYPES: readonly RunDataChannelType[] = ['DC', 'AC', 'INV'];

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

// The data file is a fixed part of the package: a malformed entry is a programming error, found by the tests.
function buildField(family: string, f: JsonField): RunDataFieldSpec {
  if (!isOneOf(CHANNEL_TYPES, f.channelType) || !isOneOf(FIELD_KEYS, f.field)) {
    throw new Error(`runtime-fields.json ${family}: bad field ${f.channelType}/${f.field}`);
  }
  let source: RunDataFieldSource;
  if (f.calc !== undefined) {
    if (!isOneOf(CALCS, f.calc)) throw new Error(`runtime-fields.json ${family}: bad calc ${f.calc}`);
    source = { kind: 'calc', calc: f.calc, calcChannel: f.calcChannel ?? 0 };
  } else if (f.offset !== undefined && f.length !== undefined && f.divisor !== undefined) {
    source = {
      kind: 'bytes',
      offset: f.offset,
      length: f.length,
      divisor: f.divisor,
      signed: f.signed === true,
    };
  } else {
    throw new Error(`runtime-fields.json ${family}: field ${f.field} has neither bytes nor calc`);
  }
  return {
    channelType: f.channelType,
    channel: f.channel,
    key: f.field,
    name: f.name,
    unit: f.unit,
    digits: f.digits,
    source,
  };
}

function buildLayout(family: FamilyId, json: JsonFamily): RunDataLayout {
  const fields = json.fields.map((f) => buildField(family, f));
  let end = 0;
  for (const f of fields) {
    if (f.source.kind === 'bytes') end = Math.max(end, f.source.offset + f.source.length);
  }
  // An input reports the voltage of another input when it copies it (CH_UDC) or reads the same bytes.
  const voltageSource: number[] = [];
  const udcOffsets = new Map<number, number>();
  for (let c = 0; c < json.dcChannels; c++) {
    const udc = fields.find((f) => f.channelType === 'DC' && f.channel === c && f.key === 'UDC');
    let src = c;
    if (udc?.source.kind === 'calc') src = udc.source.calcChannel;
    else if (udc?.source.kind === 'bytes') {
      const first = udcOffsets.get(udc.source.offset);
      if (first === undefined) udcOffsets.set(udc.source.offset, c);
      else src = first;
    }
    voltageSource.push(src);
  }
  return {
    family,
    dcInputs: json.dcChannels,
    openDtuMinLength: json.expectedLength,
    requiredLength: Math.max(end, json.expectedLength) + CRC16_LENGTH,
    voltageSource,
    fields,
  };
}

const jsonFamilies = runtime.families as Record<string, JsonFamily>;

const LAYOUTS = Object.fromEntries(
  FAMILY_IDS.map((id) => {
    const json = jsonFamilies[id];
    if (json === undefined) throw new Error(`runtime-fields.json: family ${id} missing`);
    return [id, buildLayout(id, json)];
  }),
) as Record<FamilyId, RunDataLayout>;

/** The run-data layout of a family, or undefined for an unknown id. */
export function runDataLayout(family: FamilyId): RunDataLayout | undefined {
  return Object.hasOwn(LAYOUTS, family) ? LAYOUTS[family] : undefined;
}

/** Name, unit and decimals of one field: the same in every family that has it. */
export interface RunDataFieldInfo {
  name: string;
  unit: string;
  digits: number;
}

const FIELD_INFO = new Map<string, RunDataFieldInfo>();
for (const layout of Object.values(LAYOUTS)) {
  for (const f of layout.fields) {
    const id = `${f.channelType}/${f.key}`;
    const known = FIELD_INFO.get(id);
    if (known === undefined) FIELD_INFO.set(id, { name: f.name, unit: f.unit, digits: f.digits });
    else if (known.name !== f.name || known.unit !== f.unit || known.digits !== f.digits) {
      throw new Error(`runtime-fields.json: ${id} differs between families`);
    }
  }
}

/**
 * Name, unit and decimals of a field on a channel type (e.g. DC/YD → YieldDay, Wh, 0): what every output
 * (live data, metrics, MQTT) presents it with. Throws for a field no family has on that channel type.
 */
export function runDataFieldInfo(channelType: RunDataChannelType, key: RunDataFieldKey): RunDataFieldInfo {
  const info = FIELD_INFO.get(`${channelType}/${key}`);
  if (info === undefined) throw new Error(`run data: no field ${key} on ${channelType} channels`);
  return info;
}

// --- derived values ------------------------------------------------------------------------

/** DC power of an input relative to its configured peak power, in %; 0 when none is configured. */
export function irradiationPercent(powerW: number, maxPowerW: number): number {
  return maxPowerW > 0 ? (powerW / maxPowerW) * 100 : 0;
}

/** Σ AC power / Σ DC power × 100, or 0 when there is no DC power. */
export function efficiencyPercent(acPowerW: number, dcPowerW: number): number {
  return dcPowerW > 0 ? (acPowerW / dcPowerW) * 100 : 0;
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/**
 * INV totals and per-input irradiation. Yields are summed as found in `data.dc`, so pass data with the
 * yield corrections already applied (`applyYieldOffsets`).
 */
export function runDataTotals(data: RunData, maxPowerW: readonly number[] = []): RunDataTotals {
  const powerDc = sum(data.dc.map((d) => d.power));
  return {
    powerDc,
    yieldDay: sum(data.dc.map((d) => d.yieldDay)),
    yieldTotal: sum(data.dc.map((d) => d.yieldTotal)),
    efficiency: efficiencyPercent(data.ac.power, powerDc),
    irradiation: data.dc.map((d, c) => irradiationPercent(d.power, maxPowerW[c] ?? 0)),
  };
}

/**
 * Adds per-input user offsets (yield-day correction in Wh, yield_total_offset in kWh) to a copy
 * of `data`. The gateway applies them only once a payload has been received at all.
 */
export function applyYieldOffsets(
  data: RunData,
  offsets: { yieldDayWh?: readonly number[]; yieldTotalKWh?: readonly number[] },
): RunData {
  return {
    ...data,
    dc: data.dc.map((d, c) => ({
      ...d,
      yieldDay: d.yieldDay + (offsets.yieldDayWh?.[c] ?? 0),
      yieldTotal: d.yieldTotal + (offsets.yieldTotalKWh?.[c] ?? 0),
    })),
  };
}

/** Display/MQTT text of a value: fixed decimals. */
export function formatRunDataValue(value: number, digits: number): string {
  return value.toFixed(digits);
}

const DC_KEYS = { UDC: 'voltage', IDC: 'current', PDC: 'power', YD: 'yieldDay', YT: 'yieldTotal' } as const;
const AC_KEYS = {
  UAC: 'voltage',
  IAC: 'current',
  PAC: 'power',
  Q: 'reactivePower',
  F: 'frequency',
  PF: 'powerFactor',
} as const;
const PHASE_KEYS = {
  UAC_1N: ['voltageToNeutral', 0],
  UAC_2N: ['voltageToNeutral', 1],
  UAC_3N: ['voltageToNeutral', 2],
  UAC_12: ['voltageLineToLine', 0],
  UAC_23: ['voltageLineToLine', 1],
  UAC_31: ['voltageLineToLine', 2],
  IAC_1: ['current', 0],
  IAC_2: ['current', 1],
  IAC_3: ['current', 2],
} as const;

function isKeyOf<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(table, key);
}

function fieldValue(spec: RunDataFieldSpec, data: RunData, totals: RunDataTotals): number {
  const { channelType, channel, key } = spec;
  if (channelType === 'DC') {
    const input = data.dc[channel];
    if (input === undefined) return 0;
    if (key === 'IRR') return totals.irradiation[channel] ?? 0;
    return isKeyOf(DC_KEYS, key) ? input[DC_KEYS[key]] : 0;
  }
  if (channelType === 'AC') {
    if (isKeyOf(AC_KEYS, key)) return data.ac[AC_KEYS[key]];
    if (isKeyOf(PHASE_KEYS, key) && data.phases !== null) {
      const [group, index] = PHASE_KEYS[key];
      return data.phases[group][index];
    }
    return 0;
  }
  switch (key) {
    case 'T':
      return data.temperature;
    case 'EVT_LOG':
      return data.eventLogCount;
    case 'YD':
      return totals.yieldDay;
    case 'YT':
      return totals.yieldTotal;
    case 'PDC':
      return totals.powerDc;
    case 'EFF':
      return totals.efficiency;
    default:
      return 0;
  }
}

/**
 * Every field of the family, raw and derived, in runtime-fields.json order (the order of the test vectors).
 * Irradiation is listed for every input; live data shows it only where `maxPowerW[c] > 0`.
 */
export function runDataFields(data: RunData, maxPowerW: readonly number[] = []): RunDataField[] {
  const layout = LAYOUTS[data.family];
  const totals = runDataTotals(data, maxPowerW);
  return layout.fields.map((spec) => {
    const value = fieldValue(spec, data, totals);
    return {
      channelType: spec.channelType,
      channel: spec.channel,
      key: spec.key,
      name: spec.name,
      unit: spec.unit,
      digits: spec.digits,
      value,
      text: formatRunDataValue(value, spec.digits),
    };
  });
}

// --- decode ---------------------------------------------------------------------------------------

function readField(payload: Uint8Array, s: Extract<RunDataFieldSource, { kind: 'bytes' }>): number {
  const raw = s.signed ? readInt(payload, s.offset, s.length) : readUint(payload, s.offset, s.length);
  return raw / s.divisor;
}

/**
 * Decodes a joined run-data payload (header `00 01`, fields, CRC16).
 *
 * Length check, the OpenDTU quirk "run-data length check counts the CRC" (docs/compatibility.md): OpenDTU compares the table's min. length with the length *including*
 * the CRC, so a valid-CRC answer 2 bytes short passes and its last field (EventLogCount on most families)
 * is read from the CRC bytes. We deliberately require every field to lie before the CRC
 * (`layout.requiredLength` = min. length + 2): such an answer is a `truncated-payload` failure instead of
 * a garbage event counter that would trigger needless event-log fetches. Longer payloads are accepted.
 */
export function decodeRunData(family: FamilyId, payload: Uint8Array): Result<RunData> {
  const layout = runDataLayout(family);
  if (layout === undefined) return fail('unknown-family', `run data: unknown family ${String(family)}`);
  const checked = checkPayload(payload, layout.requiredLength, `run data ${family}`);
  if (!checked.ok) return checked;

  const dc: RunDataDcInput[] = Array.from({ length: layout.dcInputs }, () => ({
    voltage: 0,
    current: 0,
    power: 0,
    yieldDay: 0,
    yieldTotal: 0,
  }));
  const ac: RunDataAc = { voltage: 0, current: 0, power: 0, reactivePower: 0, frequency: 0, powerFactor: 0 };
  const isHmt = layout.fields.some((f) => isKeyOf(PHASE_KEYS, f.key));
  const phases: RunDataPhases | null = isHmt
    ? { voltageToNeutral: [0, 0, 0], voltageLineToLine: [0, 0, 0], current: [0, 0, 0] }
    : null;
  let temperature = 0;
  let eventLogCount = 0;
  let sumPhaseCurrents = false;

  for (const spec of layout.fields) {
    const { source, key, channelType } = spec;
    if (source.kind === 'calc') {
      if (source.calc === 'TOTAL_IAC') sumPhaseCurrents = true;
      continue; // CH_UDC is resolved below through voltageSource; the rest are derived on demand
    }
    const value = readField(payload, source);
    if (channelType === 'DC') {
      const input = dc[spec.channel];
      if (input !== undefined && isKeyOf(DC_KEYS, key)) input[DC_KEYS[key]] = value;
    } else if (channelType === 'AC') {
      if (isKeyOf(AC_KEYS, key)) ac[AC_KEYS[key]] = value;
      else if (isKeyOf(PHASE_KEYS, key) && phases !== null) {
        const [group, index] = PHASE_KEYS[key];
        phases[group][index] = value;
      }
    } else if (key === 'T') temperature = value;
    else if (key === 'EVT_LOG') eventLogCount = value;
  }
  layout.voltageSource.forEach((src, c) => {
    const input = dc[c];
    const leader = dc[src];
    if (input !== undefined && leader !== undefined) input.voltage = leader.voltage;
  });
  if (sumPhaseCurrents && phases !== null) ac.current = sum(phases.current);

  return ok({ family, dc, ac, phases, temperature, eventLogCount });
}

// --- encode (simulator) ---------------------------------------------------------------------------

function phasesFor(family: FamilyId, state: RunDataState): RunDataPhases {
  if (state.phases) return state.phases;
  // Symmetric made-up phases that decode back to the given AC voltage and (HMT_6CH) AC current.
  const lineToLine = state.ac.voltage;
  const toNeutral = lineToLine / Math.sqrt(3);
  const perPhase = family === 'HMT_6CH' ? state.ac.current / 3 : state.ac.current;
  return {
    voltageToNeutral: [toNeutral, toNeutral, toNeutral],
    voltageLineToLine: [lineToLine, lineToLine, lineToLine],
    current: [perPhase, perPhase, perPhase],
  };
}

/**
 * Encodes a payload (header `00 01`, fields, gaps 0, CRC16) of exactly `layout.requiredLength` bytes.
 * Values are rounded to the field resolution and clamped to its range. Where the wire shares bytes, what
 * goes out is: the voltage of a group's first input for all of the group; on HMT the per-phase values
 * (AC voltage/current are aliases on the wire); on HERF_1CH the EventLogCount (bytes 40..41, which
 * ReactivePower also reads — an unverified OpenDTU position).
 */
export function encodeRunData(family: FamilyId, state: RunDataState): Uint8Array {
  const layout = LAYOUTS[family];
  const data = new Uint8Array(layout.requiredLength - CRC16_LENGTH);
  data[0] = 0x00;
  data[1] = 0x01;
  const dcAt = (c: number): RunDataDcInput =>
    state.dc[c] ?? { voltage: 0, current: 0, power: 0, yieldDay: 0, yieldTotal: 0 };
  const phases = layout.fields.some((f) => isKeyOf(PHASE_KEYS, f.key)) ? phasesFor(family, state) : null;

  // Field order of the data file puts aliases and ReactivePower before the fields that share their bytes,
  // so later writes win and implement the precedence described above.
  for (const spec of layout.fields) {
    const { source, key, channelType, channel } = spec;
    if (source.kind !== 'bytes') continue;
    let value = 0;
    if (channelType === 'DC') {
      if (key === 'UDC') value = dcAt(layout.voltageSource[channel] ?? channel).voltage;
      else if (isKeyOf(DC_KEYS, key)) value = dcAt(channel)[DC_KEYS[key]];
    } else if (channelType === 'AC') {
      if (isKeyOf(PHASE_KEYS, key) && phases !== null) {
        const [group, index] = PHASE_KEYS[key];
        value = phases[group][index];
      } else if (isKeyOf(AC_KEYS, key)) value = state.ac[AC_KEYS[key]];
    } else if (key === 'T') value = state.temperature;
    else if (key === 'EVT_LOG') value = state.eventLogCount;
    writeInt(data, source.offset, source.length, toRaw(value, source.divisor, source.length, source.signed));
  }
  return sealPayload(data);
}
