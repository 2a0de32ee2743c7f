/**
 * /api/network/*: the host's real network (status) and the stored network settings (config).
 *
 * The gateway runs on a general-purpose host whose network belongs to the operating system: saving the
 * settings stores them (backups and OpenDTU clients keep working) but does NOT reconfigure the host's
 * interfaces, Wi-Fi, DNS or hostname, and no access point is ever opened.
 */
import {
  envelope,
  type NetworkConfig,
  type NetworkConfigValues,
  type NetworkStatus,
  networkConfigShape,
  validateNetworkConfig,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import { keepIfMasked, maskSecret } from '../config/secrets';
import type { ConfigPatch } from '../config/store';
import type { GatewayContext } from '../context';
import { parsePostJson, savedEnvelope } from '../http/post-data';
import { type NetworkFacts, NO_ADDRESS, readNetworkFacts } from '../system/network-facts';

/** GET /api/network/status from the host's facts. The AP fields say what is true here: there is no AP. */
export function networkStatusResponse(facts: NetworkFacts): NetworkStatus {
  return {
    sta_status: facts.wireless,
    // The SSID and BSSID of a host Wi-Fi link are not readable without extra tools; unknown is "".
    sta_ssid: '',
    sta_bssid: '',
    sta_rssi: facts.wireless ? facts.rssi : 0,
    network_hostname: facts.hostname,
    network_ip: facts.ip,
    network_netmask: facts.netmask,
    network_gateway: facts.gateway,
    network_dns1: facts.dns1,
    network_dns2: facts.dns2,
    network_mac: facts.mac,
    network_mode: facts.wireless ? 'Station' : 'Ethernet',
    ap_status: false,
    ap_ssid: '',
    ap_ip: NO_ADDRESS,
    ap_mac: '',
    ap_stationnum: 0,
  };
}

type NetworkSections = DeepReadonly<Pick<GatewayConfig, 'wifi' | 'mdns' | 'syslog'>>;

/** GET /api/network/config: the stored settings, Wi-Fi password masked. */
export function networkConfigResponse(config: NetworkSections): NetworkConfig {
  const { wifi, mdns, syslog } = config;
  return {
    hostname: wifi.hostname,
    dhcp: wifi.dhcp,
    ipaddress: wifi.ip,
    netmask: wifi.netmask,
    gateway: wifi.gateway,
    dns1: wifi.dns1,
    dns2: wifi.dns2,
    ssid: wifi.ssid,
    password: maskSecret(wifi.password),
    aptimeout: wifi.aptimeout,
    mdnsenabled: mdns.enabled,
    syslogenabled: syslog.enabled,
    sysloghostname: syslog.hostname,
    syslogport: syslog.port,
  };
}

/** The three sections a validated POST writes, in one save. */
export function networkPatchFromPayload(payload: NetworkConfigValues, stored: NetworkSections): ConfigPatch {
  return {
    wifi: {
      ssid: payload.ssid,
      password: keepIfMasked(payload.password, stored.wifi.password),
      ip: payload.ipaddress,
      netmask: payload.netmask,
      gateway: payload.gateway,
      dns1: payload.dns1,
      dns2: payload.dns2,
      dhcp: payload.dhcp,
      hostname: payload.hostname,
      aptimeout: payload.aptimeout,
    },
    mdns: { enabled: payload.mdnsenabled },
    syslog: {
      enabled: payload.syslogenabled,
      hostname: payload.sysloghostname,
      // Stored as u32 like the firmware; only an enabled syslog has its port checked.
      port: payload.syslogport >= 0 && payload.syslogport <= 0xffffffff ? payload.syslogport : 0,
    },
  };
}

const sections = (ctx: GatewayContext): NetworkSections => ({
  wifi: ctx.config.get('wifi'),
  mdns: ctx.config.get('mdns'),
  syslog: ctx.config.get('syslog'),
});

export const networkRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  app.get(
    '/api/network/status',
    {
      config: {
        auth: 'readonly',
        summary: "The host's network: address, gateway, DNS, MAC, Wi-Fi or Ethernet",
      },
    },
    async (): Promise<NetworkStatus> => networkStatusResponse(await readNetworkFacts()),
  );

  app.get(
    '/api/network/config',
    { config: { auth: 'admin', summary: 'Stored network settings (Wi-Fi password masked)' } },
    async (): Promise<NetworkConfig> => networkConfigResponse(sections(ctx)),
  );

  app.post(
    '/api/network/config',
    {
      config: {
        auth: 'admin',
        summary: 'Store the network settings (the host network is not reconfigured)',
        payload: networkConfigShape,
      },
    },
    async (request) => {
      const posted = await parsePostJson(request);
      if (!posted.ok) return posted.envelope;
      // The SSID rule applies only while the network runs over Wi-Fi.
      const { wireless } = await readNetworkFacts();
      const result = validateNetworkConfig(posted.value, { stationMode: wireless });
      if (!result.ok) return 'codeless' in result ? result.codeless : envelope(result.code, result.param);
      return savedEnvelope(await ctx.config.updateMany(networkPatchFromPayload(result.value, sections(ctx))));
    },
  );
};
