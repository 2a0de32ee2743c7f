/** POST /api/network/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { type CodelessEnvelope, codelessWarning } from '../common/envelope';
import { Key, LenientKey } from '../common/keys';
import {
  firstFailure,
  isLengthOutside,
  isLongerThan,
  isOutside,
  parseDataField,
  type Rule,
  type ValidationResult,
  validate,
} from '../common/validate';
import { NetworkLimits } from './limits';

/** The mDNS and syslog keys are not required and read leniently; everything else is. */
export const networkConfigShape = z.object({
  ssid: Key.string,
  password: Key.string,
  hostname: Key.string,
  dhcp: Key.bool,
  ipaddress: Key.string,
  netmask: Key.string,
  gateway: Key.string,
  dns1: Key.string,
  dns2: Key.string,
  aptimeout: Key.u32,
  mdnsenabled: LenientKey.bool,
  syslogenabled: LenientKey.bool,
  sysloghostname: LenientKey.string,
  syslogport: LenientKey.number.transform(Math.trunc),
});

export type NetworkConfigValues = z.output<typeof networkConfigShape>;

const IPV4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/;

/** Four dot-separated decimal groups of 0..255 each (`0.0.0.0` included, which DHCP setups send). */
export function isDottedIpv4(text: string): boolean {
  const match = IPV4.exec(text);
  return match?.slice(1).every((group) => Number(group) <= 255) ?? false;
}

/** Whether the gateway currently runs its network over Wi-Fi; only then is the SSID checked. */
export interface NetworkCheckContext {
  stationMode: boolean;
}

/** One of the three checks that answer a warning without a code (steps 3..5 of the endpoint's checks). */
export interface CodelessRule {
  field: keyof NetworkConfigValues & string;
  message: string;
  fails: (value: NetworkConfigValues, context: NetworkCheckContext) => boolean;
}

/** Step 2: the five addresses, checked even with DHCP on. */
export const networkAddressRules: readonly Rule<NetworkConfigValues>[] = [
  { code: Code.NetworkIpInvalid, field: 'ipaddress', fails: (v) => !isDottedIpv4(v.ipaddress) },
  { code: Code.NetworkNetmaskInvalid, field: 'netmask', fails: (v) => !isDottedIpv4(v.netmask) },
  { code: Code.NetworkGatewayInvalid, field: 'gateway', fails: (v) => !isDottedIpv4(v.gateway) },
  { code: Code.NetworkDns1Invalid, field: 'dns1', fails: (v) => !isDottedIpv4(v.dns1) },
  { code: Code.NetworkDns2Invalid, field: 'dns2', fails: (v) => !isDottedIpv4(v.dns2) },
];

/** Steps 3..5. The firmware's password text says 64, but 64 bytes are rejected; ours names the real limit. */
export const networkCodelessRules: readonly CodelessRule[] = [
  {
    field: 'hostname',
    message: `Hostname must be ${NetworkLimits.hostnameMinLength} to ${NetworkLimits.hostnameMaxLength} characters long.`,
    fails: (v) =>
      isLengthOutside(v.hostname, NetworkLimits.hostnameMinLength, NetworkLimits.hostnameMaxLength),
  },
  {
    field: 'ssid',
    message: `SSID must be ${NetworkLimits.ssidMinLength} to ${NetworkLimits.ssidMaxLength} characters long.`,
    fails: (v, context) =>
      context.stationMode &&
      isLengthOutside(v.ssid, NetworkLimits.ssidMinLength, NetworkLimits.ssidMaxLength),
  },
  {
    field: 'password',
    message: `Password must not exceed ${NetworkLimits.passwordMaxLength} characters.`,
    fails: (v) => isLongerThan(v.password, NetworkLimits.passwordMaxLength),
  },
];

/** Steps 6 and 7; the syslog pair only while syslog is enabled. */
export const networkTailRules: readonly Rule<NetworkConfigValues>[] = [
  {
    code: Code.NetworkApTimeoutInvalid,
    field: 'aptimeout',
    fails: (v) => v.aptimeout > NetworkLimits.apTimeoutMax,
  },
  {
    code: Code.NetworkSyslogHostnameLength,
    field: 'sysloghostname',
    fails: (v) =>
      v.syslogenabled && isLengthOutside(v.sysloghostname, 1, NetworkLimits.syslogHostnameMaxLength),
  },
  {
    code: Code.NetworkSyslogPortInvalid,
    field: 'syslogport',
    fails: (v) =>
      v.syslogenabled && isOutside(v.syslogport, NetworkLimits.syslogPortMin, NetworkLimits.syslogPortMax),
  },
];

export type NetworkValidationResult =
  | ValidationResult<NetworkConfigValues>
  | { ok: false; codeless: CodelessEnvelope; field: string };

/**
 * The endpoint's whole check on a parsed `data` value. Not a plain zod schema like the other domains
 * because three failures carry no code, which `validate` cannot express; the order is still 1005, the
 * addresses, the codeless three, then the AP timeout and syslog.
 */
export function validateNetworkConfig(input: unknown, context: NetworkCheckContext): NetworkValidationResult {
  const typed = validate(networkConfigShape, input);
  if (!typed.ok) return typed;
  const value = typed.value;
  const address = firstFailure(networkAddressRules, value);
  if (address) return { ok: false, ...address };
  for (const rule of networkCodelessRules) {
    if (rule.fails(value, context)) {
      return { ok: false, codeless: codelessWarning(rule.message), field: rule.field };
    }
  }
  const tail = firstFailure(networkTailRules, value);
  if (tail) return { ok: false, ...tail };
  return { ok: true, value };
}

/** `validateDataField` for the network endpoint: 1002 and 1004 first, then `validateNetworkConfig`. */
export function validateNetworkDataField(
  data: string | undefined | null,
  context: NetworkCheckContext,
): NetworkValidationResult {
  const parsed = parseDataField(data);
  return parsed.ok ? validateNetworkConfig(parsed.value, context) : parsed;
}
