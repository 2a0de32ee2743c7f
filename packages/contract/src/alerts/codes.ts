import { type CodeSpecs, success, warning } from '../common/code-spec';
import { AlertLimits } from './limits';

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
  [AlertsCode.AlertsUnreachableMinutesRange]: warning({
    min: AlertLimits.minutesMin,
    max: AlertLimits.minutesMax,
  }),
  [AlertsCode.AlertsStringPercentRange]: warning({
    min: AlertLimits.percentMin,
    max: AlertLimits.percentMax,
  }),
  [AlertsCode.AlertsStringMinutesRange]: warning({
    min: AlertLimits.minutesMin,
    max: AlertLimits.minutesMax,
  }),
  [AlertsCode.AlertsStringLightRange]: warning({ min: AlertLimits.percentMin, max: AlertLimits.percentMax }),
  [AlertsCode.AlertsRadioPercentRange]: warning({ min: 0, max: AlertLimits.percentMax }),
  [AlertsCode.AlertsRadioMinutesRange]: warning({ min: AlertLimits.minutesMin, max: AlertLimits.minutesMax }),
  [AlertsCode.AlertsPushUrlInvalid]: warning(),
  [AlertsCode.AlertsPushSecretLength]: warning({ max: AlertLimits.secretMaxLength }),
  [AlertsCode.AlertsNtfyPriorityRange]: warning({ min: 1, max: 5 }),
  [AlertsCode.AlertsUnknown]: warning(),
  [AlertsCode.AlertsAcknowledged]: success(),
  [AlertsCode.AlertsMeterMinutesRange]: warning({ min: AlertLimits.minutesMin, max: AlertLimits.minutesMax }),
  [AlertsCode.AlertsLimiterMinutesRange]: warning({
    min: AlertLimits.minutesMin,
    max: AlertLimits.minutesMax,
  }),
  [AlertsCode.AlertsGridSignalLostMinutesRange]: warning({
    min: AlertLimits.minutesMin,
    max: AlertLimits.minutesMax,
  }),
  [AlertsCode.AlertsGridSignalHoursRange]: warning({ min: AlertLimits.hoursMin, max: AlertLimits.hoursMax }),
};
