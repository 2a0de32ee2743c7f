/**
 * Why a firmware or restore upload was refused. The gateway answers these as plain text with HTTP 500,
 * the answer OpenDTU's clients show as it is; the console recognises the text and shows it in the user's
 * language (a text it does not know stays as received). `{name}` marks a value filled in per answer.
 */
export const UPLOAD_REFUSALS = {
  notMultipart: 'Expected a multipart/form-data upload',
  malformedMultipart: 'Malformed multipart/form-data body ({detail})',
  noFile: 'No file in the upload',
  fileTooLarge: 'File too large (at most {bytes} bytes)',
  restoreTarget: 'Only these files can be restored: {files}',
  invalidConfig: 'Invalid config.json: {detail}',
  invalidPinMapping: 'Invalid pin_mapping.json: {detail}',
  md5Missing: 'MD5 parameter missing',
  md5Invalid: 'MD5 parameter invalid',
  md5Mismatch: 'MD5 mismatch',
  firmwareName: 'Not a firmware file: the name must end in .bin or .bin.gz',
  partAfterImage: 'Unexpected part after the firmware image',
  noImage: 'No firmware image in the upload',
  emptyImage: 'Empty firmware image',
  imageTooLarge: 'Image too large',
  brokenGzip: 'Broken .bin.gz archive',
  espImage:
    'This is an ESP32 firmware image. This gateway runs on Linux and installs dtu-console releases ' +
    '(dtu-console-<version>.bin.gz, made by "npm run release").',
  notRelease: 'Not a dtu-console release',
  foreignRelease: 'Not a dtu-console release (manifest names another product)',
  releaseCutShort: 'Release file cut short',
  releaseCutShortAt: 'Release file cut short at {path}',
  manifestDamaged: 'Release manifest damaged',
  manifestVersion: 'Release manifest has no valid version',
  manifestFiles: 'Release manifest lists no files',
  manifestPath: 'Release manifest has an invalid file path: {path}',
  checksumMismatch: 'Checksum mismatch: {path}',
  trailingData: 'Release file has unexpected trailing data',
  releaseIncomplete: 'Release is incomplete: {path} missing',
  releaseRunning: '{release} is the release already running',
  installFailed: 'Could not install the release: {detail}',
} as const;

export type UploadRefusal = keyof typeof UPLOAD_REFUSALS;
export type UploadRefusalParams = Record<string, string | number>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The refusal's text with its values filled in. */
export function uploadRefusalText(refusal: UploadRefusal, params: UploadRefusalParams = {}): string {
  return UPLOAD_REFUSALS[refusal].replace(PLACEHOLDER, (_, name: string) => String(params[name] ?? ''));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each refusal as a whole-text pattern whose groups are its values, in the order they appear. */
const PATTERNS = (Object.entries(UPLOAD_REFUSALS) as [UploadRefusal, string][]).map(([refusal, text]) => {
  const names = [...text.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
  const source = text
    .split(PLACEHOLDER)
    .map((piece, i) => (i % 2 === 0 ? escapeRegExp(piece) : '([\\s\\S]*)'))
    .join('');
  return { refusal, names, pattern: new RegExp(`^${source}$`) };
});

/** Which refusal an answer's text is, with its values; undefined for any other text. */
export function readUploadRefusal(
  text: string,
): { refusal: UploadRefusal; params: Record<string, string> } | undefined {
  for (const { refusal, names, pattern } of PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      params[name] = match[i + 1] ?? '';
    });
    return { refusal, params };
  }
  return undefined;
}
