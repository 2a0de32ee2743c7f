// Hoymiles Wi-Fi devices (HMS-xxxW, DTU-Pro, DTU-Lite) on their local TCP protocol.

export const WifiLimits = {
  maxDevices: 10,
  nameMaxLength: 31,
  hostMaxLength: 253,
  portMin: 1,
  portMax: 65535,
  defaultPort: 10081,
  /** Seconds between polls. The devices break their cloud upload when asked more often than 35 s. */
  pollIntervalDefault: 35,
  /** Owners who do not use the cloud may poll faster, down to this. */
  pollIntervalMin: 5,
  pollIntervalMax: 3600,
  /** Minutes between two limit commands to one device (setting `limit_interval_min`). */
  limitIntervalDefault: 5,
  limitIntervalMin: 1,
  limitIntervalMax: 60,
} as const;

/** A device's connection state, as GET /api/wifi/status reports it. */
export const WifiDeviceStates = [
  'disabled',
  'connecting',
  'online',
  'unreachable',
  'refused',
  'encrypted-without-key',
] as const;
export type WifiDeviceState = (typeof WifiDeviceStates)[number];

/**
 * Why a device's last request failed, as GET /api/wifi/status reports it in `last_problem` (the console
 * says it in words; `last_error` holds the technical detail). The frame and message kinds are bytes the
 * device sent that are not its protocol: counted in `bad_frames`.
 */
export const WifiProblems = [
  'refused',
  'unreachable',
  'timeout',
  'closed',
  'bad-magic',
  'bad-length',
  'bad-crc',
  'too-short',
  'unknown-tag',
  'wrong-reply',
  'decrypt',
  'decode',
  'no-key',
] as const;
export type WifiProblem = (typeof WifiProblems)[number];
