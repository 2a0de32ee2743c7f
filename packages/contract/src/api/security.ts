/** GET /api/security/config. The POST type is `SecurityConfigPayload`. */

export interface SecurityConfig {
  password: string;
  /** Anonymous visitors get read-only access. */
  allow_readonly: boolean;
}
