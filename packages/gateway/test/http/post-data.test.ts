import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { postBodies, postData } from '../../src/http/post-data';

describe('postData', () => {
  it('declares the schema it runs: the one in the route config validates the posted data', async () => {
    const app = Fastify();
    await app.register(postBodies);
    const schema = z.object({ n: z.number() });
    const declared: unknown[] = [];
    app.addHook('onRoute', (route) => {
      declared.push(route.config?.payload);
    });
    postData(app, '/x', { auth: 'admin', summary: 'x', payload: schema }, async (values) => ({
      twice: values.n * 2,
    }));
    await app.ready();
    expect(declared).toEqual([schema]);
    const post = (data: string) =>
      app.inject({
        method: 'POST',
        url: '/x',
        payload: new URLSearchParams({ data }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await post('{"n":21}')).json()).toEqual({ twice: 42 });
    expect((await post('{"n":"21"}')).json()).toMatchObject({ code: 1005 });
    expect((await post('not json')).json()).toMatchObject({ code: 1004 });
    await app.close();
  });
});
