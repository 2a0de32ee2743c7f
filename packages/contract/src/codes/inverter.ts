import { InverterLimits } from '../limits/inverter';
import { type CodeSpecs, success, warning } from './spec';

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
  [InverterCode.InverterSerialZero]: warning('inverter serial parses to 0', 'Serial cannot be zero.'),
  [InverterCode.InverterNameLength]: warning(
    'inverter name empty or longer than 31 bytes',
    'Name must be 1 to {max} characters long.',
    { max: InverterLimits.nameMaxLength },
  ),
  [InverterCode.InverterCountMax]: warning('no free inverter slot', 'Only {max} inverters are supported.', {
    max: InverterLimits.maxInverters,
  }),
  [InverterCode.InverterAdded]: success('inverter added', 'Inverter created.'),
  [InverterCode.InverterIdInvalid]: warning('inverter id beyond the last slot', 'Invalid inverter id.'),
  [InverterCode.InverterChannelCount]: warning(
    '"channel" array empty or longer than 6',
    'Invalid channel count.',
  ),
  [InverterCode.InverterChanged]: success('inverter changed', 'Inverter changed.'),
  [InverterCode.InverterDeleted]: success(
    'inverter deleted (also when the slot was empty)',
    'Inverter deleted.',
  ),
  [InverterCode.InverterOrderSaved]: success('inverter order saved', 'Inverter order saved.'),
  [InverterCode.InverterStatsReset]: success(
    'radio statistics of an inverter reset',
    'Radio statistics reset.',
  ),
};
