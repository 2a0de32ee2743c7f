/** GET /api/livedata/status and WebSocket /livedata. */

/** A measured value: `v` value, `u` unit, `d` decimals to display. NaN is sent as null. */
export interface ValueUnit {
  v: number;
  u: string;
  d: number;
  /** Present (true) on a value the gateway estimates instead of reading it: the MI series' AC power. */
  estimated?: true;
}

/** DC `Irradiation` also carries the configured string max power in W. */
export interface IrradiationValue extends ValueUnit {
  max: number;
}

/** Only the fields the model has are present. */
export interface AcChannel {
  Power?: ValueUnit;
  Voltage?: ValueUnit;
  Current?: ValueUnit;
  Frequency?: ValueUnit;
  PowerFactor?: ValueUnit;
  ReactivePower?: ValueUnit;
}

export interface DcChannel {
  /** The configured string name sits in `u`; "" when none is set. */
  name: { u: string };
  Power?: ValueUnit;
  Voltage?: ValueUnit;
  Current?: ValueUnit;
  YieldDay?: ValueUnit;
  YieldTotal?: ValueUnit;
  /** Only when the string's max power is above 0. */
  Irradiation?: IrradiationValue;
}

export interface InvChannel {
  'Power DC'?: ValueUnit;
  YieldDay?: ValueUnit;
  YieldTotal?: ValueUnit;
  Temperature?: ValueUnit;
  Efficiency?: ValueUnit;
}

/** Channel maps are keyed by the channel number as a decimal string ("0", "1", …). */
export type ChannelMap<C> = Record<string, C>;

export interface RadioStats {
  tx_request: number;
  tx_re_request: number;
  rx_success: number;
  rx_fail_nothing: number;
  rx_fail_partial: number;
  rx_fail_corrupt: number;
  /** dBm of the last received packet, -127 if none. */
  rssi: number;
}

/** Summary fields, in wire key order. */
export interface LiveInverterSummary {
  serial: string;
  name: string;
  order: number;
  data_age: number;
  data_age_ms: number;
  poll_enabled: boolean;
  reachable: boolean;
  producing: boolean;
  limit_relative: number;
  /** -1 while the rated power is unknown. */
  limit_absolute: number;
  /** Radio inverters only: an inverter read through a Wi-Fi device has no radio statistics. */
  radio_stats?: RadioStats;
  /** Ours: present for an inverter read through a Hoymiles Wi-Fi device (docs/wifi.md). */
  connection?: 'wifi';
  /** Ours, Wi-Fi only: the device's configured name and serial. */
  device?: { name: string; serial: string; model: string };
}

/** An entry of the list without `?inv=`: the summary plus the event count (the older API form has it). */
export interface LiveInverterListEntry extends LiveInverterSummary {
  /** Event-log entry count. */
  events: number;
}

/** The detailed form of `?inv=` and of every WebSocket message. */
export interface LiveInverterDetail extends LiveInverterSummary {
  AC: ChannelMap<AcChannel>;
  DC: ChannelMap<DcChannel>;
  INV: ChannelMap<InvChannel>;
  /** Event-log entry count 0..15, -1 if the model has no counter. */
  events: number;
}

export interface LiveTotal {
  Power: ValueUnit;
  YieldDay: ValueUnit;
  YieldTotal: ValueUnit;
}

/** Each flag is true when the hint should be shown. */
export interface LiveHints {
  time_sync: boolean;
  radio_problem: boolean;
  default_password: boolean;
  pin_mapping_issue: boolean;
  /** Present (true) only when no radio module is attached and the gateway simulates the inverters. */
  radio_simulated?: boolean;
}

/** GET /api/livedata/status: summaries without `inv`, one detailed inverter (or none) with it. */
export interface LivedataStatus<I extends LiveInverterSummary = LiveInverterSummary> {
  inverters: I[];
  total: LiveTotal;
  hints: LiveHints;
}

/** One /livedata WebSocket frame: exactly one inverter; clients merge by serial. */
export type LivedataMessage = LivedataStatus<LiveInverterDetail>;
