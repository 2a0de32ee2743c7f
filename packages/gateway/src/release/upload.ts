/**
 * The firmware upload of a Linux gateway: multipart with the `MD5` field first, then the file. The file
 * is streamed to disk while hashed; a .bin.gz is inflated (bounded); the result must be a dtu-console
 * release, which install.ts checks completely before anything is replaced.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { type UploadRefusal, uploadRefusalText } from '@dtu-console/contract';
import type { FastifyRequest } from 'fastify';
import { uploadTooLarge } from '../http/upload';
import type { Checked, ReleaseManifest } from './format';
import { identify, installRelease } from './install';
import { releasesDir } from './state';

/** A release (sources and the built console) is a few MiB; this leaves room to grow. */
export const FIRMWARE_MAX_BYTES = 16 * 1024 * 1024;
/** A .bin.gz must not inflate beyond this (a gzip bomb would otherwise fill the disk). */
export const FIRMWARE_MAX_INFLATED_BYTES = 32 * 1024 * 1024;
const HEAD_BYTES = 24;

class UploadError extends Error {}

/** Counts and hashes bytes on their way to disk, and keeps the first ones to tell what the file is. */
class Inspector extends Transform {
  readonly md5 = createHash('md5');
  bytes = 0;
  head = Buffer.alloc(0);

  constructor(private readonly limit: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      done(new UploadError(uploadRefusalText('imageTooLarge')));
      return;
    }
    this.md5.update(chunk);
    if (this.head.length < HEAD_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    }
    done(null, chunk);
  }
}

const reject = (reason: string) => ({ ok: false as const, reason });
const refuse = (refusal: UploadRefusal) => reject(uploadRefusalText(refusal));

/**
 * A release is `dtu-console-<version>.bin.gz` (or the inflated `.bin`). OpenDTU's web app names every
 * upload `firmware`, so a name without any dot passes too; the content is checked completely either way.
 */
export function firmwareFileName(name: string): boolean {
  return /\.bin(\.gz)?$/i.test(name) || !name.includes('.');
}

/** Receives, checks and installs one upload; never throws for bad input; leaves no temporary files. */
export async function receiveRelease(
  request: FastifyRequest,
  dataDir: string,
): Promise<Checked<ReleaseManifest>> {
  const dir = releasesDir(dataDir);
  const uploadPath = join(dir, 'upload.tmp');
  const inflatedPath = join(dir, 'inflated.tmp');
  await mkdir(dir, { recursive: true });
  try {
    return await receive(request, dataDir, uploadPath, inflatedPath);
  } finally {
    await Promise.all([uploadPath, inflatedPath].map((path) => rm(path, { force: true })));
  }
}

async function receive(
  request: FastifyRequest,
  dataDir: string,
  uploadPath: string,
  inflatedPath: string,
): Promise<Checked<ReleaseManifest>> {
  let md5: string | undefined;
  let upload: Inspector | undefined;
  try {
    // Two files allowed by the parser so that a second one is refused by name below, not as "too large".
    for await (const part of request.parts({ limits: { fileSize: FIRMWARE_MAX_BYTES, files: 2 } })) {
      // The image is the last part: anything after it would be a field nobody reads or a second image.
      if (upload) {
        if (part.type === 'file') part.file.resume();
        return refuse('partAfterImage');
      }
      if (part.type === 'field') {
        if (part.fieldname === 'MD5' && md5 === undefined) md5 = String(part.value).trim().toLowerCase();
        continue;
      }
      if (!firmwareFileName(part.filename)) {
        part.file.resume();
        return refuse('firmwareName');
      }
      // The MD5 is checked against what arrives, so it must precede the file.
      if (md5 === undefined || !/^[0-9a-f]{32}$/.test(md5)) {
        part.file.resume();
        return refuse(md5 === undefined ? 'md5Missing' : 'md5Invalid');
      }
      upload = new Inspector(FIRMWARE_MAX_BYTES);
      await pipeline(part.file, upload, createWriteStream(uploadPath, { mode: 0o600 }));
      if (part.file.truncated) return refuse('imageTooLarge');
    }
  } catch (error) {
    if (error instanceof UploadError) return reject(error.message);
    if (uploadTooLarge(error)) return refuse('imageTooLarge');
    throw error;
  }
  if (!upload) return refuse(md5 === undefined ? 'md5Missing' : 'noImage');
  if (upload.bytes === 0) return refuse('emptyImage');
  if (upload.md5.digest('hex') !== md5) return refuse('md5Mismatch');

  let content = uploadPath;
  let head = upload.head;
  if (upload.head[0] === 0x1f && upload.head[1] === 0x8b) {
    const inflated = new Inspector(FIRMWARE_MAX_INFLATED_BYTES);
    try {
      await pipeline(createReadStream(uploadPath), createGunzip(), inflated, createWriteStream(inflatedPath));
    } catch (error) {
      return refuse(error instanceof UploadError ? 'imageTooLarge' : 'brokenGzip');
    }
    content = inflatedPath;
    head = inflated.head;
  }
  const kind = identify(head);
  if (!kind.ok) return kind;
  return installRelease(await readFile(content), dataDir);
}
