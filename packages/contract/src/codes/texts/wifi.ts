import { WifiCode } from '../../wifi/codes';
import { type CodeTextsOf, rangeText, text } from './text';

/** What the WifiCode codes mean and the English `message` the gateway answers them with. */
export const WifiCodeTexts: CodeTextsOf<typeof WifiCode> = {
  [WifiCode.WifiDevicesTooMany]: text(
    'more Wi-Fi devices than the gateway polls',
    'At most {max} Wi-Fi devices can be configured.',
  ),
  [WifiCode.WifiNameLength]: text(
    'a device name empty or longer than 31 bytes',
    'Device name must be 1 to {max} characters long.',
  ),
  [WifiCode.WifiHostInvalid]: text(
    'a host that is neither an IPv4/IPv6 address nor a host name',
    'Host must be an IP address or a host name.',
  ),
  [WifiCode.WifiPortRange]: rangeText('port outside 1..65535', 'Port'),
  [WifiCode.WifiPollIntervalRange]: rangeText('poll interval outside 5..3600 s', 'Poll interval'),
  [WifiCode.WifiHostDuplicate]: text(
    'two devices at the same host and port',
    'Two devices cannot have the same host and port.',
  ),
  [WifiCode.WifiLimitIntervalRange]: rangeText(
    'limit interval outside 1..60 minutes',
    'Minutes between limits',
  ),
  [WifiCode.WifiLimitTooSoon]: text(
    'a limit to a Wi-Fi device within its rate limit',
    'This Wi-Fi device takes one limit every {max} minutes; try again later.',
  ),
  [WifiCode.WifiLimitPersistentOnly]: text(
    'a non-persistent limit to a Wi-Fi inverter',
    'Wi-Fi inverters take persistent limits only.',
  ),
  [WifiCode.WifiDeviceOffline]: text(
    'a command to a Wi-Fi device that is not online',
    'The Wi-Fi device is not online; the command was not sent.',
  ),
  [WifiCode.WifiDeviceUnknown]: text(
    'a device index that is not configured',
    'No Wi-Fi device is configured at this position.',
  ),
  [WifiCode.WifiRebootSent]: text(
    'the device took the reboot command',
    'The Wi-Fi device restarts; it is read again once it is back.',
  ),
};
