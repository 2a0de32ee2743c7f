import { DeviceCode } from '../../device/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each DeviceCode code, for developers (`./meaning.ts`). */
export const DeviceCodeMeanings: CodeMeaningsOf<typeof DeviceCode> = {
  [DeviceCode.DeviceProfileNameLength]: 'device profile (pin mapping) name empty or longer than 63 bytes',
};
