import { NetworkCode } from '../../network/codes';
import { type CodeTextsOf, text } from './text';

/** What the NetworkCode codes mean and the English `message` the gateway answers them with. */
export const NetworkCodeTexts: CodeTextsOf<typeof NetworkCode> = {
  [NetworkCode.NetworkIpInvalid]: text(
    'static IP address is not a dotted IPv4 address',
    'Invalid IP address.',
  ),
  [NetworkCode.NetworkNetmaskInvalid]: text('netmask is not a dotted IPv4 address', 'Invalid netmask.'),
  [NetworkCode.NetworkGatewayInvalid]: text('gateway is not a dotted IPv4 address', 'Invalid gateway.'),
  [NetworkCode.NetworkDns1Invalid]: text('DNS 1 is not a dotted IPv4 address', 'Invalid DNS server 1.'),
  [NetworkCode.NetworkDns2Invalid]: text('DNS 2 is not a dotted IPv4 address', 'Invalid DNS server 2.'),
  [NetworkCode.NetworkApTimeoutInvalid]: text('AP timeout above 99999 minutes', 'Invalid AP timeout.'),
  [NetworkCode.NetworkSyslogHostnameLength]: text(
    'syslog hostname empty or longer than 128 bytes (only when syslog is enabled)',
    'Syslog server must be 1 to {max} characters long.',
  ),
  [NetworkCode.NetworkSyslogPortInvalid]: text(
    'syslog port 0 or above 65535 (only when syslog is enabled)',
    'Syslog port must be between 1 and 65535.',
  ),
};
