/**
 * Register maps of the Modbus meters the gateway knows, written once, as data (docs/meter.md). Addresses
 * are as on the wire (0-based, the datasheets' "30053" is input register 0x0034). Every value is a 32-bit
 * IEEE float, high word first. `scale` turns the raw value into W (or Wh for the energy registers).
 *
 * - Eastron SDM630 / SDM72 (three-phase) and SDM120 (single-phase): input registers (function 4). Total
 *   system power 0x0034 (W, import positive), phases 0x000C/0x000E/0x0010, import and export energy
 *   0x0048/0x004A (kWh).
 * - Chint DTSU666 (three-phase): holding registers (function 3). Pt 0x2012, Pa/Pb/Pc 0x2014/16/18, in
 *   0.1 W; import ImpEp 0x401E, export ExpEp 0x4028 (kWh).
 * - Chint DDSU666 (single-phase): holding registers. P 0x2004 in kW; import 0x4000, export 0x400A (kWh).
 */
import type { ModbusMeterModel, ModbusRegisterType } from '@dtu-console/contract';

export type ModbusValueType = 'float32' | 'int16' | 'int32' | 'uint32';
export type ModbusWordOrder = 'high_first' | 'low_first';

export interface RegisterSpec {
  address: number;
  type: ModbusValueType;
  wordOrder: ModbusWordOrder;
  /** Raw value × scale = W (power) or Wh (energy). */
  scale: number;
}

export interface ModbusMap {
  registerType: ModbusRegisterType;
  power: RegisterSpec;
  phases?: [RegisterSpec, RegisterSpec, RegisterSpec];
  importEnergy?: RegisterSpec;
  exportEnergy?: RegisterSpec;
}

const float = (address: number, scale = 1): RegisterSpec => ({
  address,
  type: 'float32',
  wordOrder: 'high_first',
  scale,
});
const KWH = 1000;

const eastronThreePhase: ModbusMap = {
  registerType: 'input',
  power: float(0x0034),
  phases: [float(0x000c), float(0x000e), float(0x0010)],
  importEnergy: float(0x0048, KWH),
  exportEnergy: float(0x004a, KWH),
};

export const MODBUS_MAPS: Record<Exclude<ModbusMeterModel, 'custom'>, ModbusMap> = {
  sdm630: eastronThreePhase,
  sdm72: eastronThreePhase,
  sdm120: {
    registerType: 'input',
    power: float(0x000c),
    importEnergy: float(0x0048, KWH),
    exportEnergy: float(0x004a, KWH),
  },
  dtsu666: {
    registerType: 'holding',
    power: float(0x2012, 0.1),
    phases: [float(0x2014, 0.1), float(0x2016, 0.1), float(0x2018, 0.1)],
    importEnergy: float(0x401e, KWH),
    exportEnergy: float(0x4028, KWH),
  },
  ddsu666: {
    registerType: 'holding',
    power: float(0x2004, KWH),
    importEnergy: float(0x4000, KWH),
    exportEnergy: float(0x400a, KWH),
  },
};

/** Number of 16-bit registers a value takes. */
export function wordsOf(type: ModbusValueType): 1 | 2 {
  return type === 'int16' ? 1 : 2;
}

/** The value of `spec` from its registers (as the library returns them: one 16-bit number each). */
export function registerValue(spec: RegisterSpec, words: readonly number[]): number {
  const buf = Buffer.alloc(4);
  if (spec.type === 'int16') {
    buf.writeUInt16BE((words[0] ?? 0) & 0xffff, 0);
    return buf.readInt16BE(0) * spec.scale;
  }
  const [first = 0, second = 0] = words;
  const [high, low] = spec.wordOrder === 'high_first' ? [first, second] : [second, first];
  buf.writeUInt16BE(high & 0xffff, 0);
  buf.writeUInt16BE(low & 0xffff, 2);
  const raw =
    spec.type === 'float32'
      ? buf.readFloatBE(0)
      : spec.type === 'int32'
        ? buf.readInt32BE(0)
        : buf.readUInt32BE(0);
  return raw * spec.scale;
}
