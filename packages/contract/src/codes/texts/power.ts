import { PowerCode } from '../../power/codes';
import { type CodeTextsOf, text } from './text';

/** What the PowerCode codes mean and the English `message` the gateway answers them with. */
export const PowerCodeTexts: CodeTextsOf<typeof PowerCode> = {
  [PowerCode.PowerSerialZero]: text('power: serial parses to 0', 'Serial cannot be zero.'),
  [PowerCode.PowerInverterInvalid]: text('power: no inverter with that serial', 'Invalid inverter.'),
};
