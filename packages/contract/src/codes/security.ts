import { SecurityLimits } from '../limits/security';
import { type CodeSpecs, success, warning } from './spec';

/** Codes of the admin password and login (`/api/security/*`). */
export const SecurityCode = {
  SecurityPasswordLength: 10001,
  SecurityAuthSuccess: 10002,
} as const;

export const SecurityCodeTable: CodeSpecs<typeof SecurityCode> = {
  [SecurityCode.SecurityPasswordLength]: warning({ max: SecurityLimits.passwordMaxLength }),
  [SecurityCode.SecurityAuthSuccess]: success(),
};
