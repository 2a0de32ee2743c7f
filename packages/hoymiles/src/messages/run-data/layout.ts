/**
 * The run-data layout of each family, built once from runtime-fields.json: where each field lies in the
 * payload (or which rule derives it), its name, unit and decimals, and the length an answer must have.
 */
import runtime from '../../../data/runtime-fields.json';
import { FAMILY_IDS, type FamilyId } from '../../types';
import { CRC16_LENGTH } from '../payload';

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
  | 'TOTAL_IAC'
  /** MI series: not on the wire; the gateway supplies it (estimated AC power, kept total yield). */
  | 'GATEWAY';

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
  'GATEWAY',
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

export const LAYOUTS = Object.fromEntries(
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
