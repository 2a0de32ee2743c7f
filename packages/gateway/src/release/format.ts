/**
 * The dtu-console release file (docs/releases.md): gzip of
 *   "DTUCREL" 0x01 | uint32 BE manifest length | manifest JSON (UTF-8) | the files' bytes in manifest order.
 * Pure functions over buffers: packing for `npm run release`, checking for the upload.
 */
import { createHash } from 'node:crypto';
import { type UploadRefusal, type UploadRefusalParams, uploadRefusalText } from '@dtu-console/contract';

export const RELEASE_NAME = 'dtu-console';
export const RELEASE_MAGIC = Buffer.from('DTUCREL\x01', 'latin1');
const HEADER_BYTES = RELEASE_MAGIC.length + 4;
const MANIFEST_MAX_BYTES = 1024 * 1024;
/** Files a release cannot start without. */
export const REQUIRED_FILES = [
  'package.json',
  'packages/gateway/src/main.ts',
  'packages/web/dist/index.html',
];

export interface ReleaseFile {
  /** Relative, with forward slashes. */
  path: string;
  size: number;
  sha256: string;
}

export interface ReleaseManifest {
  name: string;
  version: string;
  gitHash: string;
  createdAt: string;
  files: ReleaseFile[];
}

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

export const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The directory a release is unpacked into, e.g. dtu-console-0.2.0. */
export const releaseDirName = (version: string) => `${RELEASE_NAME}-${version}`;

const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export function isReleaseHeader(head: Uint8Array): boolean {
  return head.length >= RELEASE_MAGIC.length && RELEASE_MAGIC.equals(Buffer.from(head.subarray(0, 8)));
}

/** A path that stays inside the release directory. */
function isSafePath(path: string): boolean {
  return (
    path.length > 0 &&
    path.length <= 255 &&
    !path.startsWith('/') &&
    !path.includes('\\') &&
    !path.includes('\0') &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

/** The uncompressed container; gzip it for the .bin.gz file. */
export function packRelease(
  meta: Omit<ReleaseManifest, 'files'>,
  files: { path: string; data: Buffer }[],
): Buffer {
  const manifest: ReleaseManifest = {
    ...meta,
    files: files.map(({ path, data }) => ({ path, size: data.length, sha256: sha256(data) })),
  };
  const json = Buffer.from(JSON.stringify(manifest), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([RELEASE_MAGIC, length, json, ...files.map((file) => file.data)]);
}

/**
 * Checks an uncompressed container completely: header, manifest (name, version, paths), that the sizes
 * add up to the whole, and every file's checksum. Returns the manifest and each file's bytes.
 */
export function readRelease(
  container: Buffer,
): Checked<{ manifest: ReleaseManifest; files: Map<string, Buffer> }> {
  const fail = (refusal: UploadRefusal, params?: UploadRefusalParams) => ({
    ok: false as const,
    reason: uploadRefusalText(refusal, params),
  });
  if (!isReleaseHeader(container)) return fail('notRelease');
  if (container.length < HEADER_BYTES) return fail('releaseCutShort');
  const manifestBytes = container.readUInt32BE(RELEASE_MAGIC.length);
  if (manifestBytes > MANIFEST_MAX_BYTES || HEADER_BYTES + manifestBytes > container.length) {
    return fail('manifestDamaged');
  }
  let manifest: ReleaseManifest;
  try {
    manifest = JSON.parse(container.subarray(HEADER_BYTES, HEADER_BYTES + manifestBytes).toString('utf8'));
  } catch {
    return fail('manifestDamaged');
  }
  if (manifest?.name !== RELEASE_NAME) return fail('foreignRelease');
  if (typeof manifest.version !== 'string' || !VERSION.test(manifest.version)) {
    return fail('manifestVersion');
  }
  if (!Array.isArray(manifest.files)) return fail('manifestFiles');
  const files = new Map<string, Buffer>();
  let offset = HEADER_BYTES + manifestBytes;
  for (const file of manifest.files) {
    if (!file || typeof file.path !== 'string' || !isSafePath(file.path) || files.has(file.path)) {
      return fail('manifestPath', { path: String(file?.path) });
    }
    if (!Number.isInteger(file.size) || file.size < 0 || offset + file.size > container.length) {
      return fail('releaseCutShortAt', { path: file.path });
    }
    const data = container.subarray(offset, offset + file.size);
    if (sha256(data) !== file.sha256) return fail('checksumMismatch', { path: file.path });
    files.set(file.path, data);
    offset += file.size;
  }
  if (offset !== container.length) return fail('trailingData');
  const missing = REQUIRED_FILES.find((path) => !files.has(path));
  if (missing) return fail('releaseIncomplete', { path: missing });
  return { ok: true, value: { manifest, files } };
}
