import { type CodeSpecs, forbidden, success, warning } from '../common/code-spec';
import { SecurityLimits } from './limits';

/** Codes of the admin password and login (`/api/security/*`). */
export const SecurityCode = {
  SecurityPasswordLength: 10001,
  SecurityAuthSuccess: 10002,
  /** A change (POST, PUT, PATCH, DELETE on /api) sent by a page of another origin (docs/security.md). */
  SecurityCrossOriginRefused: 10003,
  /** An `allowed_origins` entry that is neither `*` nor scheme://host[:port]. */
  SecurityAllowedOriginInvalid: 10004,
  SecurityAllowedOriginsCount: 10005,
} as const;

export const SecurityCodeTable: CodeSpecs<typeof SecurityCode> = {
  [SecurityCode.SecurityPasswordLength]: warning({ max: SecurityLimits.passwordMaxLength }),
  [SecurityCode.SecurityAuthSuccess]: success(),
  [SecurityCode.SecurityCrossOriginRefused]: forbidden(),
  [SecurityCode.SecurityAllowedOriginInvalid]: warning(),
  [SecurityCode.SecurityAllowedOriginsCount]: warning({ max: SecurityLimits.allowedOriginsMax }),
};
