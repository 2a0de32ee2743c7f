import { FeedInLimits, PowerLimiterLimits } from '../limits/powerlimiter';
import { type CodeSpecs, rangeWarning, warning } from './spec';

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
} as const;

export const PowerLimiterCodeTable: CodeSpecs<typeof PowerLimiterCode> = {
  [PowerLimiterCode.PowerLimiterTargetRange]: rangeWarning(
    'power limiter: target grid power outside the bounds',
    'Target power consumption',
    PowerLimiterLimits.targetMin,
    PowerLimiterLimits.targetMax,
  ),
  [PowerLimiterCode.PowerLimiterHysteresisRange]: rangeWarning(
    'power limiter: hysteresis outside the bounds',
    'Hysteresis',
    PowerLimiterLimits.hysteresisMin,
    PowerLimiterLimits.hysteresisMax,
  ),
  [PowerLimiterCode.PowerLimiterBaseLoadRange]: rangeWarning(
    'power limiter: fallback (base load) limit outside the bounds',
    'Base load limit',
    PowerLimiterLimits.baseLoadLimitMin,
    PowerLimiterLimits.baseLoadLimitMax,
  ),
  [PowerLimiterCode.PowerLimiterIntervalRange]: rangeWarning(
    'power limiter: minimum command interval outside the bounds',
    'Command interval',
    PowerLimiterLimits.minIntervalMin,
    PowerLimiterLimits.minIntervalMax,
  ),
  [PowerLimiterCode.PowerLimiterInverterUnknown]: warning(
    'power limiter: an inverter entry names a serial that is not configured, or names it twice',
    'Invalid inverter.',
  ),
  [PowerLimiterCode.PowerLimiterInverterBounds]: warning(
    'power limiter: an inverter lower limit above its upper limit, or either outside 0..max (0 upper = rated power)',
    'Lower limit must not exceed the upper limit; both between {min} and {max} W.',
    { min: 0, max: PowerLimiterLimits.inverterLimitMax },
  ),
  [PowerLimiterCode.PowerLimiterCapPercentRange]: rangeWarning(
    'power limiter: feed-in cap percentage outside the bounds',
    'Feed-in cap',
    FeedInLimits.percentMin,
    FeedInLimits.percentMax,
  ),
  [PowerLimiterCode.PowerLimiterCapWattsRange]: rangeWarning(
    'power limiter: feed-in cap in W outside the bounds',
    'Feed-in cap',
    0,
    FeedInLimits.capWattsMax,
  ),
  [PowerLimiterCode.PowerLimiterModulePowerRange]: rangeWarning(
    'power limiter: module power outside the bounds',
    'Module power',
    0,
    FeedInLimits.modulePowerMax,
  ),
  [PowerLimiterCode.PowerLimiterCapNoModulePower]: warning(
    "power limiter: a cap or signal in percent needs the module power (set it, or the strings' max power)",
    "A cap in percent needs the module power: enter it, or the strings' maximum power of the inverters.",
  ),
  [PowerLimiterCode.PowerLimiterSignalChipInvalid]: warning(
    'power limiter: the GPIO chip of the grid signal is not a /dev/gpiochipN path',
    'The GPIO chip must be a path like /dev/gpiochip0.',
  ),
  [PowerLimiterCode.PowerLimiterSignalLinesInvalid]: warning(
    'power limiter: grid signal lines outside -1..max, used twice, or none wired for the GPIO source',
    "Each contact's line must be -1 (not wired) or between 0 and {max}, no line twice, and at least one wired.",
    { max: FeedInLimits.gpioLineMax },
  ),
  [PowerLimiterCode.PowerLimiterSignalTopicInvalid]: warning(
    'power limiter: the grid signal topic is empty (MQTT source), too long, or has wildcards',
    'The signal topic must be set for the MQTT source, without + or #, at most {max} bytes.',
    { max: FeedInLimits.mqttTopicMaxLength },
  ),
  [PowerLimiterCode.PowerLimiterSignalStepsInvalid]: warning(
    'power limiter: a grid signal step outside 0..100 %',
    'Each step must be between 0 and 100 %.',
  ),
};
