import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { SecurityConfig } from '@dtu-console/contract/security/api';
import type { SecurityConfigPayload } from '@dtu-console/contract/security/schemas';
import { queryOptions } from '@tanstack/react-query';
import { encodeBasic, type StoredUser } from './auth';
import { ApiError, apiGet, apiPost, type RequestOptions } from './client';

/** What the login shows when the gateway refuses the credentials. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

/**
 * Checks credentials with GET /api/security/authenticate and Basic auth. Resolves with the record
 * to store; a 401 rejects with status 401 and the message "Invalid credentials" (the client has already
 * cleared any stored user), other failures with their own message.
 */
export async function authenticate(username: string, password: string): Promise<StoredUser> {
  const authdata = encodeBasic(username, password);
  try {
    await apiGet<Envelope>('/api/security/authenticate', {
      suppressErrorScreen: true,
      headers: { Authorization: `Basic ${authdata}` },
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw new ApiError(INVALID_CREDENTIALS, 401);
    throw error;
  }
  return { username, authdata };
}

export function fetchSecurityConfig(options?: RequestOptions): Promise<SecurityConfig> {
  return apiGet<SecurityConfig>('/api/security/config', options);
}

export function postSecurityConfig(
  payload: SecurityConfigPayload,
  options?: RequestOptions,
): Promise<Envelope> {
  return apiPost<Envelope>('/api/security/config', payload, options);
}

export const securityConfigQuery = queryOptions({
  queryKey: ['security', 'config'] as const,
  queryFn: () => fetchSecurityConfig(),
});

export function saveSecurityConfig(payload: SecurityConfigPayload): Promise<Envelope> {
  return postSecurityConfig(payload, { suppressErrorScreen: true });
}
