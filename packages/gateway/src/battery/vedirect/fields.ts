/**
 * Field decoding of VE.Direct text blocks into readings in SI-ish units. Victron sends integers in
 * fixed units: V, VPV in mV; I in mA; P, PPV in W; SOC in ‰; T in °C; H19–H22 in 0.01 kWh; H21/H23
 * in W. A field that is absent or not a number is left undefined (never a guess).
 */
import type { VeDirectBlock } from './framer';

export interface VeDirectShuntFields {
  voltageV?: number;
  currentA?: number;
  powerW?: number;
  socPercent?: number;
  temperatureC?: number;
  /** Alarm condition active (`Alarm` ON/OFF). */
  alarm?: boolean;
  /** Alarm reason bit field (`AR`). */
  alarmReason?: number;
}

export interface VeDirectMpptFields {
  batteryVoltageV?: number;
  batteryCurrentA?: number;
  panelVoltageV?: number;
  panelPowerW?: number;
  /** Charge state code (`CS`): 0 off, 2 fault, 3 bulk, 4 absorption, 5 float, … */
  chargeState?: number;
  /** Error code (`ERR`), 0 = no error. */
  error?: number;
  yieldTodayKWh?: number;
  maxPowerTodayW?: number;
  yieldYesterdayKWh?: number;
  maxPowerYesterdayW?: number;
  yieldTotalKWh?: number;
  loadOn?: boolean;
}

function int(block: VeDirectBlock, label: string): number | undefined {
  const raw = block.get(label);
  if (raw === undefined || !/^-?\d+$/.test(raw)) return undefined;
  return Number(raw);
}

function scaled(block: VeDirectBlock, label: string, divisor: number): number | undefined {
  const n = int(block, label);
  return n === undefined ? undefined : n / divisor;
}

function onOff(block: VeDirectBlock, label: string): boolean | undefined {
  const raw = block.get(label);
  if (raw === 'ON') return true;
  if (raw === 'OFF') return false;
  return undefined;
}

export function decodeShunt(block: VeDirectBlock): VeDirectShuntFields {
  return {
    voltageV: scaled(block, 'V', 1000),
    currentA: scaled(block, 'I', 1000),
    powerW: int(block, 'P'),
    socPercent: scaled(block, 'SOC', 10),
    temperatureC: int(block, 'T'),
    alarm: onOff(block, 'Alarm'),
    alarmReason: int(block, 'AR'),
  };
}

export function decodeMppt(block: VeDirectBlock): VeDirectMpptFields {
  return {
    batteryVoltageV: scaled(block, 'V', 1000),
    batteryCurrentA: scaled(block, 'I', 1000),
    panelVoltageV: scaled(block, 'VPV', 1000),
    panelPowerW: int(block, 'PPV'),
    chargeState: int(block, 'CS'),
    error: int(block, 'ERR'),
    yieldTotalKWh: scaled(block, 'H19', 100),
    yieldTodayKWh: scaled(block, 'H20', 100),
    maxPowerTodayW: int(block, 'H21'),
    yieldYesterdayKWh: scaled(block, 'H22', 100),
    maxPowerYesterdayW: int(block, 'H23'),
    loadOn: onOff(block, 'LOAD'),
  };
}
