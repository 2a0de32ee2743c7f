import { type CodeSpecs, warning } from '../common/code-spec';
import { BatteryLimiterLimits, FeedInLimits, PowerLimiterLimits } from './limits';

/** Codes of the power limiter (`/api/powerlimiter/*`). */
export const PowerLimiterCode = {
  PowerLimiterTargetRange: 17001,
  PowerLimiterHysteresisRange: 17002,
  PowerLimiterBaseLoadRange: 17003,
  PowerLimiterIntervalRange: 17005,
  PowerLimiterInverterUnknown: 17006,
  PowerLimiterInverterBounds: 17007,
  PowerLimiterCapPercentRange: 17008,
  PowerLimiterCapWattsRange: 17009,
  PowerLimiterModulePowerRange: 17010,
  PowerLimiterCapNoModulePower: 17011,
  PowerLimiterSignalChipInvalid: 17012,
  PowerLimiterSignalLinesInvalid: 17013,
  PowerLimiterSignalTopicInvalid: 17014,
  PowerLimiterSignalStepsInvalid: 17015,
  PowerLimiterBatterySocRange: 17016,
  PowerLimiterBatteryVoltageRange: 17017,
  PowerLimiterBatteryLoadCorrectionRange: 17018,
  PowerLimiterPassthroughMarginRange: 17019,
} as const;

export const PowerLimiterCodeTable: CodeSpecs<typeof PowerLimiterCode> = {
  [PowerLimiterCode.PowerLimiterTargetRange]: warning({
    min: PowerLimiterLimits.targetMin,
    max: PowerLimiterLimits.targetMax,
  }),
  [PowerLimiterCode.PowerLimiterHysteresisRange]: warning({
    min: PowerLimiterLimits.hysteresisMin,
    max: PowerLimiterLimits.hysteresisMax,
  }),
  [PowerLimiterCode.PowerLimiterBaseLoadRange]: warning({
    min: PowerLimiterLimits.baseLoadLimitMin,
    max: PowerLimiterLimits.baseLoadLimitMax,
  }),
  [PowerLimiterCode.PowerLimiterIntervalRange]: warning({
    min: PowerLimiterLimits.minIntervalMin,
    max: PowerLimiterLimits.minIntervalMax,
  }),
  [PowerLimiterCode.PowerLimiterInverterUnknown]: warning(),
  [PowerLimiterCode.PowerLimiterInverterBounds]: warning({
    min: 0,
    max: PowerLimiterLimits.inverterLimitMax,
  }),
  [PowerLimiterCode.PowerLimiterCapPercentRange]: warning({
    min: FeedInLimits.percentMin,
    max: FeedInLimits.percentMax,
  }),
  [PowerLimiterCode.PowerLimiterCapWattsRange]: warning({ min: 0, max: FeedInLimits.capWattsMax }),
  [PowerLimiterCode.PowerLimiterModulePowerRange]: warning({ min: 0, max: FeedInLimits.modulePowerMax }),
  [PowerLimiterCode.PowerLimiterCapNoModulePower]: warning(),
  [PowerLimiterCode.PowerLimiterSignalChipInvalid]: warning(),
  [PowerLimiterCode.PowerLimiterSignalLinesInvalid]: warning({ max: FeedInLimits.gpioLineMax }),
  [PowerLimiterCode.PowerLimiterSignalTopicInvalid]: warning({ max: FeedInLimits.mqttTopicMaxLength }),
  [PowerLimiterCode.PowerLimiterSignalStepsInvalid]: warning(),
  [PowerLimiterCode.PowerLimiterBatterySocRange]: warning({
    min: BatteryLimiterLimits.socMin,
    max: BatteryLimiterLimits.socMax,
  }),
  [PowerLimiterCode.PowerLimiterBatteryVoltageRange]: warning({
    min: 0,
    max: BatteryLimiterLimits.voltageMax,
  }),
  [PowerLimiterCode.PowerLimiterBatteryLoadCorrectionRange]: warning({
    min: 0,
    max: BatteryLimiterLimits.loadCorrectionMax,
  }),
  [PowerLimiterCode.PowerLimiterPassthroughMarginRange]: warning({
    min: 0,
    max: BatteryLimiterLimits.passthroughMarginMax,
  }),
};
