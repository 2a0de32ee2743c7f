import { LimitCode } from '../../limit/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each LimitCode code, for developers (`./meaning.ts`). */
export const LimitCodeMeanings: CodeMeaningsOf<typeof LimitCode> = {
  [LimitCode.LimitSerialZero]: 'limit: serial parses to 0',
  [LimitCode.LimitValueRange]: 'limit value above 2250',
  [LimitCode.LimitTypeInvalid]: 'limit type 4 or more',
  [LimitCode.LimitInverterInvalid]: 'limit: no inverter with that serial',
  [LimitCode.LimitExpiryRange]: 'limit: lease expiry_s not a whole number of seconds within the bounds',
};
