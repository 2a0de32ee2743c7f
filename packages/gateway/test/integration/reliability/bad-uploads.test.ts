/**
 * Firmware and restore uploads wrong in every way: each is refused with a plain-text reason, nothing on
 * disk changes (every file under the data directory compared before and after) and no restart follows.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packRelease, REQUIRED_FILES } from '../../../src/release/format';
import { FIRMWARE_MAX_BYTES } from '../../../src/release/upload';
import { RESTORE_MAX_BYTES } from '../../../src/routes/config-files';
import { consoleHeaders } from '../../helpers/api';
import { BROKEN_MULTIPART } from '../../helpers/broken-multipart';
import { testGateway } from '../../helpers/gateway';
import { multipart, type Part } from '../../helpers/multipart';
import { diskSnapshot } from './disk-snapshot';

const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');

function release(version = '9.9.9'): Buffer {
  const files = REQUIRED_FILES.map((path) => ({
    path,
    data: Buffer.from(`content of ${path}\n`.repeat(50)),
  }));
  files.push({ path: 'release.json', data: Buffer.from(JSON.stringify({ version, gitHash: 'gabc1234' })) });
  return packRelease(
    { name: 'dtu-console', version, gitHash: 'gabc1234', createdAt: '2026-01-01T00:00:00Z' },
    files,
  );
}

/** The bytes with one of them changed. */
function flipped(data: Buffer, at: number): Buffer {
  const copy = Buffer.from(data);
  copy[at] = (copy[at] ?? 0) ^ 0xff;
  return copy;
}

type Body = { payload: Buffer | string; headers: Record<string, string> };
const withMd5 = (file: Buffer, hash = md5(file), filename = 'dtu-console-9.9.9.bin.gz'): Body =>
  multipart([
    { name: 'MD5', content: hash },
    { name: 'firmware', filename, content: file },
  ]);
const parts = (list: Part[]): Body => multipart(list);
const raw = (contentType: string, payload: string | Buffer): Body => ({
  payload,
  headers: { 'content-type': contentType },
});

function firmwareCases(): [string, Body][] {
  const good = release();
  const gz = gzipSync(good);
  const cases: [string, Body][] = [
    ['an empty file', withMd5(Buffer.alloc(0))],
    ['a truncated release', withMd5(good.subarray(0, good.length - 100))],
    ['a release cut after its header', withMd5(good.subarray(0, 20))],
    ['a truncated .bin.gz', withMd5(gz.subarray(0, Math.floor(gz.length / 2)))],
    ['a wrong magic', withMd5(flipped(good, 0))],
    ['a gzip of a wrong magic', withMd5(gzipSync(flipped(good, 2)))],
    ['a wrong file checksum', withMd5(flipped(good, good.length - 10))],
    ['a damaged manifest', withMd5(flipped(good, 14))],
    ['trailing bytes', withMd5(Buffer.concat([good, Buffer.from('x')]))],
    ['a wrong MD5', withMd5(good, md5(Buffer.from('something else')))],
    ['an MD5 that is not hex', withMd5(good, 'z'.repeat(32))],
    ['a short MD5', withMd5(good, md5(good).slice(0, 31))],
    ['no MD5', parts([{ name: 'firmware', filename: 'a.bin', content: good }])],
    [
      'the MD5 after the file',
      parts([
        { name: 'firmware', filename: 'a.bin', content: good },
        { name: 'MD5', content: md5(good) },
      ]),
    ],
    [
      'two files',
      parts([
        { name: 'MD5', content: md5(good) },
        { name: 'firmware', filename: 'a.bin', content: flipped(good, 0) },
        { name: 'firmware', filename: 'b.bin', content: good },
      ]),
    ],
    [
      'a good release, then a field',
      parts([
        { name: 'MD5', content: md5(good) },
        { name: 'firmware', filename: 'a.bin', content: good },
        { name: 'note', content: 'late' },
      ]),
    ],
    [
      'a good release twice',
      parts([
        { name: 'MD5', content: md5(good) },
        { name: 'firmware', filename: 'a.bin', content: good },
        { name: 'firmware', filename: 'a.bin', content: good },
      ]),
    ],
    ['a good release named .json', withMd5(good, undefined, 'release.json')],
    ['no file part', parts([{ name: 'MD5', content: md5(good) }])],
    [
      'an ESP32 image named .bin',
      withMd5(Buffer.from([0xe9, 3, ...Buffer.alloc(1000)]), undefined, 'firmware.bin'),
    ],
    ['config.json as firmware', withMd5(Buffer.from('{"cfg":{}}'), undefined, 'config.json')],
    ['a traversal file name with garbage', withMd5(Buffer.from('garbage'), undefined, '../../../etc/passwd')],
    ['a .exe', withMd5(Buffer.from('MZ\x90\x00garbage'), undefined, 'setup.exe')],
    ['an image over the size limit', withMd5(Buffer.alloc(FIRMWARE_MAX_BYTES + 1, 1))],
    ['a gzip bomb', withMd5(gzipSync(Buffer.alloc(33 * 1024 * 1024)))],
    ['a urlencoded form', raw('application/x-www-form-urlencoded', `MD5=${md5(good)}&firmware=x`)],
    ['a JSON body', raw('application/json', '{"firmware":"x"}')],
    ['no body at all', raw('application/octet-stream', '')],
  ];
  const intact = withMd5(good);
  const payload = intact.payload as Buffer;
  cases.push([
    'a body cut off mid-file',
    { payload: payload.subarray(0, payload.length - 200), headers: intact.headers },
  ]);
  for (const [what, contentType, body] of BROKEN_MULTIPART)
    cases.push([`multipart with ${what}`, raw(contentType, body)]);
  return cases;
}

function restoreCases(): [string, string, Body][] {
  const file = (content: string | Buffer, filename = 'config.json'): Body =>
    multipart([{ name: 'config', filename, content, type: 'application/json' }]);
  const cases: [string, string, Body][] = [
    ['an empty file', 'config.json', file('')],
    ['a truncated config', 'config.json', file('{"cfg":{"version":1},"dtu":{"serial":')],
    ['not JSON', 'config.json', file('hello')],
    ['a JSON array', 'config.json', file('[1,2,3]')],
    ['no cfg', 'config.json', file('{"dtu":{}}')],
    ['a wrong type', 'config.json', file('{"cfg":{},"dtu":{"poll_interval":"often"}}')],
    ['5,000 levels of nesting', 'config.json', file(`{"cfg":{},"x":${'['.repeat(5000)}${']'.repeat(5000)}}`)],
    ['binary garbage', 'config.json', file(Buffer.from([0, 1, 2, 0xff, 0xfe, 0x80]))],
    ['a UTF-16 file', 'config.json', file(Buffer.from('{"cfg":{}}', 'utf16le'))],
    ['a file over the limit', 'config.json', file(`{"cfg":{},"pad":"${'x'.repeat(RESTORE_MAX_BYTES)}"}`)],
    ['a pin mapping that is no array', 'pin_mapping.json', file('{"name":"x"}', 'pin_mapping.json')],
    ['a pin mapping without names', 'pin_mapping.json', file('[{"nrf24":{}}]', 'pin_mapping.json')],
    ['a traversal target', '../config.json', file('{"cfg":{}}')],
    ['an absolute target', '/etc/passwd', file('root:x:0:0')],
    ['an encoded traversal target', '..%2F..%2Fetc%2Fpasswd', file('{"cfg":{}}')],
    ['another file', 'config.json.bak', file('{"cfg":{}}')],
    ['a NUL in the target', 'config.json%00.png', file('{"cfg":{}}')],
    ['no target', '', file('{"cfg":{}}')],
    ['a field only', 'config.json', multipart([{ name: 'data', content: '{"cfg":{}}' }])],
    ['a urlencoded form', 'config.json', raw('application/x-www-form-urlencoded', 'config=%7B%7D')],
    ['a JSON body', 'config.json', raw('application/json', '{"cfg":{}}')],
  ];
  for (const [what, contentType, body] of BROKEN_MULTIPART) {
    cases.push([`multipart with ${what}`, 'config.json', raw(contentType, body)]);
  }
  return cases;
}

describe('uploads wrong in every way', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeAll(async () => {
    env = await testGateway({}, { rebootDelayMs: 60_000 });
    // Something to lose: a saved config (and its backup) and a device profile file.
    const headers = { ...consoleHeaders(), 'content-type': 'application/x-www-form-urlencoded' };
    for (const hostname of ['first', 'second']) {
      const config = (
        await env.gateway.http.inject({
          method: 'GET',
          url: '/api/network/config',
          headers: consoleHeaders(),
        })
      ).json();
      const payload = new URLSearchParams({ data: JSON.stringify({ ...config, hostname }) }).toString();
      await env.gateway.http.inject({ method: 'POST', url: '/api/network/config', payload, headers });
    }
    await env.gateway.ctx.config.writePinMapping(Buffer.from('[{"name":"Board A"}]'));
  });
  afterAll(() => env.cleanup());

  const send = (url: string, body: Body) =>
    env.gateway.http.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...consoleHeaders(), ...body.headers },
    });

  async function expectRefusedAndNothingChanged(url: string, body: Body) {
    const before = await diskSnapshot(env.dataDir);
    expect(Object.keys(before)).toContain('config.json');
    const response = await send(url, body);
    expect(response.body).not.toBe('OK');
    expect([400, 500]).toContain(response.statusCode);
    expect(response.body).not.toMatch(/Internal error/);
    // A restore without ?file= gets the specified empty 500; every other refusal names its reason.
    if (!url.endsWith('?file=')) {
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body.length).toBeGreaterThan(0);
    }
    expect(await diskSnapshot(env.dataDir)).toEqual(before);
    const status = await env.gateway.http.inject({
      method: 'GET',
      url: '/api/system/status',
      headers: consoleHeaders(),
    });
    expect(status.statusCode, 'no restart pending').toBe(200);
    return response;
  }

  for (const [what, body] of firmwareCases()) {
    it(`firmware with ${what}`, async () => {
      await expectRefusedAndNothingChanged('/api/firmware/update', body);
    });
  }

  for (const [what, target, body] of restoreCases()) {
    it(`restore with ${what}`, async () => {
      const response = await expectRefusedAndNothingChanged(`/api/file/upload?file=${target}`, body);
      // The restore's refusals are plain-text 500s: the console shows the body of a 500 only.
      if (target !== '') expect(response.statusCode).toBe(500);
    });
  }
});
