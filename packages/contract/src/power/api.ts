/** Power on/off and restart: /api/power/*. */
import type { SetStatus } from '../limit/api';

export interface PowerStatusEntry {
  power_set_status: SetStatus;
}

/** Keyed by inverter serial; `{}` without inverters. */
export type PowerStatusResponse = Record<string, PowerStatusEntry>;

/** `power` wins when both are sent; `restart:false` alone does nothing. */
export type PowerConfigPayload =
  | { serial: string; power: boolean; restart?: boolean }
  | { serial: string; restart: boolean };
