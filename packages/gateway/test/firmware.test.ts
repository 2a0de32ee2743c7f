import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIRMWARE_MAX_BYTES, isEspImageHeader } from '../src/routes/firmware';
import { basicAuth, testGateway } from './helpers/gateway';
import { multipart, type Part } from './helpers/multipart';

const admin = { authorization: basicAuth() };
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** A plausible ESP32 application image: magic 0xE9, 3 segments, then anything. */
function espImage(size = 64 * 1024): Buffer {
  const image = randomBytes(size);
  image[0] = 0xe9;
  image[1] = 3;
  return image;
}

describe('POST /api/firmware/update', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeEach(async () => {
    env = await testGateway({}, { rebootDelayMs: 60_000 });
  });
  afterEach(() => env.cleanup());

  const firmwareDir = () => join(env.dataDir, 'firmware');
  const staged = () => readFile(join(firmwareDir(), 'staged.bin'));
  const send = (parts: Part[], headers: Record<string, string> = admin) => {
    const body = multipart(parts);
    return env.gateway.http.inject({
      method: 'POST',
      url: '/api/firmware/update',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const upload = (file: Buffer, hash = md5(file), filename = 'firmware') =>
    send([
      { name: 'MD5', content: hash },
      { name: 'firmware', filename, content: file },
    ]);
  const rebootPending = async () =>
    (await env.gateway.http.inject({ method: 'GET', url: '/api/system/status', headers: admin }))
      .statusCode === 503;

  async function expectNothingStaged() {
    await expect(stat(join(firmwareDir(), 'staged.bin'))).rejects.toThrow();
    // No temp file left behind either.
    expect((await readdir(firmwareDir()).catch(() => [])).filter((name) => name.endsWith('.tmp'))).toEqual(
      [],
    );
    expect(await rebootPending()).toBe(false);
  }

  it('stages a raw image whose MD5 and header are right, answers OK and restarts', async () => {
    const image = espImage();
    const response = await upload(image);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers.connection).toBe('close');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect((await staged()).equals(image)).toBe(true);
    const meta = JSON.parse(await readFile(join(firmwareDir(), 'staged.json'), 'utf8'));
    expect(meta).toMatchObject({ md5: md5(image), uploadedBytes: image.length, gzip: false });
    expect(await rebootPending()).toBe(true);
  });

  it('accepts .bin.gz: the MD5 is of the upload, the header is checked inside, the image is staged inflated', async () => {
    const image = espImage();
    const gz = gzipSync(image);
    const response = await upload(gz, md5(gz), 'firmware.bin.gz');
    expect(response.body).toBe('OK');
    expect((await staged()).equals(image)).toBe(true);
  });

  it('rejects a wrong MD5 and stages nothing', async () => {
    const image = espImage();
    const response = await upload(image, md5(Buffer.from('something else')));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('MD5 mismatch');
    await expectNothingStaged();
  });

  it('rejects an image without the ESP32 header and stages nothing', async () => {
    const notAnImage = randomBytes(4096);
    notAnImage[0] = 0x7f; // ELF, say
    const response = await upload(notAnImage);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Not an ESP32 firmware image');
    await expectNothingStaged();
  });

  it('rejects a .bin.gz whose content is no image, or that is no gzip at all', async () => {
    const inside = gzipSync(Buffer.from('just some text, not firmware at all'));
    const response = await upload(inside);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Not an ESP32 firmware image (inside the .gz)');
    const broken = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), randomBytes(200)]);
    const second = await upload(broken);
    expect(second.statusCode).toBe(400);
    expect(second.body).toBe('Broken .bin.gz archive');
    await expectNothingStaged();
  });

  it('needs the MD5 field first, and well formed', async () => {
    const image = espImage(1024);
    const late = await send([
      { name: 'firmware', filename: 'firmware', content: image },
      { name: 'MD5', content: md5(image) },
    ]);
    expect(late.statusCode).toBe(400);
    expect(late.body).toBe('MD5 parameter missing');
    const malformed = await upload(image, 'not-a-hash');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toBe('MD5 parameter invalid');
    const onlyHash = await send([{ name: 'MD5', content: md5(image) }]);
    expect(onlyHash.statusCode).toBe(400);
    const notMultipart = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/firmware/update',
      payload: image,
      headers: { ...admin, 'content-type': 'application/octet-stream' },
    });
    expect(notMultipart.statusCode).toBe(400);
    await expectNothingStaged();
  });

  it('keeps a previously staged image when a later upload is rejected', async () => {
    const good = espImage();
    expect((await upload(good)).body).toBe('OK');
    // The next upload reaches the restarted gateway.
    const next = await testGateway({ dataDir: env.dataDir });
    try {
      const bad = espImage();
      const body = multipart([
        { name: 'MD5', content: md5(good) },
        { name: 'firmware', filename: 'firmware', content: bad },
      ]);
      const response = await next.gateway.http.inject({
        method: 'POST',
        url: '/api/firmware/update',
        payload: body.payload,
        headers: { ...body.headers, ...admin },
      });
      expect(response.body).toBe('MD5 mismatch');
      expect((await staged()).equals(good)).toBe(true);
    } finally {
      await next.gateway.stop();
    }
  });

  it('refuses an image over the size limit', async () => {
    const huge = Buffer.alloc(FIRMWARE_MAX_BYTES + 1024);
    huge[0] = 0xe9;
    huge[1] = 1;
    const response = await upload(huge);
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe('Image too large');
    await expectNothingStaged();
  });

  it('is admin only', async () => {
    const image = espImage(1024);
    const body = multipart([
      { name: 'MD5', content: md5(image) },
      { name: 'firmware', filename: 'firmware', content: image },
    ]);
    const response = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/firmware/update',
      payload: body.payload,
      headers: { ...body.headers, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.statusCode).toBe(401);
    await expectNothingStaged();
  });

  it('knows an ESP32 image header', () => {
    expect(isEspImageHeader(espImage(24))).toBe(true);
    expect(isEspImageHeader(espImage(23))).toBe(false);
    const zeroSegments = espImage(64);
    zeroSegments[1] = 0;
    expect(isEspImageHeader(zeroSegments)).toBe(false);
  });
});
