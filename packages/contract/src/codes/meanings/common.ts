import { CommonCode } from '../../common/common-codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each CommonCode code, for developers (`./meaning.ts`). */
export const CommonCodeMeanings: CodeMeaningsOf<typeof CommonCode> = {
  [CommonCode.SettingsSaved]: 'settings saved or command accepted',
  [CommonCode.NoValuesFound]: 'request has no "data" form field',
  [CommonCode.DataTooLarge]: '"data" too large; reserved, no longer sent (body size check removed)',
  [CommonCode.ParseError]: '"data" is not valid JSON',
  [CommonCode.ValuesMissing]: 'required keys missing or of the wrong JSON type',
  [CommonCode.WriteFailed]: 'configuration file could not be written; the new values are active in memory',
  [CommonCode.InternalError]: 'response could not be built (out of memory); sent with HTTP 500',
};
