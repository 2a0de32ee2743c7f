import { DtuCode } from '../../dtu/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each DtuCode code, for developers (`./meaning.ts`). */
export const DtuCodeMeanings: CodeMeaningsOf<typeof DtuCode> = {
  [DtuCode.DtuSerialZero]: 'DTU serial parses to 0',
  [DtuCode.DtuPollIntervalZero]: 'DTU poll interval is 0',
  [DtuCode.DtuPowerLevelInvalid]: 'NRF PA level above 3, or CMT PA level outside -10..20 dBm',
  [DtuCode.DtuFrequencyInvalid]:
    "CMT frequency outside the country's freq_min..freq_max (Hz) or not a multiple of the channel width",
  [DtuCode.DtuCountryInvalid]: 'CMT country index is 3 or more',
};
