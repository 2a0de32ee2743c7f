/**
 * The gateway's answers carry the English `message` of the contract's locale file
 * (contract/src/codes/envelope-messages.en.json), read here as the file: a text kept anywhere else makes the
 * wire differ from it.
 */
import { readFileSync } from 'node:fs';
import { testClockSchema } from '@dtu-console/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postBodies, postData } from '../../src/http/post-data';

const file = new URL('../../../contract/src/codes/envelope-messages.en.json', import.meta.url);
const texts = (JSON.parse(readFileSync(file, 'utf8')) as { apiresponse: Record<string, string> }).apiresponse;

const app = Fastify();

beforeAll(async () => {
  await app.register(postBodies);
  postData(app, '/x', { auth: 'admin', summary: 'x', payload: testClockSchema }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

function post(data: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/x',
    payload: data === undefined ? 'other=1' : new URLSearchParams({ data }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

describe('envelope messages on the wire', () => {
  it('answers the generic failures with their texts from the locale file', async () => {
    expect((await post(undefined)).json()).toEqual({ type: 'warning', message: texts[1002], code: 1002 });
    expect((await post('not json')).json()).toEqual({ type: 'warning', message: texts[1004], code: 1004 });
    expect((await post('{"advance_ms":"1"}')).json()).toEqual({
      type: 'warning',
      message: texts[1005],
      code: 1005,
    });
  });

  it("fills the code's param into its text", async () => {
    const answer = (await post('{"advance_ms":0}')).json();
    expect(answer).toMatchObject({ type: 'warning', code: 31002, param: { min: 1, max: 3_600_000 } });
    expect(texts[31002]).toContain('{{max}}');
    expect(answer.message).toBe(texts[31002]?.replace('{{min}}', '1').replace('{{max}}', '3600000'));
  });
});
