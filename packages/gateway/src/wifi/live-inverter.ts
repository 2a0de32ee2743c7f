/**
 * A Wi-Fi inverter as the live model holds it: the same `LiveInverter` the radio engine writes, with
 * `connection: 'wifi'` and its device, and nothing the device does not report (no radio statistics,
 * no grid profile, no device-info frames: those stay empty, and the outputs leave them out).
 */
import type { RadioStats } from '@dtu-console/contract';
import {
  type DeviceInfo,
  type EventLogEntry,
  FAMILIES,
  type FamilyId,
  familyOfSerial,
  lookupModel,
  type RunDataAc,
  type RunDataDcInput,
  runDataTotals,
} from '@dtu-console/hoymiles';
import type { LiveInverter } from '../engine/live-types';

export interface WifiInverterReading {
  serial: string;
  ac: RunDataAc;
  temperature: number;
  /** The device hears the inverter. */
  linked: boolean;
  /** The limit the device reports, % of rated power; null when it reports none. */
  limitPercent: number | null;
  warnings: number;
  inputs: RunDataDcInput[];
}

export function emptyRunDataFor(): Pick<WifiInverterReading, 'ac' | 'temperature'> {
  return {
    ac: { voltage: 0, current: 0, power: 0, reactivePower: 0, frequency: 0, powerFactor: 0 },
    temperature: 0,
  };
}

const NO_RADIO: RadioStats = {
  tx_request: 0,
  tx_re_request: 0,
  rx_success: 0,
  rx_fail_nothing: 0,
  rx_fail_partial: 0,
  rx_fail_corrupt: 0,
  rssi: -127,
};

/** The family for the live model's field layout: by serial where the radio families know it, else by inputs. */
export function wifiFamilyOf(serial: string, inputs: number): FamilyId {
  const bySerial = familyOfSerial(serial);
  if (bySerial && FAMILIES[bySerial].dcInputs === inputs) return bySerial;
  if (inputs <= 1) return 'HMS_1CH';
  if (inputs === 2) return 'HMS_2CH';
  return 'HMS_4CH';
}

export interface WifiLiveInputs {
  id: number;
  name: string;
  order: number;
  device: { name: string; serial: string; model: string };
  reading: WifiInverterReading | null;
  firmware: number;
  hwPartNumber: number;
  /** Inputs the inverter has (from a reading, or the device info's model). */
  inputs: number;
  reachable: boolean;
  lastUpdateEpochMs: number;
  lastUpdateMonoMs: number | null;
  limitSetStatus: LiveInverter['limitSetStatus'];
  powerSetStatus: LiveInverter['powerSetStatus'];
  eventLog: readonly EventLogEntry[];
  dataVersion: number;
}

function firmwareText(version: number): string {
  if (version <= 0) return '';
  return `${Math.floor(version / 10000)}.${Math.floor((version % 10000) / 100)}.${version % 100}`;
}

export function wifiLiveInverter(serial: string, x: WifiLiveInputs): LiveInverter {
  const family = wifiFamilyOf(serial, x.inputs);
  const info = FAMILIES[family];
  const model = lookupModel(x.hwPartNumber);
  const maxPowerW = model.maxPowerW > 0 ? model.maxPowerW : 0;
  const dc: RunDataDcInput[] = Array.from(
    { length: x.inputs },
    (_, c) => x.reading?.inputs[c] ?? { voltage: 0, current: 0, power: 0, yieldDay: 0, yieldTotal: 0 },
  );
  const values = {
    family,
    dc,
    ac: x.reading?.ac ?? emptyRunDataFor().ac,
    phases: null,
    temperature: x.reading?.temperature ?? 0,
    eventLogCount: x.eventLog.length,
  };
  const limitRelative = x.reading?.limitPercent ?? 0;
  const deviceInfo: DeviceInfo = {
    received: x.firmware > 0,
    valid: x.firmware > 0,
    fwBuildVersion: x.firmware,
    fwBuildVersionText: firmwareText(x.firmware),
    fwBuildDateTime: '',
    fwBootloaderVersion: 0,
    fwBootloaderVersionText: '',
    hwPartNumber: x.hwPartNumber,
    hwVersion: '',
    hwModelName: model.model || x.device.model,
    maxPowerW,
    pdlSupported: false,
  };
  return {
    serial,
    id: x.id,
    name: x.name,
    order: x.order,
    family,
    typeName: model.model || info.typeName,
    channels: dc.map(() => ({ name: '', maxPowerW: 0, yieldTotalOffsetKWh: 0 })),
    pollEnableSetting: true,
    pollEnabled: true,
    commandsEnabled: x.reachable,
    reachable: x.reachable,
    producing: x.reachable && values.ac.power > 0,
    hasData: x.reading !== null,
    lastUpdateEpochMs: x.lastUpdateEpochMs,
    lastUpdateMonoMs: x.lastUpdateMonoMs,
    values,
    totals: runDataTotals(values, []),
    limitRelative,
    limitKnown: x.reading?.limitPercent !== null && x.reading !== null,
    maxPowerW,
    limitAbsoluteW: maxPowerW > 0 ? (limitRelative * maxPowerW) / 100 : null,
    limitSetStatus: x.limitSetStatus,
    powerSetStatus: x.powerSetStatus,
    radioStats: NO_RADIO,
    otherDtuFrames: 0,
    eventLog: x.eventLog,
    deviceInfo,
    gridProfileRaw: new Uint8Array(0),
    dataVersion: x.dataVersion,
    connection: 'wifi',
    wifiDevice: { ...x.device },
  };
}
