import { DtuCode } from '../../dtu/codes';
import { type CodeTextsOf, text } from './text';

/** What the DtuCode codes mean and the English `message` the gateway answers them with. */
export const DtuCodeTexts: CodeTextsOf<typeof DtuCode> = {
  [DtuCode.DtuSerialZero]: text('DTU serial parses to 0', 'Serial cannot be zero.'),
  [DtuCode.DtuPollIntervalZero]: text('DTU poll interval is 0', 'Poll interval must be greater than zero.'),
  [DtuCode.DtuPowerLevelInvalid]: text(
    'NRF PA level above 3, or CMT PA level outside -10..20 dBm',
    'Invalid power level.',
  ),
  [DtuCode.DtuFrequencyInvalid]: text(
    "CMT frequency outside the country's freq_min..freq_max (Hz) or not a multiple of the channel width",
    'Frequency must be between {min} and {max} Hz and a multiple of 250 kHz.',
  ),
  [DtuCode.DtuCountryInvalid]: text('CMT country index is 3 or more', 'Invalid country.'),
};
