/** Inverter management: /api/inverter/*. */

/** Model family strings. */
export type InverterType =
  | 'HM-300/350/400-1T'
  | 'HM-600/700/800-2T'
  | 'HM-1000/1200/1500-4T'
  | 'MI-250/300/350'
  | 'MI-500/600/700'
  | 'MI-1000/1200/1500'
  | 'HMS-300/350/400/450/500-1T'
  | 'HMS-450/500-1T v2'
  | 'HMS-600/700/800/900/1000-2T'
  | 'HMS-1600/1800/2000-4T'
  | 'HMT-1600/1800/2000-4T'
  | 'HMT-1800/2250-6T'
  | 'HERF-300-1T'
  | 'HERF-600/800-2T'
  | 'HERF-1600/1800-4T'
  | 'Unknown';

export interface InverterChannelConfig {
  name: string;
  /** W peak (u16), 0 = not set; drives Irradiation. */
  max_power: number;
  /** kWh added to the string's YieldTotal. */
  yield_total_offset: number;
}

/** One entry of GET /api/inverter/list, in wire key order. */
export interface InverterConfig {
  /** Slot index 0..9. */
  id: number;
  name: string;
  order: number;
  serial: string;
  poll_enable: boolean;
  poll_enable_night: boolean;
  command_enable: boolean;
  command_enable_night: boolean;
  reachable_threshold: number;
  zero_runtime: boolean;
  zero_day: boolean;
  clear_eventlog: boolean;
  yieldday_correction: boolean;
  /** MI series: the power limiter may govern it (best effort); ignored for the other families. */
  limiter_opt_in: boolean;
  type: InverterType;
  channel: InverterChannelConfig[];
}

export interface InverterListResponse {
  inverter: InverterConfig[];
}

export interface InverterAddPayload {
  serial: string;
  name: string;
}

/**
 * POST /api/inverter/edit. The web app posts the whole list entry; omitted flags are reset to their
 * defaults, not kept.
 */
export interface InverterEditPayload {
  id: number;
  serial: string;
  name: string;
  channel: Partial<InverterChannelConfig>[];
  poll_enable?: boolean;
  poll_enable_night?: boolean;
  command_enable?: boolean;
  command_enable_night?: boolean;
  reachable_threshold?: number;
  zero_runtime?: boolean;
  zero_day?: boolean;
  clear_eventlog?: boolean;
  yieldday_correction?: boolean;
  limiter_opt_in?: boolean;
}

export interface InverterDeletePayload {
  id: number;
}

/** Slot ids in display order; numeric strings are accepted (the web app sends strings). */
export interface InverterOrderPayload {
  order: (number | string)[];
}
