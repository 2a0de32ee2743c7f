import { type CodeSpecs, success, warning } from './code-spec';

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
  [CommonCode.SettingsSaved]: success(),
  [CommonCode.NoValuesFound]: warning(),
  [CommonCode.DataTooLarge]: { ...warning(), sent: false },
  [CommonCode.ParseError]: warning(),
  [CommonCode.ValuesMissing]: warning(),
  [CommonCode.WriteFailed]: warning(),
  [CommonCode.InternalError]: { type: 'danger', paramKeys: [], sent: true, httpStatus: 500 },
};
