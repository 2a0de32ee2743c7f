import { SecurityCode } from '../../security/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each SecurityCode code, for developers (`./meaning.ts`). */
export const SecurityCodeMeanings: CodeMeaningsOf<typeof SecurityCode> = {
  [SecurityCode.SecurityPasswordLength]:
    'admin password shorter than 8 or longer than 64 bytes (param carries only max)',
  [SecurityCode.SecurityAuthSuccess]: 'credentials accepted',
  [SecurityCode.SecurityCrossOriginRefused]:
    'HTTP 403: a change sent from a page of another origin that security.allowed_origins does not name',
  [SecurityCode.SecurityAllowedOriginInvalid]:
    'an allowed_origins entry is neither a lone * nor scheme://host[:port] (http or https, no path)',
  [SecurityCode.SecurityAllowedOriginsCount]: 'more allowed_origins entries than the limit',
};
