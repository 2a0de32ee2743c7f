import type { LivedataStatus, LiveInverterDetail } from '@dtu-console/contract/livedata/api';
import { apiGet, type RequestOptions } from './client';

/** Summaries of every inverter plus totals and hints. */
export function fetchLiveDataStatus(options?: RequestOptions): Promise<LivedataStatus> {
  return apiGet<LivedataStatus>('/api/livedata/status', options);
}

/** One inverter with its channel maps and event count; `inverters` is empty for an unknown serial. */
export function fetchLiveInverter(
  serial: string,
  options?: RequestOptions,
): Promise<LivedataStatus<LiveInverterDetail>> {
  return apiGet(`/api/livedata/status?inv=${encodeURIComponent(serial)}`, options);
}
