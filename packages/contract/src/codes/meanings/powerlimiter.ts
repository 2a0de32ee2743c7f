import { PowerLimiterCode } from '../../powerlimiter/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each PowerLimiterCode code, for developers (`./meaning.ts`). */
export const PowerLimiterCodeMeanings: CodeMeaningsOf<typeof PowerLimiterCode> = {
  [PowerLimiterCode.PowerLimiterTargetRange]: 'power limiter: target grid power outside the bounds',
  [PowerLimiterCode.PowerLimiterHysteresisRange]: 'power limiter: hysteresis outside the bounds',
  [PowerLimiterCode.PowerLimiterBaseLoadRange]:
    'power limiter: fallback (base load) limit outside the bounds',
  [PowerLimiterCode.PowerLimiterIntervalRange]: 'power limiter: minimum command interval outside the bounds',
  [PowerLimiterCode.PowerLimiterInverterUnknown]:
    'power limiter: an inverter entry names a serial that is not configured, or names it twice',
  [PowerLimiterCode.PowerLimiterInverterBounds]:
    'power limiter: an inverter lower limit above its upper limit, or either outside 0..max (0 upper = rated power)',
  [PowerLimiterCode.PowerLimiterCapPercentRange]: 'power limiter: feed-in cap percentage outside the bounds',
  [PowerLimiterCode.PowerLimiterCapWattsRange]: 'power limiter: feed-in cap in W outside the bounds',
  [PowerLimiterCode.PowerLimiterModulePowerRange]: 'power limiter: module power outside the bounds',
  [PowerLimiterCode.PowerLimiterCapNoModulePower]:
    "power limiter: a cap or signal in percent needs the module power (set it, or the strings' max power)",
  [PowerLimiterCode.PowerLimiterSignalChipInvalid]:
    'power limiter: the GPIO chip of the grid signal is not a /dev/gpiochipN path',
  [PowerLimiterCode.PowerLimiterSignalLinesInvalid]:
    'power limiter: grid signal lines outside -1..max, used twice, or none wired for the GPIO source',
  [PowerLimiterCode.PowerLimiterSignalTopicInvalid]:
    'power limiter: the grid signal topic is empty (MQTT source), too long, or has wildcards',
  [PowerLimiterCode.PowerLimiterSignalStepsInvalid]: 'power limiter: a grid signal step outside 0..100 %',
  [PowerLimiterCode.PowerLimiterBatterySocRange]:
    'power limiter battery: a state-of-charge threshold outside 0..100 %, or the stop not below the start',
  [PowerLimiterCode.PowerLimiterBatteryVoltageRange]:
    'power limiter battery: a voltage threshold outside 0..1000 V, or a set stop not below a set start',
  [PowerLimiterCode.PowerLimiterBatteryLoadCorrectionRange]:
    'power limiter battery: load correction (V per kW) outside the bounds',
  [PowerLimiterCode.PowerLimiterPassthroughMarginRange]:
    'power limiter battery: solar passthrough margin (W) outside the bounds',
};
