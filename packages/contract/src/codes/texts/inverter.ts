import { InverterCode } from '../../inverter/codes';
import { type CodeTextsOf, text } from './text';

/** What the InverterCode codes mean and the English `message` the gateway answers them with. */
export const InverterCodeTexts: CodeTextsOf<typeof InverterCode> = {
  [InverterCode.InverterSerialZero]: text('inverter serial parses to 0', 'Serial cannot be zero.'),
  [InverterCode.InverterNameLength]: text(
    'inverter name empty or longer than 31 bytes',
    'Name must be 1 to {max} characters long.',
  ),
  [InverterCode.InverterCountMax]: text('no free inverter slot', 'Only {max} inverters are supported.'),
  [InverterCode.InverterAdded]: text('inverter added', 'Inverter created.'),
  [InverterCode.InverterIdInvalid]: text('inverter id beyond the last slot', 'Invalid inverter id.'),
  [InverterCode.InverterChannelCount]: text(
    '"channel" array empty or longer than 6',
    'Invalid channel count.',
  ),
  [InverterCode.InverterChanged]: text('inverter changed', 'Inverter changed.'),
  [InverterCode.InverterDeleted]: text(
    'inverter deleted (also when the slot was empty)',
    'Inverter deleted.',
  ),
  [InverterCode.InverterOrderSaved]: text('inverter order saved', 'Inverter order saved.'),
  [InverterCode.InverterStatsReset]: text('radio statistics of an inverter reset', 'Radio statistics reset.'),
};
