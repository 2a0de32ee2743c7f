import { type CodeSpecs, success, warning } from '../common/code-spec';
import { InverterLimits } from './limits';

/** Codes of the inverter slots (`/api/inverter/*`). */
export const InverterCode = {
  InverterSerialZero: 4001,
  InverterNameLength: 4002,
  InverterCountMax: 4003,
  InverterAdded: 4004,
  InverterIdInvalid: 4005,
  InverterChannelCount: 4006,
  InverterChanged: 4007,
  InverterDeleted: 4008,
  InverterOrderSaved: 4009,
  InverterStatsReset: 4010,
} as const;

export const InverterCodeTable: CodeSpecs<typeof InverterCode> = {
  [InverterCode.InverterSerialZero]: warning(),
  [InverterCode.InverterNameLength]: warning({ max: InverterLimits.nameMaxLength }),
  [InverterCode.InverterCountMax]: warning({
    max: InverterLimits.maxInverters,
  }),
  [InverterCode.InverterAdded]: success(),
  [InverterCode.InverterIdInvalid]: warning(),
  [InverterCode.InverterChannelCount]: warning(),
  [InverterCode.InverterChanged]: success(),
  [InverterCode.InverterDeleted]: success(),
  [InverterCode.InverterOrderSaved]: success(),
  [InverterCode.InverterStatsReset]: success(),
};
