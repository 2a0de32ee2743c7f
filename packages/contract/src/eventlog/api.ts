import type { BuiltInLanguage } from '../common/console-limits';
/** GET /api/eventlog/status?inv=<serial>[&locale=]. */

export interface EventLogEntry {
  message_id: number;
  message: string;
  /** Seconds since local midnight; may fall outside 0..86399. */
  start_time: number;
  /** 0 while the event is still active. */
  end_time: number;
}

export interface EventLogStatus {
  count: number;
  events: EventLogEntry[];
}

export type EventLogLocale = BuiltInLanguage;
