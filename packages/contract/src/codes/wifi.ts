import { WifiLimits } from '../limits/wifi';
import { type CodeSpecs, rangeWarning, success, warning } from './spec';

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
  [WifiCode.WifiDevicesTooMany]: warning(
    'more Wi-Fi devices than the gateway polls',
    'At most {max} Wi-Fi devices can be configured.',
    { max: WifiLimits.maxDevices },
  ),
  [WifiCode.WifiNameLength]: warning(
    'a device name empty or longer than 31 bytes',
    'Device name must be 1 to {max} characters long.',
    { max: WifiLimits.nameMaxLength },
  ),
  [WifiCode.WifiHostInvalid]: warning(
    'a host that is neither an IPv4/IPv6 address nor a host name',
    'Host must be an IP address or a host name.',
  ),
  [WifiCode.WifiPortRange]: rangeWarning(
    'port outside 1..65535',
    'Port',
    WifiLimits.portMin,
    WifiLimits.portMax,
  ),
  [WifiCode.WifiPollIntervalRange]: rangeWarning(
    'poll interval outside 5..3600 s',
    'Poll interval',
    WifiLimits.pollIntervalMin,
    WifiLimits.pollIntervalMax,
  ),
  [WifiCode.WifiHostDuplicate]: warning(
    'two devices at the same host and port',
    'Two devices cannot have the same host and port.',
  ),
  [WifiCode.WifiLimitIntervalRange]: rangeWarning(
    'limit interval outside 1..60 minutes',
    'Minutes between limits',
    WifiLimits.limitIntervalMin,
    WifiLimits.limitIntervalMax,
  ),
  [WifiCode.WifiLimitTooSoon]: warning(
    'a limit to a Wi-Fi device within its rate limit',
    'This Wi-Fi device takes one limit every {max} minutes; try again later.',
    { max: WifiLimits.limitIntervalDefault },
  ),
  [WifiCode.WifiLimitPersistentOnly]: warning(
    'a non-persistent limit to a Wi-Fi inverter',
    'Wi-Fi inverters take persistent limits only.',
  ),
  [WifiCode.WifiDeviceOffline]: warning(
    'a command to a Wi-Fi device that is not online',
    'The Wi-Fi device is not online; the command was not sent.',
  ),
  [WifiCode.WifiDeviceUnknown]: warning(
    'a device index that is not configured',
    'No Wi-Fi device is configured at this position.',
  ),
  [WifiCode.WifiRebootSent]: success(
    'the device took the reboot command',
    'The Wi-Fi device restarts; it is read again once it is back.',
  ),
};
