import { type CodeSpecs, warning } from '../common/code-spec';
import { NetworkLimits } from './limits';

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
  [NetworkCode.NetworkIpInvalid]: warning(),
  [NetworkCode.NetworkNetmaskInvalid]: warning(),
  [NetworkCode.NetworkGatewayInvalid]: warning(),
  [NetworkCode.NetworkDns1Invalid]: warning(),
  [NetworkCode.NetworkDns2Invalid]: warning(),
  [NetworkCode.NetworkApTimeoutInvalid]: warning(),
  [NetworkCode.NetworkSyslogHostnameLength]: warning({ max: NetworkLimits.syslogHostnameMaxLength }),
  [NetworkCode.NetworkSyslogPortInvalid]: warning(),
};
