/** GET /api/security/config (api.md §6.8). The POST type is `SecurityConfigPayload`. */

export interface SecurityConfig {
  password: string;
  /** Anonymous visitors get read-only access. */
  allow_readonly: boolean;
}
