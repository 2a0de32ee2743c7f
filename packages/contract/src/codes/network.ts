import { NetworkLimits } from '../limits/network';
import { type CodeSpecs, warning } from './spec';

/** Codes of the network settings (`/api/network/config`). */
export const NetworkCode = {
  NetworkIpInvalid: 8001,
  NetworkNetmaskInvalid: 8002,
  NetworkGatewayInvalid: 8003,
  NetworkDns1Invalid: 8004,
  NetworkDns2Invalid: 8005,
  NetworkApTimeoutInvalid: 8006,
  NetworkSyslogHostnameLength: 8007,
  NetworkSyslogPortInvalid: 8008,
} as const;

export const NetworkCodeTable: CodeSpecs<typeof NetworkCode> = {
  [NetworkCode.NetworkIpInvalid]: warning(
    'static IP address is not a dotted IPv4 address',
    'Invalid IP address.',
  ),
  [NetworkCode.NetworkNetmaskInvalid]: warning('netmask is not a dotted IPv4 address', 'Invalid netmask.'),
  [NetworkCode.NetworkGatewayInvalid]: warning('gateway is not a dotted IPv4 address', 'Invalid gateway.'),
  [NetworkCode.NetworkDns1Invalid]: warning('DNS 1 is not a dotted IPv4 address', 'Invalid DNS server 1.'),
  [NetworkCode.NetworkDns2Invalid]: warning('DNS 2 is not a dotted IPv4 address', 'Invalid DNS server 2.'),
  [NetworkCode.NetworkApTimeoutInvalid]: warning('AP timeout above 99999 minutes', 'Invalid AP timeout.'),
  [NetworkCode.NetworkSyslogHostnameLength]: warning(
    'syslog hostname empty or longer than 128 bytes (only when syslog is enabled)',
    'Syslog server must be 1 to {max} characters long.',
    { max: NetworkLimits.syslogHostnameMaxLength },
  ),
  [NetworkCode.NetworkSyslogPortInvalid]: warning(
    'syslog port 0 or above 65535 (only when syslog is enabled)',
    'Syslog port must be between 1 and 65535.',
  ),
};
