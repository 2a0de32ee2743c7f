import { SecurityLimits } from '../limits/security';
import { type CodeSpecs, forbidden, success, warning } from './spec';

/** Codes of the admin password and login (`/api/security/*`). */
export const SecurityCode = {
  SecurityPasswordLength: 10001,
  SecurityAuthSuccess: 10002,
  /** A change (POST, PUT, PATCH, DELETE on /api) sent by a page of another origin (docs/security.md). */
  SecurityCrossOriginRefused: 10003,
} as const;

export const SecurityCodeTable: CodeSpecs<typeof SecurityCode> = {
  [SecurityCode.SecurityPasswordLength]: warning({ max: SecurityLimits.passwordMaxLength }),
  [SecurityCode.SecurityAuthSuccess]: success(),
  [SecurityCode.SecurityCrossOriginRefused]: forbidden(),
};
