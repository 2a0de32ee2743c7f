import { type CodeSpecs, success, warning } from '../common/code-spec';
import { WifiLimits } from './limits';

/** Codes of the Wi-Fi devices (`/api/wifi/*`, issue 33): 33001.. */
export const WifiCode = {
  WifiDevicesTooMany: 33001,
  WifiNameLength: 33002,
  WifiHostInvalid: 33003,
  WifiPortRange: 33004,
  WifiPollIntervalRange: 33005,
  WifiHostDuplicate: 33006,
  WifiLimitIntervalRange: 33007,
  WifiLimitTooSoon: 33008,
  WifiLimitPersistentOnly: 33009,
  WifiDeviceOffline: 33010,
  WifiDeviceUnknown: 33011,
  WifiRebootSent: 33012,
} as const;

export const WifiCodeTable: CodeSpecs<typeof WifiCode> = {
  [WifiCode.WifiDevicesTooMany]: warning({ max: WifiLimits.maxDevices }),
  [WifiCode.WifiNameLength]: warning({ max: WifiLimits.nameMaxLength }),
  [WifiCode.WifiHostInvalid]: warning(),
  [WifiCode.WifiPortRange]: warning({ min: WifiLimits.portMin, max: WifiLimits.portMax }),
  [WifiCode.WifiPollIntervalRange]: warning({
    min: WifiLimits.pollIntervalMin,
    max: WifiLimits.pollIntervalMax,
  }),
  [WifiCode.WifiHostDuplicate]: warning(),
  [WifiCode.WifiLimitIntervalRange]: warning({
    min: WifiLimits.limitIntervalMin,
    max: WifiLimits.limitIntervalMax,
  }),
  [WifiCode.WifiLimitTooSoon]: warning({ max: WifiLimits.limitIntervalDefault }),
  [WifiCode.WifiLimitPersistentOnly]: warning(),
  [WifiCode.WifiDeviceOffline]: warning(),
  [WifiCode.WifiDeviceUnknown]: warning(),
  [WifiCode.WifiRebootSent]: success(),
};
