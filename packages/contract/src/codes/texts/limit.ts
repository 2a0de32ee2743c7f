import { LimitCode } from '../../limit/codes';
import { type CodeTextsOf, rangeText, text } from './text';

/** What the LimitCode codes mean and the English `message` the gateway answers them with. */
export const LimitCodeTexts: CodeTextsOf<typeof LimitCode> = {
  [LimitCode.LimitSerialZero]: text('limit: serial parses to 0', 'Serial cannot be zero.'),
  [LimitCode.LimitValueRange]: text('limit value above 2250', 'Limit must not exceed {max}.'),
  [LimitCode.LimitTypeInvalid]: text('limit type 4 or more', 'Invalid limit type.'),
  [LimitCode.LimitInverterInvalid]: text('limit: no inverter with that serial', 'Invalid inverter.'),
  [LimitCode.LimitExpiryRange]: rangeText(
    'limit: lease expiry_s not a whole number of seconds within the bounds',
    'Expiry',
  ),
};
