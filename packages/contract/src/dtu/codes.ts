import { type CodeSpecs, warning } from '../common/code-spec';

/** Codes of the DTU radio settings (`/api/dtu/config`). */
export const DtuCode = {
  DtuSerialZero: 2001,
  DtuPollIntervalZero: 2002,
  DtuPowerLevelInvalid: 2003,
  DtuFrequencyInvalid: 2004,
  DtuCountryInvalid: 2005,
} as const;

export const DtuCodeTable: CodeSpecs<typeof DtuCode> = {
  [DtuCode.DtuSerialZero]: warning(),
  [DtuCode.DtuPollIntervalZero]: warning(),
  [DtuCode.DtuPowerLevelInvalid]: warning(),
  [DtuCode.DtuFrequencyInvalid]: warning(['min', 'max']),
  [DtuCode.DtuCountryInvalid]: warning(),
};
