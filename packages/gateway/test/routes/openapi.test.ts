import fastifySwagger from '@fastify/swagger';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openapiOptions } from '../../src/routes/openapi';
import { testGateway } from '../helpers/gateway';
import { registeredRoutes } from '../helpers/route-tree';

// biome-ignore lint/suspicious/noExplicitAny: the test walks an untyped JSON document
type Json = Record<string, any>;

describe('GET /api/openapi.json', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  let doc: Json;
  beforeAll(async () => {
    env = await testGateway();
    await env.gateway.ctx.config.patch('security', { allow_readonly: false });
    const response = await env.gateway.http.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    doc = response.json();
  });
  afterAll(() => env.cleanup());

  it('is public OpenAPI 3.1 with Basic auth', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('0.0.0-test');
    // Said once for every "data" form (a raw JSON body gets 1002).
    expect(doc.info.description).toContain('1002');
    expect(doc.components.securitySchemes.basicAuth).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'basic' }),
    );
  });

  it('describes every API route the server has, and nothing else', () => {
    // fastify's own route tree, independent of the plugin's hook the description is built from.
    // The WebSockets (/livedata, /console) are described too.
    const registered = registeredRoutes(env.gateway.http).filter(
      ([path, method]) =>
        (path.startsWith('/api/') || path === '/livedata' || path === '/console') && method !== 'HEAD',
    );
    expect(registered.length).toBeGreaterThan(15);
    for (const [path, method] of registered) {
      const openapiPath = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(doc.paths[openapiPath]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops as Json).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.length).toBe(registered.length);
    expect(described.some((op) => op.startsWith('HEAD'))).toBe(false);
    // Routes of other modules are there without anyone listing them.
    expect(doc.paths['/api/ntp/status']?.get).toBeDefined();
  });

  it('carries each route level', () => {
    const status = doc.paths['/api/system/status'].get;
    expect(status['x-auth-level']).toBe('readonly');
    expect(status.security).toEqual([{}, { basicAuth: [] }]);
    expect(status.responses['401']).toBeDefined();
    const security = doc.paths['/api/security/config'];
    expect(security.get['x-auth-level']).toBe('admin');
    expect(security.post.security).toEqual([{ basicAuth: [] }]);
    const languages = doc.paths['/api/i18n/languages'].get;
    expect(languages['x-auth-level']).toBe('public');
    expect(languages.security).toEqual([]);
    expect(languages.responses['401']).toBeUndefined();
    expect(doc.paths['/api/openapi.json'].get['x-auth-level']).toBe('public');
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops as Json)) {
        expect(['public', 'readonly', 'admin'], `${method} ${path}`).toContain(op['x-auth-level']);
        expect(typeof op.summary).toBe('string');
      }
    }
  });

  it('describes the "data" form with the contract schema', () => {
    const reboot = doc.paths['/api/maintenance/reboot'].post;
    const form = reboot.requestBody.content['application/x-www-form-urlencoded'].schema;
    expect(form.required).toEqual(['data']);
    expect(form.properties.data.contentMediaType).toBe('application/json');
    expect(form.properties.data.contentSchema).toEqual({
      type: 'object',
      properties: { reboot: { type: 'boolean' } },
      required: ['reboot'],
    });
    expect(reboot.requestBody.content['multipart/form-data']).toBeDefined();
    expect(reboot.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Envelope',
    );
    const mqtt = doc.paths['/api/security/config'].post.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(mqtt.properties.data.contentSchema.properties)).toEqual([
      'password',
      'allow_readonly',
      'allowed_origins',
    ]);
  });

  it('describes the versioned history API: query parameters, 400 refusals, the import', () => {
    const power = doc.paths['/api/v2/history/power'].get;
    expect(power['x-auth-level']).toBe('readonly');
    expect(power.tags).toEqual(['history']);
    expect(power.parameters.map((p: Json) => p.name)).toEqual(['date', 'from', 'to', 'step', 'serial']);
    expect(power.parameters[4].schema.type).toBe('array');
    expect(power.responses['400'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Envelope',
    );
    expect(doc.paths['/api/v2/history/energy'].get.parameters[0]).toEqual(
      expect.objectContaining({ name: 'range', required: true }),
    );
    expect(doc.paths['/api/v2/history/status'].get['x-auth-level']).toBe('readonly');
    expect(doc.paths['/api/v2/history/config'].post.requestBody).toBeDefined();
    expect(
      doc.paths['/api/v2/history/export'].get.responses['200'].content['application/gzip'],
    ).toBeDefined();
    const importOp = doc.paths['/api/v2/history/import'].post;
    expect(Object.keys(importOp.requestBody.content['multipart/form-data'].schema.properties)).toEqual([
      'file',
    ]);
    expect(importOp.responses['200'].content['application/json']).toBeDefined();
    expect(importOp.responses['400']).toBeDefined();
  });

  it('describes the uploads as multipart with their parts in order', () => {
    const firmware = doc.paths['/api/firmware/update'].post;
    const schema = firmware.requestBody.content['multipart/form-data'].schema;
    expect(Object.keys(schema.properties)).toEqual(['MD5', 'firmware']);
    expect(firmware.responses['200'].content['text/plain']).toBeDefined();
    expect(doc.paths['/api/file/upload'].post.requestBody.content['multipart/form-data']).toBeDefined();
  });
});

describe('the @fastify/swagger options', () => {
  it('describe routes registered later by any plugin, declared or not, and only the API', async () => {
    const app = Fastify();
    await app.register(fastifySwagger, openapiOptions('1.2.3'));
    await app.register(async (child) => {
      child.get('/api/things/:id', { config: { auth: 'readonly', summary: 'A thing' } }, async () => ({}));
      child.post(
        '/api/things',
        { config: { auth: 'admin', summary: 'Add', payload: z.object({ name: z.string() }) } },
        async () => ({}),
      );
      child.get('/api/undeclared', async () => ({}));
      child.get('/not-api', async () => 'x');
    });
    await app.ready();
    const doc = app.swagger() as Json;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    expect(Object.keys(doc.paths)).toEqual(['/api/things', '/api/things/{id}', '/api/undeclared']);
    const thing = doc.paths['/api/things/{id}'].get;
    expect(thing.summary).toBe('A thing');
    expect(thing.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    expect(thing.responses['401']).toEqual({ description: expect.any(String) });
    expect(doc.paths['/api/undeclared'].get['x-auth-level']).toBe('admin');
    expect(doc.paths['/api/undeclared'].get.summary).toBe('GET /api/undeclared');
    const add = doc.paths['/api/things'].post;
    expect(add.requestBody.required).toBe(true);
    const data = add.requestBody.content['multipart/form-data'].schema.properties.data;
    expect(data.contentSchema.required).toEqual(['name']);
    expect(data.contentSchema.$schema).toBeUndefined();
    await app.close();
  });

  it('give fastify no schema: bodies are not validated, answers not serialized by it', async () => {
    const app = Fastify();
    await app.register(fastifySwagger, openapiOptions('1.2.3'));
    const schemas: unknown[] = [];
    app.addHook('onRoute', (route) => {
      schemas.push(route.schema);
    });
    app.post(
      '/api/things',
      { config: { auth: 'admin', payload: z.object({ name: z.string() }) } },
      async (request) => ({ got: request.body, extra: 1 }),
    );
    app.get('/api/v2/things', { config: { auth: 'readonly', refuses: true } }, async () => ({
      a: 1,
      b: 'x',
    }));
    await app.ready();
    // The document is built, and still the routes run as if there were no plugin.
    expect(app.swagger()).toBeDefined();
    expect(schemas).toEqual([undefined, undefined, undefined]);
    const posted = await app.inject({
      method: 'POST',
      url: '/api/things',
      payload: { name: 42, more: true },
    });
    expect(posted.json()).toEqual({ got: { name: 42, more: true }, extra: 1 });
    const got = await app.inject({ method: 'GET', url: '/api/v2/things' });
    expect(got.body).toBe('{"a":1,"b":"x"}');
    await app.close();
  });
});
