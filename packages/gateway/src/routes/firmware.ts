/**
 * POST /api/firmware/update: multipart with the `MD5` field first, then the image. The
 * image is checked (MD5 of the upload, ESP32 image header, also inside .bin.gz) and only then staged in
 * <data>/firmware/staged.bin, atomically; a rejected upload stages nothing. A Linux gateway cannot flash
 * itself: the staged image is kept for whoever deploys it, and the gateway restarts like the firmware does.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { syncDirectory } from '../config/atomic';
import type { GatewayContext } from '../context';
import { uploadAnswer } from '../http/upload-answer';

export const FIRMWARE_DIR = 'firmware';
export const STAGED_IMAGE = 'staged.bin';
/** Larger than any ESP32 application slot (1.9 MiB on 4 MB boards, 8 MiB on the biggest). */
export const FIRMWARE_MAX_BYTES = 16 * 1024 * 1024;
/** A .bin.gz must not inflate beyond this (a gzip bomb would otherwise fill the disk). */
export const FIRMWARE_MAX_INFLATED_BYTES = 32 * 1024 * 1024;

/** ESP32 application image: magic 0xE9, 1..16 segments, a 24-byte header (8 common + 16 extended). */
export const ESP_IMAGE_MAGIC = 0xe9;
const ESP_HEADER_BYTES = 24;

export function isEspImageHeader(head: Uint8Array): boolean {
  const segments = head[1] ?? 0;
  return head.length >= ESP_HEADER_BYTES && head[0] === ESP_IMAGE_MAGIC && segments >= 1 && segments <= 16;
}

class UploadError extends Error {}

/** Counts and hashes bytes on their way to disk, and keeps the first ones for the header check. */
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
      done(new UploadError('Image too large'));
      return;
    }
    this.md5.update(chunk);
    if (this.head.length < ESP_HEADER_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, ESP_HEADER_BYTES - this.head.length)]);
    }
    done(null, chunk);
  }
}

async function fsyncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export const firmwareRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  const dir = join(ctx.options.dataDir, FIRMWARE_DIR);
  const uploadPath = join(dir, 'upload.tmp');
  const inflatedPath = join(dir, 'inflated.tmp');
  const stagingPath = join(dir, `${STAGED_IMAGE}.tmp`);

  type Staged = { ok: true } | { ok: false; reason: string };
  const reject = (reason: string): Staged => ({ ok: false, reason });

  /** Streams the upload to disk while hashing it, checks it, and stages it; never throws for bad input. */
  async function receiveAndStage(request: FastifyRequest): Promise<Staged> {
    await mkdir(dir, { recursive: true });
    let md5: string | undefined;
    let upload: Inspector | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1 } })) {
        if (part.type === 'field') {
          if (part.fieldname === 'MD5' && md5 === undefined) md5 = String(part.value).trim().toLowerCase();
          continue;
        }
        // The firmware checks MD5 when the first chunk arrives, so it must precede the image.
        if (md5 === undefined || !/^[0-9a-f]{32}$/.test(md5)) {
          part.file.resume();
          return reject(md5 === undefined ? 'MD5 parameter missing' : 'MD5 parameter invalid');
        }
        upload = new Inspector(FIRMWARE_MAX_BYTES);
        await pipeline(part.file, upload, createWriteStream(uploadPath, { mode: 0o600 }));
        if (part.file.truncated) return reject('Image too large');
      }
    } catch (error) {
      if (error instanceof UploadError) return reject(error.message);
      if ((error as { statusCode?: number }).statusCode === 413) return reject('Image too large');
      throw error;
    }
    if (!upload)
      return reject(md5 === undefined ? 'MD5 parameter missing' : 'No firmware image in the upload');
    if (upload.bytes === 0) return reject('Empty firmware image');
    if (upload.md5.digest('hex') !== md5) return reject('MD5 mismatch');

    let image = uploadPath;
    const gzipped = upload.head[0] === 0x1f && upload.head[1] === 0x8b;
    if (gzipped) {
      const inflated = new Inspector(FIRMWARE_MAX_INFLATED_BYTES);
      try {
        await pipeline(
          createReadStream(uploadPath),
          createGunzip(),
          inflated,
          createWriteStream(inflatedPath),
        );
      } catch (error) {
        return reject(error instanceof UploadError ? 'Image too large' : 'Broken .bin.gz archive');
      }
      if (!isEspImageHeader(inflated.head)) return reject('Not an ESP32 firmware image (inside the .gz)');
      image = inflatedPath;
    } else if (!isEspImageHeader(upload.head)) {
      return reject('Not an ESP32 firmware image');
    }

    // Stage atomically: a crash leaves the previous staged image or the new one, never half of it.
    await rename(image, stagingPath);
    await fsyncFile(stagingPath);
    await rename(stagingPath, join(dir, STAGED_IMAGE));
    await writeFile(
      join(dir, 'staged.json'),
      JSON.stringify({ md5, uploadedBytes: upload.bytes, gzip: gzipped, stagedAt: new Date().toISOString() }),
    );
    await syncDirectory(dir);
    return { ok: true };
  }

  app.post(
    '/api/firmware/update',
    {
      config: {
        auth: 'admin',
        summary: 'Upload a firmware image (.bin or .bin.gz): MD5 and header checked, staged, then restart',
        produces: 'text/plain',
        upload: {
          parts: [
            { name: 'MD5', file: false, description: 'MD5 of the file, 32 hex digits; must come first' },
            { name: 'firmware', file: true, description: 'The ESP32 application image, raw or gzip' },
          ],
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) return uploadAnswer(reply, 400, 'Expected a multipart/form-data upload');
      // Temp files are gone before the answer goes out: whoever sees the answer sees the final state.
      const result = await receiveAndStage(request).finally(() =>
        Promise.all([uploadPath, inflatedPath, stagingPath].map((path) => rm(path, { force: true }))),
      );
      if (!result.ok) {
        request.log.warn({ reason: result.reason }, 'Firmware update refused');
        return uploadAnswer(reply, 400, result.reason);
      }
      request.log.info('Firmware image staged; restarting');
      ctx.requestReboot('firmware update');
      return uploadAnswer(reply, 200, 'OK');
    },
  );
};
