import { PowerLimiterLimits } from '../limits/powerlimiter';
import { type CodeSpecs, rangeWarning, warning } from './spec';

/** Codes of the power limiter (`/api/powerlimiter/*`). */
export const PowerLimiterCode = {
  PowerLimiterTargetRange: 17001,
  PowerLimiterHysteresisRange: 17002,
  PowerLimiterBaseLoadRange: 17003,
  PowerLimiterIntervalRange: 17005,
  PowerLimiterInverterUnknown: 17006,
  PowerLimiterInverterBounds: 17007,
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
};
