/**
 * The readings of an SML telegram: its messages, the GetList response among them, and in its value list the
 * OBIS registers the meter service needs (docs/meter.md):
 * - 16.7.0 signed active power (import positive), else 1.7.0 − 2.7.0 where a meter sends only those;
 * - 36.7.0, 56.7.0, 76.7.0 the phases, when all three are there;
 * - 1.8.0 and 2.8.0, the energy drawn and fed in.
 * Each value is `value × 10^scaler` in the unit the entry names (27 W, 30 Wh).
 */
import { MeterError } from '../problems';
import { type SmlNode, SmlReader } from './tlv';

/** SML_GetList.Res, the message a meter sends its readings in. */
const GET_LIST_RESPONSE = 0x0701n;
const UNIT_W = 27;
const UNIT_WH = 30;

export interface SmlReadings {
  /** Active power, W (import positive); undefined when the telegram has none. */
  powerW?: number;
  phasesW?: number[];
  importWh?: number;
  exportWh?: number;
  /** Every numeric register of the telegram, by "C.D.E" (for tests and the documentation). */
  registers: Map<string, number>;
}

function list(node: SmlNode | undefined, min: number): SmlNode[] | undefined {
  return node?.type === 'list' && node.items.length >= min ? node.items : undefined;
}

/** The messages of a telegram's content (the transport's payload). */
export function smlMessages(payload: Buffer): SmlNode[] {
  const reader = new SmlReader(payload);
  const messages: SmlNode[] = [];
  for (;;) {
    reader.skipFill();
    if (reader.done) return messages;
    const message = reader.read();
    if (message.type !== 'list' || message.items.length !== 6)
      throw new MeterError('sml-broken', 'SML message is not a list of 6 entries');
    messages.push(message);
  }
}

function registerOf(entry: SmlNode[]): { key: string; value: number; unit: number } | undefined {
  const [name, , , unit, scaler, value] = entry;
  if (name?.type !== 'octets' || name.bytes.length !== 6) return undefined;
  if (value?.type !== 'int') return undefined;
  const [, , c, d, e] = name.bytes;
  const exponent = scaler?.type === 'int' ? Number(scaler.value) : 0;
  const unitCode = unit?.type === 'int' ? Number(unit.value) : 0;
  return {
    key: `${c}.${d}.${e}`,
    value: Number(value.value) * 10 ** exponent,
    unit: unitCode,
  };
}

/** Rounds away the float noise of `value × 10^scaler` (at most 4 decimals matter for a meter). */
const tidy = (n: number) => Math.round(n * 10_000) / 10_000;

/** The readings of a telegram; throws MeterError (sml-broken) when its content cannot be read. */
export function smlReadings(payload: Buffer): SmlReadings {
  let messages: SmlNode[];
  try {
    messages = smlMessages(payload);
  } catch (error) {
    if (error instanceof MeterError) throw error;
    throw new MeterError('sml-broken', (error as Error).message);
  }
  const registers = new Map<string, number>();
  const units = new Map<string, number>();
  for (const message of messages) {
    const body = list((message as { items: SmlNode[] }).items[3], 2);
    const tag = body?.[0];
    if (tag?.type !== 'int' || tag.value !== GET_LIST_RESPONSE) continue;
    const response = list(body?.[1], 7);
    const entries = list(response?.[4], 0) ?? [];
    for (const entry of entries) {
      const read = registerOf(list(entry, 7) ?? []);
      if (!read || registers.has(read.key)) continue;
      registers.set(read.key, tidy(read.value));
      units.set(read.key, read.unit);
    }
  }
  const watts = (key: string) => (units.get(key) === UNIT_W ? registers.get(key) : undefined);
  const wattHours = (key: string) => (units.get(key) === UNIT_WH ? registers.get(key) : undefined);
  const readings: SmlReadings = { registers };
  const signed = watts('16.7.0');
  const import_ = watts('1.7.0');
  const export_ = watts('2.7.0');
  if (signed !== undefined) readings.powerW = signed;
  else if (import_ !== undefined && export_ !== undefined) readings.powerW = tidy(import_ - export_);
  else if (import_ !== undefined) readings.powerW = import_;
  const phases = ['36.7.0', '56.7.0', '76.7.0'].map(watts);
  if (phases.every((p) => p !== undefined)) readings.phasesW = phases as number[];
  const importWh = wattHours('1.8.0');
  const exportWh = wattHours('2.8.0');
  if (importWh !== undefined) readings.importWh = importWh;
  if (exportWh !== undefined) readings.exportWh = exportWh;
  return readings;
}
