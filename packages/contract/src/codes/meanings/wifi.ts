import { WifiCode } from '../../wifi/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each WifiCode code, for developers (`./meaning.ts`). */
export const WifiCodeMeanings: CodeMeaningsOf<typeof WifiCode> = {
  [WifiCode.WifiDevicesTooMany]: 'more Wi-Fi devices than the gateway polls',
  [WifiCode.WifiNameLength]: 'a device name empty or longer than 31 bytes',
  [WifiCode.WifiHostInvalid]: 'a host that is neither an IPv4/IPv6 address nor a host name',
  [WifiCode.WifiPortRange]: 'port outside 1..65535',
  [WifiCode.WifiPollIntervalRange]: 'poll interval outside 5..3600 s',
  [WifiCode.WifiHostDuplicate]: 'two devices at the same host and port',
  [WifiCode.WifiLimitIntervalRange]: 'limit interval outside 1..60 minutes',
  [WifiCode.WifiLimitTooSoon]: 'a limit to a Wi-Fi device within its rate limit',
  [WifiCode.WifiLimitPersistentOnly]: 'a non-persistent limit to a Wi-Fi inverter',
  [WifiCode.WifiDeviceOffline]: 'a command to a Wi-Fi device that is not online',
  [WifiCode.WifiDeviceUnknown]: 'a device index that is not configured',
  [WifiCode.WifiRebootSent]: 'the device took the reboot command',
};
