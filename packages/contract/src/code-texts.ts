/**
 * What each response code means and the English `message` the gateway answers it with, assembled from
 * `codes/texts/` (one file per domain). Server side only: the console translates `apiresponse.<code>` and
 * imports nothing that reads this, so its bundles carry none of these texts (docs/console.md, "Route bytes").
 */
import type { Code } from './codes';
import { AlertsCodeTexts } from './codes/texts/alerts';
import { BatteryCodeTexts } from './codes/texts/battery';
import { CommonCodeTexts } from './codes/texts/common';
import { DeviceCodeTexts } from './codes/texts/device';
import { DtuCodeTexts } from './codes/texts/dtu';
import { HistoryCodeTexts } from './codes/texts/history';
import { InverterCodeTexts } from './codes/texts/inverter';
import { LimitCodeTexts } from './codes/texts/limit';
import { MaintenanceCodeTexts } from './codes/texts/maintenance';
import { MqttCodeTexts } from './codes/texts/mqtt';
import { NetworkCodeTexts } from './codes/texts/network';
import { NtpCodeTexts } from './codes/texts/ntp';
import { PowerCodeTexts } from './codes/texts/power';
import { PowerLimiterCodeTexts } from './codes/texts/powerlimiter';
import { PowerMeterCodeTexts } from './codes/texts/powermeter';
import { SecurityCodeTexts } from './codes/texts/security';
import { TestClockCodeTexts } from './codes/texts/test-clock';
import type { CodeText } from './codes/texts/text';
import { WifiCodeTexts } from './codes/texts/wifi';

export type { CodeText } from './codes/texts/text';

export const CodeTexts: { readonly [C in Code]: CodeText } = {
  ...CommonCodeTexts,
  ...DtuCodeTexts,
  ...MaintenanceCodeTexts,
  ...InverterCodeTexts,
  ...LimitCodeTexts,
  ...MqttCodeTexts,
  ...NetworkCodeTexts,
  ...NtpCodeTexts,
  ...SecurityCodeTexts,
  ...PowerCodeTexts,
  ...DeviceCodeTexts,
  ...HistoryCodeTexts,
  ...PowerMeterCodeTexts,
  ...PowerLimiterCodeTexts,
  ...AlertsCodeTexts,
  ...WifiCodeTexts,
  ...TestClockCodeTexts,
  ...BatteryCodeTexts,
};
