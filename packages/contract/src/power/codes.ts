import { type CodeSpecs, warning } from '../common/code-spec';

/** Codes of switching an inverter on, off or restarting it (`/api/power/config`). */
export const PowerCode = {
  PowerSerialZero: 11001,
  PowerInverterInvalid: 11002,
} as const;

export const PowerCodeTable: CodeSpecs<typeof PowerCode> = {
  [PowerCode.PowerSerialZero]: warning(),
  [PowerCode.PowerInverterInvalid]: warning(),
};
