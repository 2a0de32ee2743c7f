import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { LimitConfigPayload, LimitStatusResponse } from '@dtu-console/contract/limit/api';
import { LimitType } from '@dtu-console/contract/limit/limits';
import { apiGet, apiPost, type RequestOptions } from './client';

export function fetchLimitStatus(options?: RequestOptions): Promise<LimitStatusResponse> {
  return apiGet<LimitStatusResponse>('/api/limit/status', options);
}

/**
 * `limit_type` for POST /api/limit/config. The console sends the current OpenDTU encoding and the
 * contract's `LimitType` (0 absolute, 1 relative, +2 persistent). The spec's "0/1 plus 256 when
 * persistent" is the legacy encoding older firmware used; the gateway still accepts it, but 257 would be
 * rejected (5003) by firmware of the api.md baseline, while 0..3 works everywhere we talk to.
 */
export function limitTypeFor(relative: boolean, persistent: boolean): LimitType {
  if (relative) return persistent ? LimitType.RelativePersistent : LimitType.RelativeNonPersistent;
  return persistent ? LimitType.AbsolutePersistent : LimitType.AbsoluteNonPersistent;
}

/** The envelope tells success (1001) from validation failures (5001..5004); both arrive as HTTP 200. */
export function postLimitConfig(payload: LimitConfigPayload, options?: RequestOptions): Promise<Envelope> {
  return apiPost<Envelope>('/api/limit/config', payload, { suppressErrorScreen: true, ...options });
}
