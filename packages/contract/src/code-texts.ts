/**
 * What each response code means and the English `message` the gateway answers it with.
 *
 * The message is a text people read, so it is written once, in a locale file in i18next's format
 * (`codes/envelope-messages.en.json`, `apiresponse.<code>`; `envelope()` fills `{{min}}`/`{{max}}` from
 * `param`). English only: the API answers in English, the console shows its own `apiresponse.<code>` in the
 * visitor's language and never this one. The meaning is developer documentation, typed beside the code
 * tables (`codes/meanings/`, one file per domain).
 *
 * Server side only: nothing the console imports reads this file, so its bundles carry neither the messages
 * nor the meanings (docs/console.md, "Route bytes").
 */
import type { Code } from './codes';
import envelopeTexts from './codes/envelope-messages.en.json' with { type: 'json' };
import { AlertsCodeMeanings } from './codes/meanings/alerts';
import { BatteryCodeMeanings } from './codes/meanings/battery';
import { CommonCodeMeanings } from './codes/meanings/common';
import { DeviceCodeMeanings } from './codes/meanings/device';
import { DtuCodeMeanings } from './codes/meanings/dtu';
import { HistoryCodeMeanings } from './codes/meanings/history';
import { InverterCodeMeanings } from './codes/meanings/inverter';
import { LimitCodeMeanings } from './codes/meanings/limit';
import { MaintenanceCodeMeanings } from './codes/meanings/maintenance';
import { MqttCodeMeanings } from './codes/meanings/mqtt';
import { NetworkCodeMeanings } from './codes/meanings/network';
import { NtpCodeMeanings } from './codes/meanings/ntp';
import { PowerCodeMeanings } from './codes/meanings/power';
import { PowerLimiterCodeMeanings } from './codes/meanings/powerlimiter';
import { PowerMeterCodeMeanings } from './codes/meanings/powermeter';
import { SecurityCodeMeanings } from './codes/meanings/security';
import { TestClockCodeMeanings } from './codes/meanings/test-clock';
import { WifiCodeMeanings } from './codes/meanings/wifi';

export interface CodeText {
  /** When the server sends it; for developers, not UI text. */
  readonly meaning: string;
  /** English `message` of the envelope as in the locale file; `{{min}}`/`{{max}}` are filled from `param`. */
  readonly message: string;
}

/** Every code's English message; a code missing from the locale file fails the typecheck. */
const messages: { readonly [C in Code as `${C}`]: string } = envelopeTexts.apiresponse;

const meanings: { readonly [C in Code]: string } = {
  ...CommonCodeMeanings,
  ...DtuCodeMeanings,
  ...MaintenanceCodeMeanings,
  ...InverterCodeMeanings,
  ...LimitCodeMeanings,
  ...MqttCodeMeanings,
  ...NetworkCodeMeanings,
  ...NtpCodeMeanings,
  ...SecurityCodeMeanings,
  ...PowerCodeMeanings,
  ...DeviceCodeMeanings,
  ...HistoryCodeMeanings,
  ...PowerMeterCodeMeanings,
  ...PowerLimiterCodeMeanings,
  ...AlertsCodeMeanings,
  ...WifiCodeMeanings,
  ...TestClockCodeMeanings,
  ...BatteryCodeMeanings,
};

function joinTexts(): { readonly [C in Code]: CodeText } {
  const texts: Partial<Record<Code, CodeText>> = {};
  for (const code of Object.keys(meanings).map(Number) as Code[]) {
    texts[code] = { meaning: meanings[code], message: messages[`${code}`] };
  }
  return texts as { readonly [C in Code]: CodeText };
}

export const CodeTexts = /* @__PURE__ */ joinTexts();
