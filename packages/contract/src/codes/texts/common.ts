import { CommonCode } from '../../common/common-codes';
import { type CodeTextsOf, text } from './text';

/** What the CommonCode codes mean and the English `message` the gateway answers them with. */
export const CommonCodeTexts: CodeTextsOf<typeof CommonCode> = {
  [CommonCode.SettingsSaved]: text('settings saved or command accepted', 'Settings saved.'),
  [CommonCode.NoValuesFound]: text('request has no "data" form field', 'No values found.'),
  [CommonCode.DataTooLarge]: text(
    '"data" too large; reserved, no longer sent (body size check removed)',
    'Data too large.',
  ),
  [CommonCode.ParseError]: text('"data" is not valid JSON', 'Failed to parse data.'),
  [CommonCode.ValuesMissing]: text('required keys missing or of the wrong JSON type', 'Values are missing.'),
  [CommonCode.WriteFailed]: text(
    'configuration file could not be written; the new values are active in memory',
    'Failed to write the configuration.',
  ),
  [CommonCode.InternalError]: text(
    'response could not be built (out of memory); sent with HTTP 500',
    'Internal server error.',
  ),
};
