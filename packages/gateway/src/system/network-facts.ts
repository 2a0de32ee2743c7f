/**
 * The host's real network, for GET /api/network/status: the interface of the default route, its address,
 * netmask and MAC (os.networkInterfaces), the gateway (/proc/net/route) and the DNS servers
 * (/etc/resolv.conf). Wi-Fi facts come from /sys and /proc/net/wireless when that interface is wireless.
 * Every source is optional: a missing file reads as "unknown", never as an error.
 */
import { access, readFile } from 'node:fs/promises';
import os from 'node:os';

export const NO_ADDRESS = '0.0.0.0';

export interface DefaultRoute {
  iface: string;
  gateway: string;
  metric: number;
}

export interface NetworkFacts {
  hostname: string;
  /** Interface carrying the default route (or the first external one); undefined when offline. */
  iface?: string;
  ip: string;
  netmask: string;
  gateway: string;
  dns1: string;
  dns2: string;
  /** Upper case, colon separated, as the firmware prints it. */
  mac: string;
  wireless: boolean;
  /** dBm, from /proc/net/wireless; 0 when not on Wi-Fi. */
  rssi: number;
}

export interface NetworkFactSources {
  interfaces?: () => NodeJS.Dict<os.NetworkInterfaceInfo[]>;
  hostname?: () => string;
  readText?: (path: string) => Promise<string | undefined>;
  exists?: (path: string) => Promise<boolean>;
}

async function readTextOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

async function pathExists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** /proc/net/route stores IPv4 addresses as little-endian hex words: "010200C0" is 192.0.2.1. */
export function routeHexToIpv4(hex: string): string {
  const value = Number.parseInt(hex, 16);
  if (!/^[0-9A-Fa-f]{8}$/.test(hex) || Number.isNaN(value)) return NO_ADDRESS;
  return [0, 8, 16, 24].map((shift) => (value >>> shift) & 0xff).join('.');
}

const RTF_UP = 0x1;
const RTF_GATEWAY = 0x2;

/** The usable default route with the lowest metric, from the text of /proc/net/route. */
export function parseDefaultRoute(text: string): DefaultRoute | undefined {
  let best: DefaultRoute | undefined;
  for (const line of text.split('\n').slice(1)) {
    const [iface, destination, gateway, flags, , , metric, mask] = line.trim().split(/\s+/);
    if (!iface || destination !== '00000000' || mask !== '00000000' || !gateway || !flags) continue;
    const flagBits = Number.parseInt(flags, 16);
    if ((flagBits & RTF_UP) === 0 || (flagBits & RTF_GATEWAY) === 0) continue;
    const route = { iface, gateway: routeHexToIpv4(gateway), metric: Number(metric) || 0 };
    if (!best || route.metric < best.metric) best = route;
  }
  return best;
}

/** The `nameserver` entries of resolv.conf, in order. */
export function parseNameservers(text: string): string[] {
  const servers: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*nameserver\s+(\S+)/.exec(line);
    if (match?.[1]) servers.push(match[1]);
  }
  return servers;
}

/** Signal level in dBm of `iface` from /proc/net/wireless ("wlan0: 0000   54.  -56.  -256 ..."). */
export function parseWirelessLevel(text: string, iface: string): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^\s*([^:\s]+):\s+\S+\s+(-?[\d.]+)\s+(-?[\d.]+)/.exec(line);
    if (match?.[1] === iface) {
      const level = Number.parseFloat(match[3] ?? '');
      return Number.isFinite(level) ? Math.round(level) : undefined;
    }
  }
  return undefined;
}

export async function readNetworkFacts(sources: NetworkFactSources = {}): Promise<NetworkFacts> {
  const interfaces = (sources.interfaces ?? os.networkInterfaces)();
  const readText = sources.readText ?? readTextOrUndefined;
  const exists = sources.exists ?? pathExists;
  const [routeText, resolvText] = await Promise.all([
    readText('/proc/net/route'),
    readText('/etc/resolv.conf'),
  ]);
  const route = routeText === undefined ? undefined : parseDefaultRoute(routeText);

  const external = Object.entries(interfaces).filter(([, entries]) =>
    entries?.some((entry) => !entry.internal && entry.family === 'IPv4'),
  );
  const iface = route?.iface ?? external[0]?.[0];
  const entries = iface === undefined ? [] : (interfaces[iface] ?? []);
  const ipv4 = entries.find((entry) => entry.family === 'IPv4');
  const mac = entries.find((entry) => entry.mac && entry.mac !== '00:00:00:00:00:00')?.mac ?? '';

  const dns = resolvText === undefined ? [] : parseNameservers(resolvText);
  const wireless = iface !== undefined && (await exists(`/sys/class/net/${iface}/wireless`));
  let rssi = 0;
  if (wireless && iface !== undefined) {
    const wirelessText = await readText('/proc/net/wireless');
    rssi = (wirelessText === undefined ? undefined : parseWirelessLevel(wirelessText, iface)) ?? 0;
  }
  return {
    hostname: (sources.hostname ?? os.hostname)(),
    ...(iface === undefined ? {} : { iface }),
    ip: ipv4?.address ?? NO_ADDRESS,
    netmask: ipv4?.netmask ?? NO_ADDRESS,
    gateway: route?.gateway ?? NO_ADDRESS,
    dns1: dns[0] ?? NO_ADDRESS,
    dns2: dns[1] ?? NO_ADDRESS,
    mac: mac.toUpperCase(),
    wireless,
    rssi,
  };
}
