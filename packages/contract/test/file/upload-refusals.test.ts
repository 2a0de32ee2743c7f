import { describe, expect, it } from 'vitest';
import {
  readUploadRefusal,
  UPLOAD_REFUSALS,
  type UploadRefusal,
  uploadRefusalText,
} from '../../src/file/upload-refusals';

const refusals = Object.keys(UPLOAD_REFUSALS) as UploadRefusal[];

/** Values as awkward as real ones: paths, parser messages with brackets, colons and regex characters. */
const VALUES = ['packages/web/dist/index.html', 'Unexpected end of JSON input (at 12) [x]: $1.*', '1048576'];

describe('upload refusals', () => {
  it('read back as the refusal and the values they were written with', () => {
    for (const refusal of refusals) {
      const names = [...UPLOAD_REFUSALS[refusal].matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
      const params = Object.fromEntries(names.map((name, i) => [name, VALUES[i % VALUES.length] as string]));
      const text = uploadRefusalText(refusal, params);
      expect(text).not.toMatch(/\{\w+\}/);
      expect(readUploadRefusal(text), text).toEqual({ refusal, params });
    }
  });

  it('fill in numbers and leave no placeholder when a value is missing', () => {
    expect(uploadRefusalText('fileTooLarge', { bytes: 65536 })).toBe('File too large (at most 65536 bytes)');
    expect(uploadRefusalText('checksumMismatch')).toBe('Checksum mismatch: ');
    expect(uploadRefusalText('md5Missing')).toBe('MD5 parameter missing');
  });

  it('know nothing of other texts, nor of a refusal with something around it', () => {
    for (const text of [
      '',
      'OK',
      'FAIL',
      '[HTTP ERROR] Bad Gateway',
      'MD5 parameter missing!',
      ' MD5 mismatch',
    ]) {
      expect(readUploadRefusal(text), text).toBeUndefined();
    }
  });

  it('tell the two "not a release" texts and the two "cut short" texts apart', () => {
    expect(readUploadRefusal('Not a dtu-console release')?.refusal).toBe('notRelease');
    expect(readUploadRefusal(UPLOAD_REFUSALS.foreignRelease)?.refusal).toBe('foreignRelease');
    expect(readUploadRefusal('Release file cut short')?.refusal).toBe('releaseCutShort');
    expect(readUploadRefusal('Release file cut short at a/b.ts')).toEqual({
      refusal: 'releaseCutShortAt',
      params: { path: 'a/b.ts' },
    });
  });
});
