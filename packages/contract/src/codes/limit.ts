import { PowerLimits } from '../limits/limit';
import { PowerLimiterLimits } from '../limits/powerlimiter';
import { type CodeSpecs, rangeWarning, warning } from './spec';

/** Codes of an inverter's active-power limit (`/api/limit/config`). */
export const LimitCode = {
  LimitSerialZero: 5001,
  LimitValueRange: 5002,
  LimitTypeInvalid: 5003,
  LimitInverterInvalid: 5004,
  LimitExpiryRange: 5005,
} as const;

export const LimitCodeTable: CodeSpecs<typeof LimitCode> = {
  [LimitCode.LimitSerialZero]: warning('limit: serial parses to 0', 'Serial cannot be zero.'),
  [LimitCode.LimitValueRange]: warning('limit value above 2250', 'Limit must not exceed {max}.', {
    max: PowerLimits.valueMax,
  }),
  [LimitCode.LimitTypeInvalid]: warning('limit type 4 or more', 'Invalid limit type.'),
  [LimitCode.LimitInverterInvalid]: warning('limit: no inverter with that serial', 'Invalid inverter.'),
  [LimitCode.LimitExpiryRange]: rangeWarning(
    'limit: lease expiry_s not a whole number of seconds within the bounds',
    'Expiry',
    1,
    PowerLimiterLimits.leaseMaxS,
  ),
};
