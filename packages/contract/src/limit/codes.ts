import { type CodeSpecs, warning } from '../common/code-spec';
import { PowerLimiterLimits } from '../powerlimiter/limits';
import { PowerLimits } from './limits';

/** Codes of an inverter's active-power limit (`/api/limit/config`). */
export const LimitCode = {
  LimitSerialZero: 5001,
  LimitValueRange: 5002,
  LimitTypeInvalid: 5003,
  LimitInverterInvalid: 5004,
  LimitExpiryRange: 5005,
} as const;

export const LimitCodeTable: CodeSpecs<typeof LimitCode> = {
  [LimitCode.LimitSerialZero]: warning(),
  [LimitCode.LimitValueRange]: warning({
    max: PowerLimits.valueMax,
  }),
  [LimitCode.LimitTypeInvalid]: warning(),
  [LimitCode.LimitInverterInvalid]: warning(),
  [LimitCode.LimitExpiryRange]: warning({ min: 1, max: PowerLimiterLimits.leaseMaxS }),
};
