import { AlertLimits } from '../limits/alerts';
import { type CodeSpecs, rangeWarning, success, warning } from './spec';

/** Codes of the alerts (`/api/alerts/*`, issue 24): 24001.. */
export const AlertsCode = {
  AlertsUnreachableMinutesRange: 24001,
  AlertsStringPercentRange: 24002,
  AlertsStringMinutesRange: 24003,
  AlertsStringLightRange: 24004,
  AlertsRadioPercentRange: 24005,
  AlertsRadioMinutesRange: 24006,
  AlertsPushUrlInvalid: 24007,
  AlertsPushSecretLength: 24008,
  AlertsNtfyPriorityRange: 24009,
  AlertsUnknown: 24010,
  AlertsAcknowledged: 24011,
  AlertsMeterMinutesRange: 24012,
  AlertsLimiterMinutesRange: 24013,
  AlertsGridSignalLostMinutesRange: 24014,
  AlertsGridSignalHoursRange: 24015,
} as const;

export const AlertsCodeTable: CodeSpecs<typeof AlertsCode> = {
  [AlertsCode.AlertsUnreachableMinutesRange]: rangeWarning(
    'alerts: minutes before an unreachable inverter is an alert outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [AlertsCode.AlertsStringPercentRange]: rangeWarning(
    'alerts: string shortfall percent outside the bounds',
    'Percent',
    AlertLimits.percentMin,
    AlertLimits.percentMax,
  ),
  [AlertsCode.AlertsStringMinutesRange]: rangeWarning(
    'alerts: minutes a string must stay low outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [AlertsCode.AlertsStringLightRange]: rangeWarning(
    'alerts: good-light percent outside the bounds',
    'Percent',
    AlertLimits.percentMin,
    AlertLimits.percentMax,
  ),
  [AlertsCode.AlertsRadioPercentRange]: rangeWarning(
    'alerts: radio loss percent outside 0..100',
    'Percent',
    0,
    AlertLimits.percentMax,
  ),
  [AlertsCode.AlertsRadioMinutesRange]: rangeWarning(
    'alerts: radio loss window outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [AlertsCode.AlertsPushUrlInvalid]: warning(
    'alerts: push URL neither empty nor an http(s) URL within the length limit',
    'Invalid push URL.',
  ),
  [AlertsCode.AlertsPushSecretLength]: warning(
    'alerts: push token or Authorization header longer than the limit',
    'Token must be at most {max} characters long.',
    { max: AlertLimits.secretMaxLength },
  ),
  [AlertsCode.AlertsNtfyPriorityRange]: rangeWarning('alerts: ntfy priority outside 1..5', 'Priority', 1, 5),
  [AlertsCode.AlertsUnknown]: warning(
    'alerts ack: no such alert, or neither id nor all given',
    'Unknown alert.',
  ),
  [AlertsCode.AlertsAcknowledged]: success('alerts acknowledged', 'Alert acknowledged.'),
  [AlertsCode.AlertsMeterMinutesRange]: rangeWarning(
    'alerts: minutes without a valid meter reading outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [AlertsCode.AlertsLimiterMinutesRange]: rangeWarning(
    'alerts: minutes the limiter may stay in fallback outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [AlertsCode.AlertsGridSignalLostMinutesRange]: rangeWarning(
    'alerts: minutes the grid signal may be unreadable outside the bounds',
    'Minutes',
    AlertLimits.minutesMin,
    AlertLimits.minutesMax,
  ),
  [AlertsCode.AlertsGridSignalHoursRange]: rangeWarning(
    'alerts: hours the grid signal may stay below 100 % outside the bounds',
    'Hours',
    AlertLimits.hoursMin,
    AlertLimits.hoursMax,
  ),
};
