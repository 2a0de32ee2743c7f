/** GET /api/security/config. The POST type is `SecurityConfigPayload`. */

export interface SecurityConfig {
  password: string;
  /** Anonymous visitors get read-only access. */
  allow_readonly: boolean;
  /** Origins besides the gateway's own whose pages may send changes and open sockets; `*` is any. */
  allowed_origins: string[];
}
