import { SecurityCode } from '../../security/codes';
import { type CodeTextsOf, text } from './text';

/** What the SecurityCode codes mean and the English `message` the gateway answers them with. */
export const SecurityCodeTexts: CodeTextsOf<typeof SecurityCode> = {
  [SecurityCode.SecurityPasswordLength]: text(
    'admin password shorter than 8 or longer than 64 bytes (param carries only max)',
    'Password must be 8 to {max} characters long.',
  ),
  [SecurityCode.SecurityAuthSuccess]: text('credentials accepted', 'Authentication successful.'),
  [SecurityCode.SecurityCrossOriginRefused]: text(
    'HTTP 403: a change sent from a page of another origin that security.allowed_origins does not name',
    "Refused: changes are accepted only from the gateway's own pages or an allowed origin.",
  ),
  [SecurityCode.SecurityAllowedOriginInvalid]: text(
    'an allowed_origins entry is neither a lone * nor scheme://host[:port] (http or https, no path)',
    'Each allowed origin must be http(s)://host[:port] without a path, or a lone *.',
  ),
  [SecurityCode.SecurityAllowedOriginsCount]: text(
    'more allowed_origins entries than the limit',
    'At most {max} allowed origins.',
  ),
};
