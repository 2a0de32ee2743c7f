/**
 * Command tags and actions of the Hoymiles Wi-Fi protocol (docs/wifi.md, The protocol). The app's
 * requests carry 0xa3xx (0x23xx for commands routed as if from the cloud); the device answers with the
 * same low byte under 0xa2xx (0x22xx).
 */

export const WifiTag = {
  AppInfo: 0xa301,
  Heartbeat: 0xa302,
  AlarmList: 0xa304,
  Command: 0xa305,
  RealData: 0xa311,
  NetworkInfo: 0xa314,
  HistPower: 0xa315,
  CloudCommand: 0x2305,
} as const;
export type WifiTag = (typeof WifiTag)[keyof typeof WifiTag];

/** The device's answer to a request tag: the high byte one lower (0xa3 → 0xa2, 0x23 → 0x22). */
export function replyTagOf(requestTag: number): number {
  return (requestTag - 0x0100) & 0xffff;
}

const REQUEST_TAGS = new Set<number>(Object.values(WifiTag));

export function isRequestTag(tag: number): tag is WifiTag {
  return REQUEST_TAGS.has(tag);
}

export function isReplyTag(tag: number): boolean {
  return REQUEST_TAGS.has((tag + 0x0100) & 0xffff);
}

/** Tags sent in clear even by a device that encrypts: the ones that tell the app it must. */
export function isNeverEncrypted(tag: number): boolean {
  const low = tag & 0xff;
  const high = tag >> 8;
  return (high === 0xa3 || high === 0xa2) && (low === 0x01 || low === 0x02);
}

/** `action` of a command request. */
export const WifiAction = {
  DtuReboot: 1,
  InverterOn: 6,
  InverterOff: 7,
  LimitPower: 8,
  AlarmList: 50,
  InverterRestart: 8195,
} as const;
export type WifiAction = (typeof WifiAction)[keyof typeof WifiAction];

/** `dev_kind` of a command routed to an inverter through the device. */
export const DEV_KIND_DTU = 1;

/** The time-zone offset field the app fills in (seconds); the devices ignore it for reading. */
export const APP_OFFSET_S = 28_800;

/** The port the devices listen on. */
export const WIFI_PORT = 10081;

/** Bit of `dfs` in the device info that says the device encrypts. */
export const ENCRYPTED_FLAG_BIT = 25;
