import { type CodeSpecs, warning } from '../common/code-spec';
import { DeviceLimits } from './limits';

/** Codes of the device settings (`/api/device/config`). */
export const DeviceCode = {
  DeviceProfileNameLength: 12001,
} as const;

export const DeviceCodeTable: CodeSpecs<typeof DeviceCode> = {
  [DeviceCode.DeviceProfileNameLength]: warning({ max: DeviceLimits.profileNameMaxLength }),
};
