import { AlertsCode } from '../../alerts/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each AlertsCode code, for developers (`./meaning.ts`). */
export const AlertsCodeMeanings: CodeMeaningsOf<typeof AlertsCode> = {
  [AlertsCode.AlertsUnreachableMinutesRange]:
    'alerts: minutes before an unreachable inverter is an alert outside the bounds',
  [AlertsCode.AlertsStringPercentRange]: 'alerts: string shortfall percent outside the bounds',
  [AlertsCode.AlertsStringMinutesRange]: 'alerts: minutes a string must stay low outside the bounds',
  [AlertsCode.AlertsStringLightRange]: 'alerts: good-light percent outside the bounds',
  [AlertsCode.AlertsRadioPercentRange]: 'alerts: radio loss percent outside 0..100',
  [AlertsCode.AlertsRadioMinutesRange]: 'alerts: radio loss window outside the bounds',
  [AlertsCode.AlertsPushUrlInvalid]:
    'alerts: push URL neither empty nor an http(s) URL within the length limit',
  [AlertsCode.AlertsPushSecretLength]: 'alerts: push token or Authorization header longer than the limit',
  [AlertsCode.AlertsNtfyPriorityRange]: 'alerts: ntfy priority outside 1..5',
  [AlertsCode.AlertsUnknown]: 'alerts ack: no such alert, or neither id nor all given',
  [AlertsCode.AlertsAcknowledged]: 'alerts acknowledged',
  [AlertsCode.AlertsMeterMinutesRange]: 'alerts: minutes without a valid meter reading outside the bounds',
  [AlertsCode.AlertsLimiterMinutesRange]:
    'alerts: minutes the limiter may stay in fallback outside the bounds',
  [AlertsCode.AlertsGridSignalLostMinutesRange]:
    'alerts: minutes the grid signal may be unreadable outside the bounds',
  [AlertsCode.AlertsGridSignalHoursRange]:
    'alerts: hours the grid signal may stay below 100 % outside the bounds',
};
