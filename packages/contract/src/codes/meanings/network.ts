import { NetworkCode } from '../../network/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each NetworkCode code, for developers (`./meaning.ts`). */
export const NetworkCodeMeanings: CodeMeaningsOf<typeof NetworkCode> = {
  [NetworkCode.NetworkIpInvalid]: 'static IP address is not a dotted IPv4 address',
  [NetworkCode.NetworkNetmaskInvalid]: 'netmask is not a dotted IPv4 address',
  [NetworkCode.NetworkGatewayInvalid]: 'gateway is not a dotted IPv4 address',
  [NetworkCode.NetworkDns1Invalid]: 'DNS 1 is not a dotted IPv4 address',
  [NetworkCode.NetworkDns2Invalid]: 'DNS 2 is not a dotted IPv4 address',
  [NetworkCode.NetworkApTimeoutInvalid]: 'AP timeout above 99999 minutes',
  [NetworkCode.NetworkSyslogHostnameLength]:
    'syslog hostname empty or longer than 128 bytes (only when syslog is enabled)',
  [NetworkCode.NetworkSyslogPortInvalid]: 'syslog port 0 or above 65535 (only when syslog is enabled)',
};
