import { DeviceCode } from '../../device/codes';
import { type CodeTextsOf, text } from './text';

/** What the DeviceCode codes mean and the English `message` the gateway answers them with. */
export const DeviceCodeTexts: CodeTextsOf<typeof DeviceCode> = {
  [DeviceCode.DeviceProfileNameLength]: text(
    'device profile (pin mapping) name empty or longer than 63 bytes',
    'Profile name must be 1 to {max} characters long.',
  ),
};
