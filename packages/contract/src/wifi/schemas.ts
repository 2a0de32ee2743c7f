/** POST /api/wifi/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { Key } from '../common/keys';
import { isLengthOutside, isOutside, type Rule, rulesCheck } from '../common/validate';
import { WifiLimits } from './limits';

export const wifiDeviceShape = z.object({
  name: Key.string,
  host: Key.string,
  port: Key.u32,
  enabled: Key.bool,
  poll_interval: Key.u32,
});

export const wifiConfigShape = z.object({
  devices: z.array(wifiDeviceShape),
  limit_interval_min: Key.u32.optional(),
});

type WifiConfigShape = z.output<typeof wifiConfigShape>;
export type WifiDevicePayload = z.output<typeof wifiDeviceShape>;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HOST_LABEL = /^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$/;

/** An IPv4 address, an IPv6 address (with or without brackets) or a DNS host name. */
export function isWifiHost(host: string): boolean {
  if (host.length === 0 || host.length > WifiLimits.hostMaxLength) return false;
  if (IPV4.test(host)) return true;
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.includes(':')) return isIpv6(bare);
  // All digits and dots but not an IPv4 address (e.g. 300.1.1.1): refused.
  if (/^[\d.]+$/.test(host)) return false;
  return host
    .replace(/\.$/, '')
    .split('.')
    .every((label) => HOST_LABEL.test(label));
}

function isIpv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || text.split('::').length > 2) return false;
  const groups = text.split(':');
  if (groups.length < 3 || groups.length > 8) return false;
  return groups.every((g) => g === '' || /^[0-9A-Fa-f]{1,4}$/.test(g) || IPV4.test(g));
}

const each =
  (fails: (d: WifiDevicePayload) => boolean) =>
  (v: WifiConfigShape): boolean =>
    v.devices.some(fails);

export const wifiConfigRules: readonly Rule<WifiConfigShape>[] = [
  { code: Code.WifiDevicesTooMany, field: 'devices', fails: (v) => v.devices.length > WifiLimits.maxDevices },
  {
    code: Code.WifiNameLength,
    field: 'devices',
    fails: each((d) => isLengthOutside(d.name.trim(), 1, WifiLimits.nameMaxLength)),
  },
  { code: Code.WifiHostInvalid, field: 'devices', fails: each((d) => !isWifiHost(d.host.trim())) },
  {
    code: Code.WifiPortRange,
    field: 'devices',
    fails: each((d) => isOutside(d.port, WifiLimits.portMin, WifiLimits.portMax)),
  },
  {
    code: Code.WifiPollIntervalRange,
    field: 'devices',
    fails: each((d) => isOutside(d.poll_interval, WifiLimits.pollIntervalMin, WifiLimits.pollIntervalMax)),
  },
  {
    code: Code.WifiHostDuplicate,
    field: 'devices',
    fails: (v) => {
      const seen = new Set(v.devices.map((d) => `${d.host.trim().toLowerCase()}:${d.port}`));
      return seen.size !== v.devices.length;
    },
  },
  {
    code: Code.WifiLimitIntervalRange,
    field: 'limit_interval_min',
    fails: (v) =>
      v.limit_interval_min !== undefined &&
      isOutside(v.limit_interval_min, WifiLimits.limitIntervalMin, WifiLimits.limitIntervalMax),
  },
];

export const wifiConfigSchema = wifiConfigShape.check(rulesCheck(wifiConfigRules));
export type WifiConfigPayload = z.output<typeof wifiConfigSchema>;

/** POST /api/wifi/reboot: the device's position in the configuration. */
export const wifiRebootSchema = z.object({ index: Key.u8 });
export type WifiRebootPayload = z.output<typeof wifiRebootSchema>;
