/**
 * GET /api/openapi.json: an OpenAPI 3.1 description that @fastify/swagger builds from the route
 * registrations themselves (its onRoute hook, registered in app.ts before any route module), so a route
 * added by any module appears without anyone editing this file.
 *
 * The routes give fastify no `schema`: the gateway validates with zod itself, and a fastify schema would
 * switch on fastify's own validation and serialization. `describeRoute` (the plugin's `transform`) turns a
 * route's declared meta (route-meta.ts) into the plugin's schema form for the document only. Each operation
 * carries its summary, its auth level (`x-auth-level` and `security`) and, where the route declares a
 * contract zod schema, the JSON schema of its "data" form field.
 */
import { CodeTable } from '@dtu-console/contract';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyContextConfig, FastifyPluginAsync, FastifySchema, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { GatewayContext } from '../context';
import { type AuthLevel, isApiPath } from '../http/route-meta';

type Json = Record<string, unknown>;

const SECURITY: Record<AuthLevel, Json[]> = {
  public: [],
  // Either anonymous (while allow_readonly is on) or the admin.
  readonly: [{}, { basicAuth: [] }],
  admin: [{ basicAuth: [] }],
};

const ENVELOPE = { $ref: '#/components/schemas/Envelope' };
/** A response without a body: the plugin leaves out `content` for `type: 'null'`. */
const bodiless = (description: string): Json => ({ type: 'null', description });

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

/** The "data" form of a POST, in both media types the gateway reads it from. */
function formBody(dataSchema: Json | undefined): Json {
  const data: Json = { type: 'string', contentMediaType: 'application/json', description: 'JSON text' };
  if (dataSchema) data.contentSchema = dataSchema;
  const schema = { type: 'object', required: ['data'], properties: { data } };
  return { content: { 'application/x-www-form-urlencoded': { schema }, 'multipart/form-data': { schema } } };
}

/** The domain of a path: /api/<domain>/… or, for the versioned API, /api/v2/<domain>/…. */
function tagOf(url: string): string {
  const segments = url.split('/');
  return (segments[2] === 'v2' ? segments[3] : segments[2]) ?? 'other';
}

function operation(methods: string[], url: string, config: FastifyContextConfig, websocket: boolean): Json {
  const post = methods.includes('POST');
  const level: AuthLevel = config.auth ?? 'admin';
  const op: Json = {
    summary: config.summary ?? `${methods.join(', ')} ${url}`,
    tags: [tagOf(url)],
    'x-auth-level': level,
    security: SECURITY[level],
  };
  if (config.description) op.description = config.description;
  const responses: Json = {};
  if (websocket) {
    op['x-websocket'] = true;
    responses['101'] = bodiless('Switching protocols (WebSocket)');
  } else if (config.payload || (post && !config.upload)) {
    op.body = formBody(config.payload ? payloadSchema(config.payload) : undefined);
    responses['200'] = {
      description: 'An envelope; validation failures are HTTP 200 too',
      content: { 'application/json': { schema: ENVELOPE } },
    };
  } else if (config.upload) {
    const properties: Json = {};
    for (const part of config.upload.parts) {
      properties[part.name] = part.file
        ? { type: 'string', contentMediaType: 'application/octet-stream', description: part.description }
        : { type: 'string', description: part.description };
    }
    op.body = { type: 'object', properties, required: config.upload.parts.map((part) => part.name) };
    op.consumes = ['multipart/form-data'];
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
    // Query parameters are `style: form, explode: true` by default: a repeated name is an array.
    const properties: Json = {};
    for (const parameter of config.query) {
      properties[parameter.name] = parameter.repeatable
        ? { type: 'array', items: { type: 'string' }, description: parameter.description }
        : { type: 'string', description: parameter.description };
    }
    const required = config.query.filter((parameter) => parameter.required).map((p) => p.name);
    op.querystring = { type: 'object', properties, required };
  }
  if (config.refuses) {
    responses['400'] = {
      description: 'Refused: an envelope with the code of the first failing check',
      content: { 'application/json': { schema: ENVELOPE } },
    };
  }
  if (level !== 'public') {
    responses['401'] = bodiless('Admin credentials missing or wrong (empty body)');
    responses['429'] = bodiless('Too many failed logins from this address (Retry-After)');
  }
  op.response = responses;
  return op;
}

/**
 * The plugin's `transform`: the schema the document shows for one route, made from its declared meta.
 * Only the API paths and the WebSockets are described; HEAD routes the plugin leaves out itself.
 */
export function describeRoute({ url, route }: { url: string; route: RouteOptions }): {
  schema: FastifySchema;
  url: string;
} {
  const websocket = Boolean((route as { websocket?: boolean }).websocket);
  if (!isApiPath(url) && !websocket) return { schema: { hide: true }, url };
  const methods = [route.method].flat().map(String);
  return { schema: operation(methods, url, route.config ?? {}, websocket) as FastifySchema, url };
}

/** Options of @fastify/swagger (dynamic mode) for this gateway; `version` is the build's. */
export function openapiOptions(version: string): FastifyDynamicSwaggerOptions {
  const codes = Object.keys(CodeTable).map(Number);
  return {
    mode: 'dynamic',
    // zod's `const` is valid OpenAPI 3.1: keep it.
    convertConstToEnum: false,
    transform: describeRoute,
    // Paths in a stable order, whichever module registered first.
    transformObject: (document) => {
      const openapi = 'openapiObject' in document ? document.openapiObject : document.swaggerObject;
      const paths = Object.entries(openapi.paths ?? {}).sort(([a], [b]) => a.localeCompare(b));
      return { ...openapi, paths: Object.fromEntries(paths) };
    },
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'dtu-console gateway API',
        version,
        description:
          'OpenDTU-compatible HTTP API of the dtu-console gateway. POST bodies are a form field "data" holding ' +
          'JSON (a raw JSON body is not read: 1002); answers of POST endpoints are envelopes whose code the ' +
          'console translates.',
      },
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
    },
  };
}

export const openapiRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app) => {
  let document: string | undefined;
  app.get(
    '/api/openapi.json',
    { config: { auth: 'public', summary: 'This description (OpenAPI 3.1), generated from the routes' } },
    async (_request, reply) => {
      // Built once (the plugin caches it too): no route is added after the server is ready.
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json').send(document);
    },
  );
};
