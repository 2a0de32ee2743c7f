/**
 * Response codes of the OpenDTU-compatible API, one file per domain in `codes/` (numbered by thousands).
 *
 * The console never shows `message`: it translates `apiresponse.{code}` and fills `{min}`/`{max}` from
 * `param`. So the code, its type and its param are what both sides share (here); what a code means and its
 * English `message` are the gateway's alone (`code-texts.ts`), which keeps them out of the console's bundles.
 */
import { AlertsCode, AlertsCodeTable } from './codes/alerts';
import { CommonCode, CommonCodeTable } from './codes/common';
import { DeviceCode, DeviceCodeTable } from './codes/device';
import { DtuCode, DtuCodeTable } from './codes/dtu';
import { HistoryCode, HistoryCodeTable } from './codes/history';
import { InverterCode, InverterCodeTable } from './codes/inverter';
import { LimitCode, LimitCodeTable } from './codes/limit';
import { MaintenanceCode, MaintenanceCodeTable } from './codes/maintenance';
import { MqttCode, MqttCodeTable } from './codes/mqtt';
import { NetworkCode, NetworkCodeTable } from './codes/network';
import { NtpCode, NtpCodeTable } from './codes/ntp';
import { PowerCode, PowerCodeTable } from './codes/power';
import { PowerLimiterCode, PowerLimiterCodeTable } from './codes/powerlimiter';
import { PowerMeterCode, PowerMeterCodeTable } from './codes/powermeter';
import { SecurityCode, SecurityCodeTable } from './codes/security';
import type { CodeSpec } from './codes/spec';
import { TestClockCode, TestClockCodeTable } from './codes/test-clock';
import { WifiCode, WifiCodeTable } from './codes/wifi';

export type { CodeParam, CodeSpec, EnvelopeType, ParamKey } from './codes/spec';

/** Every code by name, assembled from the domains; a number is used by one domain only (codes.test.ts). */
export const Code = {
  ...CommonCode,
  ...DtuCode,
  ...MaintenanceCode,
  ...InverterCode,
  ...LimitCode,
  ...MqttCode,
  ...NetworkCode,
  ...NtpCode,
  ...SecurityCode,
  ...PowerCode,
  ...DeviceCode,
  ...HistoryCode,
  ...PowerMeterCode,
  ...PowerLimiterCode,
  ...AlertsCode,
  ...WifiCode,
  ...TestClockCode,
} as const;

export type CodeName = keyof typeof Code;
export type Code = (typeof Code)[CodeName];

export const CodeTable: { readonly [C in Code]: CodeSpec } = {
  ...CommonCodeTable,
  ...DtuCodeTable,
  ...MaintenanceCodeTable,
  ...InverterCodeTable,
  ...LimitCodeTable,
  ...MqttCodeTable,
  ...NetworkCodeTable,
  ...NtpCodeTable,
  ...SecurityCodeTable,
  ...PowerCodeTable,
  ...DeviceCodeTable,
  ...HistoryCodeTable,
  ...PowerMeterCodeTable,
  ...PowerLimiterCodeTable,
  ...AlertsCodeTable,
  ...WifiCodeTable,
  ...TestClockCodeTable,
};

const codeValues = new Set<number>(Object.values(Code));

export function isCode(value: unknown): value is Code {
  return typeof value === 'number' && codeValues.has(value);
}
