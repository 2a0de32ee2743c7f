import { DeviceLimits } from '../limits/device';
import { type CodeSpecs, warning } from './spec';

/** Codes of the device settings (`/api/device/config`). */
export const DeviceCode = {
  DeviceProfileNameLength: 12001,
} as const;

export const DeviceCodeTable: CodeSpecs<typeof DeviceCode> = {
  [DeviceCode.DeviceProfileNameLength]: warning(
    'device profile (pin mapping) name empty or longer than 63 bytes',
    'Profile name must be 1 to {max} characters long.',
    { max: DeviceLimits.profileNameMaxLength },
  ),
};
