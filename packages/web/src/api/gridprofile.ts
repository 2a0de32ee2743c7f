import type { GridProfileRawData, GridProfileStatus } from '@dtu-console/contract/gridprofile/api';
import { apiGet, type RequestOptions } from './client';

export function fetchGridProfile(
  serial: string,
  options?: RequestOptions,
): Promise<Partial<GridProfileStatus>> {
  return apiGet(`/api/gridprofile/status?inv=${encodeURIComponent(serial)}`, options);
}

export function fetchGridProfileRaw(
  serial: string,
  options?: RequestOptions,
): Promise<Partial<GridProfileRawData>> {
  return apiGet(`/api/gridprofile/rawdata?inv=${encodeURIComponent(serial)}`, options);
}

/** A profile whose bytes are all 0 (or that has none yet) counts as empty. */
export function isEmptyProfile(raw: readonly number[] | undefined): boolean {
  return (raw ?? []).every((byte) => byte === 0);
}
