import { PowerLimiterCode } from '../../powerlimiter/codes';
import { type CodeTextsOf, rangeText, text } from './text';

/** What the PowerLimiterCode codes mean and the English `message` the gateway answers them with. */
export const PowerLimiterCodeTexts: CodeTextsOf<typeof PowerLimiterCode> = {
  [PowerLimiterCode.PowerLimiterTargetRange]: rangeText(
    'power limiter: target grid power outside the bounds',
    'Target power consumption',
  ),
  [PowerLimiterCode.PowerLimiterHysteresisRange]: rangeText(
    'power limiter: hysteresis outside the bounds',
    'Hysteresis',
  ),
  [PowerLimiterCode.PowerLimiterBaseLoadRange]: rangeText(
    'power limiter: fallback (base load) limit outside the bounds',
    'Base load limit',
  ),
  [PowerLimiterCode.PowerLimiterIntervalRange]: rangeText(
    'power limiter: minimum command interval outside the bounds',
    'Command interval',
  ),
  [PowerLimiterCode.PowerLimiterInverterUnknown]: text(
    'power limiter: an inverter entry names a serial that is not configured, or names it twice',
    'Invalid inverter.',
  ),
  [PowerLimiterCode.PowerLimiterInverterBounds]: text(
    'power limiter: an inverter lower limit above its upper limit, or either outside 0..max (0 upper = rated power)',
    'Lower limit must not exceed the upper limit; both between {min} and {max} W.',
  ),
  [PowerLimiterCode.PowerLimiterCapPercentRange]: rangeText(
    'power limiter: feed-in cap percentage outside the bounds',
    'Feed-in cap',
  ),
  [PowerLimiterCode.PowerLimiterCapWattsRange]: rangeText(
    'power limiter: feed-in cap in W outside the bounds',
    'Feed-in cap',
  ),
  [PowerLimiterCode.PowerLimiterModulePowerRange]: rangeText(
    'power limiter: module power outside the bounds',
    'Module power',
  ),
  [PowerLimiterCode.PowerLimiterCapNoModulePower]: text(
    "power limiter: a cap or signal in percent needs the module power (set it, or the strings' max power)",
    "A cap in percent needs the module power: enter it, or the strings' maximum power of the inverters.",
  ),
  [PowerLimiterCode.PowerLimiterSignalChipInvalid]: text(
    'power limiter: the GPIO chip of the grid signal is not a /dev/gpiochipN path',
    'The GPIO chip must be a path like /dev/gpiochip0.',
  ),
  [PowerLimiterCode.PowerLimiterSignalLinesInvalid]: text(
    'power limiter: grid signal lines outside -1..max, used twice, or none wired for the GPIO source',
    "Each contact's line must be -1 (not wired) or between 0 and {max}, no line twice, and at least one wired.",
  ),
  [PowerLimiterCode.PowerLimiterSignalTopicInvalid]: text(
    'power limiter: the grid signal topic is empty (MQTT source), too long, or has wildcards',
    'The signal topic must be set for the MQTT source, without + or #, at most {max} bytes.',
  ),
  [PowerLimiterCode.PowerLimiterSignalStepsInvalid]: text(
    'power limiter: a grid signal step outside 0..100 %',
    'Each step must be between 0 and 100 %.',
  ),
  [PowerLimiterCode.PowerLimiterBatterySocRange]: text(
    'power limiter battery: a state-of-charge threshold outside 0..100 %, or the stop not below the start',
    'State-of-charge thresholds must be between {min} and {max} %, the stop below the start.',
  ),
  [PowerLimiterCode.PowerLimiterBatteryVoltageRange]: text(
    'power limiter battery: a voltage threshold outside 0..1000 V, or a set stop not below a set start',
    'Voltage thresholds must be between {min} and {max} V (0 = not set), the stop below the start.',
  ),
  [PowerLimiterCode.PowerLimiterBatteryLoadCorrectionRange]: rangeText(
    'power limiter battery: load correction (V per kW) outside the bounds',
    'Load correction',
  ),
  [PowerLimiterCode.PowerLimiterPassthroughMarginRange]: rangeText(
    'power limiter battery: solar passthrough margin (W) outside the bounds',
    'Passthrough margin',
  ),
};
