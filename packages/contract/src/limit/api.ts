/** Active-power limit: /api/limit/*. */
import type { LimitType } from './limits';

/** Result of the last limit or power command; "Ok" after boot, "Unknown" is never produced. */
export type SetStatus = 'Ok' | 'Failure' | 'Pending' | 'Unknown';

export interface LimitStatusEntry {
  /** Percent 0..100. */
  limit_relative: number;
  /** W, 0 while unknown. */
  max_power: number;
  limit_set_status: SetStatus;
  /**
   * Ours, MI series only: a limit is best effort (no read-back; Ok means the inverter acknowledged the
   * frame, not that it follows it).
   */
  best_effort?: true;
  /** Ours: present for an inverter read through a Hoymiles Wi-Fi device, which takes persistent limits only. */
  connection?: 'wifi';
}

/** Keyed by inverter serial; `{}` without inverters. */
export type LimitStatusResponse = Record<string, LimitStatusEntry>;

export interface LimitConfigPayload {
  serial: string;
  /** W or %, at most 2250; no lower bound is checked. */
  limit_value: number;
  limit_type: LimitType;
  /**
   * Ours, optional: a lease in seconds. When no new limit arrives in time the inverter falls back (to its
   * share of the power limiter's base load limit if governed, else its maximum). Without it: OpenDTU's
   * behaviour, the limit stays.
   */
  expiry_s?: number;
}
