/** /api/network/status and /api/network/config. */

export type NetworkMode = 'Station' | 'Ethernet';

export interface NetworkStatus {
  sta_status: boolean;
  sta_ssid: string;
  sta_bssid: string;
  /** dBm. */
  sta_rssi: number;
  network_hostname: string;
  network_ip: string;
  network_netmask: string;
  network_gateway: string;
  network_dns1: string;
  network_dns2: string;
  network_mac: string;
  network_mode: NetworkMode;
  ap_status: boolean;
  ap_ssid: string;
  ap_ip: string;
  ap_mac: string;
  ap_stationnum: number;
}

export interface NetworkConfig {
  /** Stored pattern; may contain "%06X" for the chip id. */
  hostname: string;
  dhcp: boolean;
  ipaddress: string;
  netmask: string;
  gateway: string;
  dns1: string;
  dns2: string;
  ssid: string;
  password: string;
  /** Minutes, 0 = never switched off. */
  aptimeout: number;
  mdnsenabled: boolean;
  syslogenabled: boolean;
  sysloghostname: string;
  syslogport: number;
}

/** POST: mdns and syslog keys are optional (read leniently); the rest is required. */
export type NetworkConfigPayload = Omit<
  NetworkConfig,
  'mdnsenabled' | 'syslogenabled' | 'sysloghostname' | 'syslogport'
> &
  Partial<Pick<NetworkConfig, 'mdnsenabled' | 'syslogenabled' | 'sysloghostname' | 'syslogport'>>;
