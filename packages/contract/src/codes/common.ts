import { type CodeSpecs, success, warning } from './spec';

/** Codes any settings or command request can answer. */
export const CommonCode = {
  SettingsSaved: 1001,
  NoValuesFound: 1002,
  DataTooLarge: 1003,
  ParseError: 1004,
  ValuesMissing: 1005,
  WriteFailed: 1006,
  InternalError: 1007,
} as const;

export const CommonCodeTable: CodeSpecs<typeof CommonCode> = {
  [CommonCode.SettingsSaved]: success('settings saved or command accepted', 'Settings saved.'),
  [CommonCode.NoValuesFound]: warning('request has no "data" form field', 'No values found.'),
  [CommonCode.DataTooLarge]: {
    ...warning('"data" too large; reserved, no longer sent (body size check removed)', 'Data too large.'),
    sent: false,
  },
  [CommonCode.ParseError]: warning('"data" is not valid JSON', 'Failed to parse data.'),
  [CommonCode.ValuesMissing]: warning(
    'required keys missing or of the wrong JSON type',
    'Values are missing.',
  ),
  [CommonCode.WriteFailed]: warning(
    'configuration file could not be written; the new values are active in memory',
    'Failed to write the configuration.',
  ),
  [CommonCode.InternalError]: {
    meaning: 'response could not be built (out of memory); sent with HTTP 500',
    message: 'Internal server error.',
    type: 'danger',
    paramKeys: [],
    sent: true,
    httpStatus: 500,
  },
};
