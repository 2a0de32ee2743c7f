import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isEspImageHeader } from '../../src/release/esp-image';
import { packRelease, REQUIRED_FILES } from '../../src/release/format';
import { readReleaseState } from '../../src/release/state';
import { FIRMWARE_MAX_BYTES, firmwareFileName } from '../../src/release/upload';
import { basicAuth, testGateway } from '../helpers/gateway';
import { multipart, type Part } from '../helpers/multipart';

const admin = { authorization: basicAuth() };
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** A plausible ESP32 application image: magic 0xE9, 3 segments, then anything. */
function espImage(size = 64 * 1024): Buffer {
  const image = randomBytes(size);
  image[0] = 0xe9;
  image[1] = 3;
  return image;
}

/** A small but complete release container (uncompressed). */
function releaseContainer(version = '0.9.0'): Buffer {
  const files = REQUIRED_FILES.map((path) => ({ path, data: Buffer.from(`content of ${path}`) }));
  files.push({ path: 'release.json', data: Buffer.from(JSON.stringify({ version, gitHash: 'gabc1234' })) });
  return packRelease(
    { name: 'dtu-console', version, gitHash: 'gabc1234', createdAt: '2026-01-01T00:00:00Z' },
    files,
  );
}

describe('POST /api/firmware/update', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeEach(async () => {
    env = await testGateway({}, { rebootDelayMs: 60_000 });
  });
  afterEach(() => env.cleanup());

  const releasesDir = () => join(env.dataDir, 'releases');
  const installed = (version: string) =>
    readFile(join(releasesDir(), `dtu-console-${version}`, 'packages/gateway/src/main.ts'), 'utf8');
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
    const entries = await readdir(releasesDir()).catch(() => [] as string[]);
    // No release, no temp file or half-unpacked folder left behind, nothing pending.
    expect(entries.filter((name) => name !== 'state.json')).toEqual([]);
    expect(readReleaseState(env.dataDir).pending).toBeNull();
    expect(await rebootPending()).toBe(false);
  }

  it('installs a release whose MD5 and checksums are right, marks it pending, answers OK and restarts', async () => {
    const release = gzipSync(releaseContainer('0.9.0'));
    const response = await upload(release, md5(release), 'dtu-console-0.9.0.bin.gz');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('OK');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers.connection).toBe('close');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(await installed('0.9.0')).toBe('content of packages/gateway/src/main.ts');
    expect(readReleaseState(env.dataDir)).toEqual({
      current: null,
      previous: null,
      pending: 'dtu-console-0.9.0',
    });
    expect((await readdir(releasesDir())).sort()).toEqual(['dtu-console-0.9.0', 'state.json']);
    expect(await rebootPending()).toBe(true);
  });

  it('accepts an uncompressed .bin release too', async () => {
    const release = releaseContainer('0.9.1');
    expect((await upload(release)).body).toBe('OK');
    expect(await installed('0.9.1')).toContain('content of');
  });

  it('tells that an ESP32 image does not belong here, raw or gzipped, and installs nothing', async () => {
    const image = espImage();
    const raw = await upload(image);
    expect(raw.statusCode).toBe(500);
    expect(raw.body).toMatch(/^This is an ESP32 firmware image/);
    const gz = gzipSync(image);
    const zipped = await upload(gz, md5(gz), 'firmware.bin.gz');
    expect(zipped.body).toMatch(/^This is an ESP32 firmware image/);
    await expectNothingStaged();
  });

  it('rejects a release with a damaged file or a foreign manifest, and installs nothing', async () => {
    const container = releaseContainer();
    const damaged = Buffer.from(container);
    const at = damaged.length - 3;
    damaged.writeUInt8(damaged.readUInt8(at) ^ 0xff, at);
    const first = await upload(gzipSync(damaged));
    expect(first.statusCode).toBe(500);
    expect(first.body).toMatch(/^Checksum mismatch: /);
    const foreign = packRelease({ name: 'other', version: '1.0.0', gitHash: 'x', createdAt: '' }, []);
    expect((await upload(foreign)).body).toMatch(/^Not a dtu-console release/);
    const cut = container.subarray(0, container.length - 10);
    expect((await upload(cut)).body).toMatch(/cut short|Checksum mismatch/);
    await expectNothingStaged();
  });

  it('rejects a wrong MD5 and stages nothing', async () => {
    const image = espImage();
    const response = await upload(image, md5(Buffer.from('something else')));
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('MD5 mismatch');
    await expectNothingStaged();
  });

  it('rejects a file that is no release, or a .bin.gz that is no gzip at all', async () => {
    const notAnImage = randomBytes(4096);
    notAnImage[0] = 0x7f; // ELF, say
    const response = await upload(notAnImage);
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('Not a dtu-console release');
    const inside = gzipSync(Buffer.from('just some text, not a release at all'));
    expect((await upload(inside)).body).toBe('Not a dtu-console release');
    const broken = Buffer.concat([Buffer.from([0x1f, 0x8b, 0x08, 0x00]), randomBytes(200)]);
    const second = await upload(broken);
    expect(second.statusCode).toBe(500);
    expect(second.body).toBe('Broken .bin.gz archive');
    await expectNothingStaged();
  });

  it('needs the MD5 field first, and well formed', async () => {
    const image = espImage(1024);
    const late = await send([
      { name: 'firmware', filename: 'firmware', content: image },
      { name: 'MD5', content: md5(image) },
    ]);
    expect(late.statusCode).toBe(500);
    expect(late.body).toBe('MD5 parameter missing');
    const malformed = await upload(image, 'not-a-hash');
    expect(malformed.statusCode).toBe(500);
    expect(malformed.body).toBe('MD5 parameter invalid');
    const onlyHash = await send([{ name: 'MD5', content: md5(image) }]);
    expect(onlyHash.statusCode).toBe(500);
    const notMultipart = await env.gateway.http.inject({
      method: 'POST',
      url: '/api/firmware/update',
      payload: image,
      headers: { ...admin, 'content-type': 'application/octet-stream' },
    });
    expect(notMultipart.statusCode).toBe(400);
    await expectNothingStaged();
  });

  it('takes only release file names, and nothing after the image', async () => {
    const good = releaseContainer('0.9.1');
    for (const name of ['photo.jpg', 'config.json', 'dtu-console-0.9.1.zip', 'firmware.bin.tar']) {
      const answer = await upload(good, md5(good), name);
      expect(answer.statusCode, name).toBe(500);
      expect(answer.body).toBe('Not a firmware file: the name must end in .bin or .bin.gz');
    }
    const fieldAfter = await send([
      { name: 'MD5', content: md5(good) },
      { name: 'firmware', filename: 'dtu-console-0.9.1.bin', content: good },
      { name: 'MD5', content: md5(good) },
    ]);
    expect(fieldAfter.statusCode).toBe(500);
    expect(fieldAfter.body).toBe('Unexpected part after the firmware image');
    const secondImage = await send([
      { name: 'MD5', content: md5(good) },
      { name: 'firmware', filename: 'dtu-console-0.9.1.bin', content: good },
      { name: 'firmware', filename: 'dtu-console-0.9.1.bin', content: good },
    ]);
    expect(secondImage.statusCode).toBe(500);
    expect(secondImage.body).toBe('Unexpected part after the firmware image');
    await expectNothingStaged();
    // OpenDTU's web app names every upload "firmware"; a release's own names pass in any case.
    for (const name of ['DTU-CONSOLE-0.9.1.BIN.GZ', 'firmware']) {
      expect(firmwareFileName(name), name).toBe(true);
    }
    expect((await upload(gzipSync(good), undefined, 'dtu-console-0.9.1.bin.gz')).body).toBe('OK');
  });

  it('says why when the disk refuses the release, and restarts for nothing', async () => {
    // A file where the releases folder belongs: what a full or read-only disk looks like to the install.
    await writeFile(releasesDir(), 'not a folder');
    const good = releaseContainer('0.9.2');
    const answer = await upload(good, md5(good), 'dtu-console-0.9.2.bin');
    expect(answer.statusCode).toBe(500);
    expect(answer.body).toMatch(/^Could not install the release: E[A-Z]+: /);
    expect(await rebootPending()).toBe(false);
  });

  it('keeps a previously installed release when a later upload is rejected', async () => {
    const good = releaseContainer('0.9.0');
    expect((await upload(good)).body).toBe('OK');
    // The next upload reaches the restarted gateway.
    const next = await testGateway({ dataDir: env.dataDir });
    try {
      const bad = releaseContainer('0.9.2');
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
      expect(await installed('0.9.0')).toContain('content of');
      expect(readReleaseState(env.dataDir).pending).toBe('dtu-console-0.9.0');
    } finally {
      await next.gateway.stop();
    }
  });

  it('refuses an image over the size limit', async () => {
    const huge = Buffer.alloc(FIRMWARE_MAX_BYTES + 1024);
    huge[0] = 0xe9;
    huge[1] = 1;
    const response = await upload(huge);
    expect(response.statusCode).toBe(500);
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
