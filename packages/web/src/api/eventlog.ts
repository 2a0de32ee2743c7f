import type { EventLogLocale, EventLogStatus } from '@dtu-console/contract/eventlog/api';
import { apiGet, type RequestOptions } from './client';

/** The messages come in the console's language; `{}` for an unknown inverter. */
export function fetchEventLog(
  serial: string,
  locale: EventLogLocale,
  options?: RequestOptions,
): Promise<Partial<EventLogStatus>> {
  const query = new URLSearchParams({ inv: serial, locale });
  return apiGet(`/api/eventlog/status?${query}`, options);
}
