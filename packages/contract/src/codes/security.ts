import { SecurityLimits } from '../limits/security';
import { type CodeSpecs, success, warning } from './spec';

/** Codes of the admin password and login (`/api/security/*`). */
export const SecurityCode = {
  SecurityPasswordLength: 10001,
  SecurityAuthSuccess: 10002,
} as const;

export const SecurityCodeTable: CodeSpecs<typeof SecurityCode> = {
  [SecurityCode.SecurityPasswordLength]: warning(
    'admin password shorter than 8 or longer than 64 bytes (param carries only max)',
    'Password must be 8 to {max} characters long.',
    { max: SecurityLimits.passwordMaxLength },
  ),
  [SecurityCode.SecurityAuthSuccess]: success('credentials accepted', 'Authentication successful.'),
};
