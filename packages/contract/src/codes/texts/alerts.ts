import { AlertsCode } from '../../alerts/codes';
import { type CodeTextsOf, rangeText, text } from './text';

/** What the AlertsCode codes mean and the English `message` the gateway answers them with. */
export const AlertsCodeTexts: CodeTextsOf<typeof AlertsCode> = {
  [AlertsCode.AlertsUnreachableMinutesRange]: rangeText(
    'alerts: minutes before an unreachable inverter is an alert outside the bounds',
    'Minutes',
  ),
  [AlertsCode.AlertsStringPercentRange]: rangeText(
    'alerts: string shortfall percent outside the bounds',
    'Percent',
  ),
  [AlertsCode.AlertsStringMinutesRange]: rangeText(
    'alerts: minutes a string must stay low outside the bounds',
    'Minutes',
  ),
  [AlertsCode.AlertsStringLightRange]: rangeText('alerts: good-light percent outside the bounds', 'Percent'),
  [AlertsCode.AlertsRadioPercentRange]: rangeText('alerts: radio loss percent outside 0..100', 'Percent'),
  [AlertsCode.AlertsRadioMinutesRange]: rangeText('alerts: radio loss window outside the bounds', 'Minutes'),
  [AlertsCode.AlertsPushUrlInvalid]: text(
    'alerts: push URL neither empty nor an http(s) URL within the length limit',
    'Invalid push URL.',
  ),
  [AlertsCode.AlertsPushSecretLength]: text(
    'alerts: push token or Authorization header longer than the limit',
    'Token must be at most {max} characters long.',
  ),
  [AlertsCode.AlertsNtfyPriorityRange]: rangeText('alerts: ntfy priority outside 1..5', 'Priority'),
  [AlertsCode.AlertsUnknown]: text(
    'alerts ack: no such alert, or neither id nor all given',
    'Unknown alert.',
  ),
  [AlertsCode.AlertsAcknowledged]: text('alerts acknowledged', 'Alert acknowledged.'),
  [AlertsCode.AlertsMeterMinutesRange]: rangeText(
    'alerts: minutes without a valid meter reading outside the bounds',
    'Minutes',
  ),
  [AlertsCode.AlertsLimiterMinutesRange]: rangeText(
    'alerts: minutes the limiter may stay in fallback outside the bounds',
    'Minutes',
  ),
  [AlertsCode.AlertsGridSignalLostMinutesRange]: rangeText(
    'alerts: minutes the grid signal may be unreadable outside the bounds',
    'Minutes',
  ),
  [AlertsCode.AlertsGridSignalHoursRange]: rangeText(
    'alerts: hours the grid signal may stay below 100 % outside the bounds',
    'Hours',
  ),
};
