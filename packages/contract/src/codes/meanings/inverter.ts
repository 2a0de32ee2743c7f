import { InverterCode } from '../../inverter/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each InverterCode code, for developers (`./meaning.ts`). */
export const InverterCodeMeanings: CodeMeaningsOf<typeof InverterCode> = {
  [InverterCode.InverterSerialZero]: 'inverter serial parses to 0',
  [InverterCode.InverterNameLength]: 'inverter name empty or longer than 31 bytes',
  [InverterCode.InverterCountMax]: 'no free inverter slot',
  [InverterCode.InverterAdded]: 'inverter added',
  [InverterCode.InverterIdInvalid]: 'inverter id beyond the last slot',
  [InverterCode.InverterChannelCount]: '"channel" array empty or longer than 6',
  [InverterCode.InverterChanged]: 'inverter changed',
  [InverterCode.InverterDeleted]: 'inverter deleted (also when the slot was empty)',
  [InverterCode.InverterOrderSaved]: 'inverter order saved',
  [InverterCode.InverterStatsReset]: 'radio statistics of an inverter reset',
};
