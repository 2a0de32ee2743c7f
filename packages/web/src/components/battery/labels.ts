import type { BatteryProblem } from '@dtu-console/contract/battery/api';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { batteryProblemKey } from '../../api/battery';
import { BATTERY_NS, FORMS_NS } from '../../i18n';

/** The battery's texts first, then the forms' (form messages, the common answers). */
export function useBatteryTranslation() {
  return useTranslation([BATTERY_NS, FORMS_NS], { nsMode: 'fallback' });
}

/** A stable key the gateway sends (an alarm, a charge state) in words; a key not known here as it came. */
function keyText(t: TFunction, group: string, key: string): string {
  return t(`${group}.${key}`, { defaultValue: key, nsSeparator: false });
}

/** An alarm or warning of the BMS (`cell_undervoltage`, …). */
export const alarmText = (t: TFunction, key: string) => keyText(t, 'alarm', key);

/** A charge controller's state (VE.Direct's CS: `bulk`, `float`, …). */
export const chargeStateText = (t: TFunction, state: string) => keyText(t, 'chargeState', state);

/** Why a source has no usable reading, in the reader's language (the gateway's English detail otherwise). */
export const problemText = (t: TFunction, problem: BatteryProblem) =>
  t(batteryProblemKey(problem), { defaultValue: problem.detail });
