/**
 * Regression: a multipart body the parser cannot read (issue 15) answered 500 "Internal error" on every
 * POST endpoint. It is the client's fault: the `data` endpoints answer 1002 (no values), the firmware
 * upload 400 and the restore its documented plain-text 500, each naming the problem; nothing changes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleHeaders, expectEnvelope } from '../helpers/api';
import { BROKEN_MULTIPART } from '../helpers/broken-multipart';
import { testGateway } from '../helpers/gateway';

describe('a malformed multipart body', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  beforeAll(async () => {
    env = await testGateway({}, { rebootDelayMs: 60_000 });
  });
  afterAll(() => env.cleanup());

  const send = (url: string, contentType: string, body: string) =>
    env.gateway.http.inject({
      method: 'POST',
      url,
      payload: body,
      headers: { ...consoleHeaders(), 'content-type': contentType },
    });
  const configOnDisk = () => readFile(join(env.dataDir, 'config.json'), 'utf8').catch(() => '');

  for (const [what, contentType, body] of BROKEN_MULTIPART) {
    it(`with ${what}: 1002 on a data endpoint, a plain-text refusal on the uploads, nothing changed`, async () => {
      const before = await configOnDisk();
      for (const url of [
        '/api/security/config',
        '/api/ntp/config',
        '/api/network/config',
        '/api/logging/config',
      ]) {
        expectEnvelope(await send(url, contentType, body), 1002);
      }
      const firmware = await send('/api/firmware/update', contentType, body);
      // 400 when the parser gives up, else the upload's own plain-text refusal (a file before its MD5).
      expect(`${firmware.statusCode} ${firmware.body}`).toMatch(
        /^(400 Malformed multipart\/form-data body \(.+\)|500 MD5 parameter missing)$/,
      );
      expect(firmware.headers['content-type']).toMatch(/^text\/plain/);
      const restore = await send('/api/file/upload?file=config.json', contentType, body);
      // The restore's refusals are plain-text 500s (the console shows the body of a 500 only).
      expect(restore.statusCode).toBe(500);
      expect(restore.body).toMatch(/^(Malformed multipart\/form-data body \(.+\)|No file in the upload)$/);
      expect(await configOnDisk()).toBe(before);
      const status = await env.gateway.http.inject({
        method: 'GET',
        url: '/api/system/status',
        headers: consoleHeaders(),
      });
      expect(status.statusCode, 'no restart pending').toBe(200);
    });
  }
});
