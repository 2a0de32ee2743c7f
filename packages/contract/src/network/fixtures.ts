/**
 * Network settings shaped like the GET answer of their endpoint (what the console posts back), shared by
 * the contract's schema tests, the gateway's API tests and the console's form tests. Each builder returns a
 * fresh object with every key in wire order; `patch` replaces whole keys. Not part of the API.
 */
import type { NetworkConfig } from './api';

/** The API documentation's example: DHCP, a Wi-Fi network with its password, mDNS and syslog off. */
export function networkConfig(patch: Partial<NetworkConfig> = {}): NetworkConfig {
  return {
    hostname: 'OpenDTU-%06X',
    dhcp: true,
    ipaddress: '0.0.0.0',
    netmask: '0.0.0.0',
    gateway: '0.0.0.0',
    dns1: '0.0.0.0',
    dns2: '0.0.0.0',
    ssid: 'MyWiFi',
    password: 'secret-wifi-pass',
    aptimeout: 3,
    mdnsenabled: false,
    syslogenabled: false,
    sysloghostname: '',
    syslogport: 514,
    ...patch,
  };
}
