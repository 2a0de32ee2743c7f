import { type CodeSpecs, warning } from './spec';

/** Codes of the DTU radio settings (`/api/dtu/config`). */
export const DtuCode = {
  DtuSerialZero: 2001,
  DtuPollIntervalZero: 2002,
  DtuPowerLevelInvalid: 2003,
  DtuFrequencyInvalid: 2004,
  DtuCountryInvalid: 2005,
} as const;

export const DtuCodeTable: CodeSpecs<typeof DtuCode> = {
  [DtuCode.DtuSerialZero]: warning('DTU serial parses to 0', 'Serial cannot be zero.'),
  [DtuCode.DtuPollIntervalZero]: warning(
    'DTU poll interval is 0',
    'Poll interval must be greater than zero.',
  ),
  [DtuCode.DtuPowerLevelInvalid]: warning(
    'NRF PA level above 3, or CMT PA level outside -10..20 dBm',
    'Invalid power level.',
  ),
  [DtuCode.DtuFrequencyInvalid]: warning(
    "CMT frequency outside the country's freq_min..freq_max (Hz) or not a multiple of the channel width",
    'Frequency must be between {min} and {max} Hz and a multiple of 250 kHz.',
    ['min', 'max'],
  ),
  [DtuCode.DtuCountryInvalid]: warning('CMT country index is 3 or more', 'Invalid country.'),
};
