import { PowerCode } from '../../power/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each PowerCode code, for developers (`./meaning.ts`). */
export const PowerCodeMeanings: CodeMeaningsOf<typeof PowerCode> = {
  [PowerCode.PowerSerialZero]: 'power: serial parses to 0',
  [PowerCode.PowerInverterInvalid]: 'power: no inverter with that serial',
};
