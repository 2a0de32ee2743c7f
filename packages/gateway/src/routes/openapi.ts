/**
 * GET /api/openapi.json: an OpenAPI 3.1 description built from the route registrations themselves (the
 * route catalog), so a route added by any module appears without anyone editing this file. Each operation
 * carries its summary, its auth level (`x-auth-level` and `security`) and, where the route declares a
 * contract zod schema, the JSON schema of its "data" form field.
 */
import { CodeTable } from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../context';
import type { CatalogEntry } from '../http/route-catalog';
import { type AuthLevel, isApiPath } from '../http/route-meta';

type Json = Record<string, unknown>;

const SECURITY: Record<AuthLevel, Json[]> = {
  public: [],
  // Either anonymous (while allow_readonly is on) or the admin.
  readonly: [{}, { basicAuth: [] }],
  admin: [{ basicAuth: [] }],
};

function payloadSchema(schema: z.ZodType): Json {
  try {
    const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
      io: 'input',
      unrepresentable: 'any',
    }) as Json;
    return json;
  } catch {
    return { description: 'See the API documentation (schema not representable)' };
  }
}

function formBody(dataSchema: Json | undefined): Json {
  const data: Json = { type: 'string', contentMediaType: 'application/json', description: 'JSON text' };
  if (dataSchema) data.contentSchema = dataSchema;
  const schema = { type: 'object', required: ['data'], properties: { data } };
  return {
    required: true,
    description: 'A form field "data" holding JSON; a raw JSON body is not read (1002).',
    content: { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } },
  };
}

function operation(entry: CatalogEntry): Json {
  const { config } = entry;
  const level: AuthLevel = config.auth ?? 'admin';
  const op: Json = {
    summary: config.summary ?? `${entry.method} ${entry.url}`,
    tags: [entry.url.split('/')[2] ?? 'other'],
    'x-auth-level': level,
    security: SECURITY[level],
  };
  if (config.description) op.description = config.description;
  const responses: Json = {};
  if (entry.websocket) {
    op['x-websocket'] = true;
    responses['101'] = { description: 'Switching protocols (WebSocket)' };
  } else if (config.payload || (entry.method === 'POST' && !config.upload)) {
    op.requestBody = formBody(config.payload ? payloadSchema(config.payload) : undefined);
    responses['200'] = {
      description: 'An envelope; validation failures are HTTP 200 too',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
    };
  } else if (config.upload) {
    const properties: Json = {};
    for (const part of config.upload.parts) {
      properties[part.name] = part.file
        ? { type: 'string', contentMediaType: 'application/octet-stream', description: part.description }
        : { type: 'string', description: part.description };
    }
    op.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties, required: config.upload.parts.map((part) => part.name) },
        },
      },
    };
    responses['200'] = {
      description: 'OK',
      content: { [config.produces ?? 'text/plain']: { schema: config.produces ? {} : { type: 'string' } } },
    };
  } else {
    responses['200'] = {
      description: 'OK',
      content: { [config.produces ?? 'application/json']: { schema: {} } },
    };
  }
  if (config.query) {
    op.parameters = config.query.map((parameter) => ({
      name: parameter.name,
      in: 'query',
      required: parameter.required ?? false,
      description: parameter.description,
      ...(parameter.repeatable
        ? { schema: { type: 'array', items: { type: 'string' } }, style: 'form', explode: true }
        : { schema: { type: 'string' } }),
    }));
  }
  if (config.refuses) {
    responses['400'] = {
      description: 'Refused: an envelope with the code of the first failing check',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
    };
  }
  if (level !== 'public') {
    responses['401'] = { description: 'Admin credentials missing or wrong (empty body)' };
    responses['429'] = { description: 'Too many failed logins from this address (Retry-After)' };
  }
  op.responses = responses;
  return op;
}

export function buildOpenApi(entries: readonly CatalogEntry[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const entry of entries) {
    if (entry.method === 'HEAD' || (!isApiPath(entry.url) && !entry.websocket)) continue;
    const path = entry.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as Json)[entry.method.toLowerCase()] = operation(entry);
  }
  const codes = Object.keys(CodeTable).map(Number);
  return {
    openapi: '3.1.0',
    info: {
      title: 'dtu-console gateway API',
      version,
      description:
        'OpenDTU-compatible HTTP API of the dtu-console gateway. POST bodies are a form field "data" holding ' +
        'JSON; answers of POST endpoints are envelopes whose code the console translates.',
    },
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: { basicAuth: { type: 'http', scheme: 'basic', description: 'User "admin"' } },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['type', 'message', 'code'],
          properties: {
            type: { enum: ['success', 'warning', 'danger', 'info'] },
            message: { type: 'string' },
            code: { type: 'integer', enum: codes },
            param: {
              type: 'object',
              properties: { min: { type: 'integer' }, max: { type: 'integer' } },
              additionalProperties: false,
            },
          },
        },
      },
    },
  };
}

export const openapiRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  let document: string | undefined;
  app.get(
    '/api/openapi.json',
    { config: { auth: 'public', summary: 'This description (OpenAPI 3.1), generated from the routes' } },
    async (_request, reply) => {
      // Built once: no route is added after the server is ready.
      document ??= JSON.stringify(buildOpenApi(app.routeCatalog.entries, ctx.build.version));
      return reply.type('application/json').send(document);
    },
  );
};
