/**
 * Response codes of the OpenDTU-compatible API, each domain's in `<domain>/codes.ts` (numbered by thousands).
 *
 * The console never shows `message`: it translates `apiresponse.{code}` and fills `{min}`/`{max}` from
 * `param`. So the code, its type and its param are what both sides share (here); what a code means and its
 * English `message` are the gateway's alone (`code-texts.ts`: the meanings typed in `codes/meanings/`, the
 * messages in the locale namespace `envelope`), which keeps them out of the console's bundles.
 */
import { AlertsCode, AlertsCodeTable } from './alerts/codes';
import { BatteryCode, BatteryCodeTable } from './battery/codes';
import type { CodeSpec } from './common/code-spec';
import { CommonCode, CommonCodeTable } from './common/common-codes';
import { DeviceCode, DeviceCodeTable } from './device/codes';
import { DtuCode, DtuCodeTable } from './dtu/codes';
import { HistoryCode, HistoryCodeTable } from './history/codes';
import { InverterCode, InverterCodeTable } from './inverter/codes';
import { LimitCode, LimitCodeTable } from './limit/codes';
import { MaintenanceCode, MaintenanceCodeTable } from './maintenance/codes';
import { MqttCode, MqttCodeTable } from './mqtt/codes';
import { NetworkCode, NetworkCodeTable } from './network/codes';
import { NtpCode, NtpCodeTable } from './ntp/codes';
import { PowerCode, PowerCodeTable } from './power/codes';
import { PowerLimiterCode, PowerLimiterCodeTable } from './powerlimiter/codes';
import { PowerMeterCode, PowerMeterCodeTable } from './powermeter/codes';
import { SecurityCode, SecurityCodeTable } from './security/codes';
import { TestClockCode, TestClockCodeTable } from './test-clock/codes';
import { WifiCode, WifiCodeTable } from './wifi/codes';

export type { CodeParam, CodeSpec, EnvelopeType, ParamKey } from './common/code-spec';

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
  ...BatteryCode,
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
  ...BatteryCodeTable,
};

const codeValues = new Set<number>(Object.values(Code));

export function isCode(value: unknown): value is Code {
  return typeof value === 'number' && codeValues.has(value);
}
