/** Shared vocabulary of the protocol library. */

/** Inverter family ids exactly as in data/inverter-types.json. */
export const FAMILY_IDS = [
  'HM_1CH',
  'HM_2CH',
  'HM_4CH',
  'HMS_1CH',
  'HMS_1CHv2',
  'HMS_2CH',
  'HMS_4CH',
  'HMT_4CH',
  'HMT_6CH',
  'HERF_1CH',
  'HERF_2CH',
  'HERF_4CH',
  'MI_1CH',
  'MI_2CH',
  'MI_4CH',
] as const;
export type FamilyId = (typeof FAMILY_IDS)[number];

export function isFamilyId(id: string): id is FamilyId {
  return (FAMILY_IDS as readonly string[]).includes(id);
}

export type RadioKind = 'NRF24' | 'CMT';

/**
 * What a limit command asks for: bit 0 relative (%), bit 1 persistent (kept across an inverter restart).
 * The API's `limit_type` uses the same numbers (the contract maps it); the word on the wire depends on
 * the `LimitEncoding`.
 */
export const LimitType = {
  AbsoluteNonPersistent: 0,
  RelativeNonPersistent: 1,
  AbsolutePersistent: 2,
  RelativePersistent: 3,
} as const;
export type LimitType = (typeof LimitType)[keyof typeof LimitType];

/** Which numeric limit-type word goes on the wire. */
export type LimitEncoding = 'HM' | 'HMS';

/** Which event text set applies. */
export type EventMessageSet = 'ALL' | 'HMT';

/**
 * A serial as the user and the API see it: 12 hex digits (case-insensitive), a 48-bit unsigned number.
 * Only its low 32 bits travel in radio frames.
 */
export type Serial = string;

/** Data types of a data request. */
export const DataType = {
  DeviceInfoSimple: 0x00,
  DeviceInfoAll: 0x01,
  GridProfile: 0x02,
  SystemConfig: 0x05,
  RunData: 0x0b,
  EventLog: 0x11,
} as const;
export type DataType = (typeof DataType)[keyof typeof DataType];
