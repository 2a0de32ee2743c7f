// Network settings and Wi-Fi: limits, defaults and enumerations.

/** Network settings bounds. */
export const NetworkLimits = {
  ssidMinLength: 1,
  ssidMaxLength: 32,
  /** Server rejects 64 although its own message says 64. */
  passwordMaxLength: 63,
  passwordInputMaxLength: 64,
  hostnameMinLength: 1,
  hostnameMaxLength: 31,
  hostnameInputMaxLength: 32,
  /** IP, netmask, gateway, DNS 1 and DNS 2 inputs. */
  addressInputMaxLength: 32,
  apTimeoutMin: 0,
  apTimeoutMax: 99999,
  /** AP timeout value meaning "never switch the AP off". */
  apTimeoutInfinite: 0,
  syslogHostnameMaxLength: 128,
  syslogPortMin: 1,
  syslogPortMax: 65535,
} as const;

/** Network defaults of a fresh gateway. */
export const NetworkDefaults = {
  hostnamePattern: 'OpenDTU-%06X',
  dhcp: true,
  address: '0.0.0.0',
  apTimeout: 3,
  apIp: '192.168.4.1',
  mdnsEnabled: false,
  syslogEnabled: false,
  syslogPort: 514,
} as const;

/** Wi-Fi quality: linear from 0 % at this RSSI (dBm) or below to 100 % at `rssiBest` or above. */
export const WifiQuality = { rssiWorst: -100, rssiBest: -50 } as const;
