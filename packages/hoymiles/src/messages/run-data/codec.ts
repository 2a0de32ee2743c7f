/**
 * Run-data payloads (data type 0x0B) in both directions: decoding an inverter's answer and encoding one
 * for the simulated inverter, with the length check of docs/compatibility.md.
 */
import { fail, ok, type Result } from '../../errors';
import { DataType, type FamilyId } from '../../types';
import { CRC16_LENGTH, checkPayload, readInt, readUint, sealPayload, toRaw, writeInt } from '../payload';
import { LAYOUTS, type RunDataFieldSource, runDataLayout } from './layout';
import {
  AC_KEYS,
  DC_KEYS,
  isKeyOf,
  PHASE_KEYS,
  type RunData,
  type RunDataAc,
  type RunDataDcInput,
  type RunDataPhases,
  sum,
} from './values';

export const RUN_DATA_DATA_TYPE = DataType.RunData;

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

// --- decode ---------------------------------------------------------------------------------------

function readField(payload: Uint8Array, s: Extract<RunDataFieldSource, { kind: 'bytes' }>): number {
  const raw = s.signed ? readInt(payload, s.offset, s.length) : readUint(payload, s.offset, s.length);
  return raw / s.divisor;
}

/**
 * Decodes a joined run-data payload (header `00 01`, fields, CRC16).
 *
 * Length check, the OpenDTU quirk "run-data length check counts the CRC" (docs/compatibility.md): we
 * require every field to lie before the CRC (`layout.requiredLength` = min. length + 2), so an answer
 * 2 bytes short is a `truncated-payload` failure instead of a garbage event counter read from the CRC
 * bytes, which would trigger needless event-log fetches. Longer payloads are accepted.
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
