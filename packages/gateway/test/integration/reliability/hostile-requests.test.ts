/**
 * A seeded corpus of hostile requests over every route fastify has (so a new endpoint is covered
 * without editing this file): no crash, no 5xx but the uploads' documented plain-text refusals, the
 * configuration unchanged unless a save was accepted, the admin login working afterwards, and no secret
 * in any GET answer or log line.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../../src/app';
import { ADMIN_PASSWORD, basic, consoleHeaders } from '../../helpers/api';
import { testGateway } from '../../helpers/gateway';
import { capturedLogger } from '../../helpers/log-capture';
import { registeredRoutes } from '../../helpers/route-tree';
import { generateCorpus, plausible, type RouteUnderTest } from './hostile-corpus';
import { bySoak, SEED, seededRandom } from './soak';

const SECRETS = {
  admin: 'Adm1n-Secret-Pass',
  wifi: 'Wifi-Secret-0815',
  mqtt: 'Mqtt-Secret-4242',
  tlsKey: '-----BEGIN PRIVATE KEY-----\nTLSKEYSECRETMATERIAL0123456789\n-----END PRIVATE KEY-----\n',
};
const SECRET_TEXTS = [
  SECRETS.admin,
  SECRETS.wifi,
  SECRETS.mqtt,
  'TLSKEYSECRETMATERIAL0123456789',
  Buffer.from(`admin:${SECRETS.admin}`).toString('base64'),
];
const INVERTER = '114172220003';
/** The test gateway has no console build, so its page answers 503 ("console not built") by design. */
const noConsoleBuild = (route: string, status: number) => route === '/' && status === 503;

/** The part of an OpenAPI request body that carries the JSON schema of the `data` field. */
interface OpenApiFormBody {
  content?: Record<
    string,
    {
      schema?: {
        properties?: { data?: { contentSchema?: { properties?: Record<string, Record<string, unknown>> } } };
      };
    }
  >;
}

const readOrNull = (path: string) => readFile(path, 'utf8').catch(() => null);

describe('a hostile-request corpus over every route', () => {
  const capture = capturedLogger('debug');
  let dataDir = '';
  let gateway: Gateway;
  let password = ADMIN_PASSWORD;
  afterAll(async () => {
    await gateway?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    gateway = (await testGateway({ dataDir }, { log: capture.log, rebootDelayMs: 1 })).gateway;
  };
  const inject = (method: 'GET' | 'POST', url: string, payload?: string | Buffer, headers = {}) =>
    gateway.http.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...consoleHeaders(password), ...headers },
    });
  const save = async (url: string, data: unknown) => {
    const response = await inject(
      'POST',
      url,
      new URLSearchParams({ data: JSON.stringify(data) }).toString(),
      {
        'content-type': 'application/x-www-form-urlencoded',
      },
    );
    expect(response.json(), `${url} ${JSON.stringify(data)}`).toMatchObject({ type: 'success' });
  };
  const getJson = async (url: string) => (await inject('GET', url)).json() as Record<string, unknown>;

  /** Every GET (and its ?file= / ?inv= forms) and nothing in it that is secret. */
  async function walkGets(routes: readonly RouteUnderTest[]) {
    for (const route of routes.filter((r) => r.method === 'GET')) {
      for (const query of ['', `?inv=${INVERTER}`, '?file=config.json', '?file=pin_mapping.json']) {
        const response = await inject('GET', `${route.url}${query}`);
        const label = `GET ${route.url}${query}`;
        if (!noConsoleBuild(route.url, response.statusCode))
          expect(response.statusCode, label).toBeLessThan(500);
        for (const secret of SECRET_TEXTS) expect(response.body, label).not.toContain(secret);
      }
    }
  }

  it(
    'answers every request without a crash or an unexpected 5xx, and changes nothing it refuses',
    async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'dtu-corpus-'));
      await start();

      // Secrets to keep: the admin password, the Wi-Fi and MQTT passwords, a TLS key.
      await save('/api/security/config', { password: SECRETS.admin, allow_readonly: true });
      password = SECRETS.admin;
      await save('/api/network/config', {
        ...(await getJson('/api/network/config')),
        password: SECRETS.wifi,
      });
      await save('/api/mqtt/config', {
        ...(await getJson('/api/mqtt/config')),
        mqtt_enabled: false,
        mqtt_password: SECRETS.mqtt,
        mqtt_client_key: SECRETS.tlsKey,
      });

      // Every route fastify has but the WebSockets, each POST with a plausible body from its GET and its
      // OpenAPI schema.
      const openapi = await getJson('/api/openapi.json');
      const paths = openapi.paths as Record<string, Record<string, Record<string, unknown>>>;
      const routes: RouteUnderTest[] = [];
      const catalog = registeredRoutes(gateway.http)
        .map(([url, method]) => ({ url, method, operation: paths[url]?.[method.toLowerCase()] }))
        .filter(
          (entry) => !entry.operation?.['x-websocket'] && (entry.method === 'GET' || entry.method === 'POST'),
        );
      for (const entry of catalog) {
        const content = (entry.operation?.requestBody as OpenApiFormBody | undefined)?.content;
        const route: RouteUnderTest = {
          method: entry.method as 'GET' | 'POST',
          url: entry.url,
          // An upload is multipart only; a "data" form is read urlencoded too.
          upload: Boolean(content?.['multipart/form-data'] && !content['application/x-www-form-urlencoded']),
        };
        if (route.method === 'POST' && !route.upload) {
          const base: Record<string, unknown> = {};
          if (catalog.some((other) => other.method === 'GET' && other.url === entry.url)) {
            const answer = await inject('GET', entry.url);
            if (answer.statusCode === 200 && answer.body.startsWith('{')) Object.assign(base, answer.json());
          }
          const body = paths[entry.url]?.post?.requestBody as OpenApiFormBody | undefined;
          const schema =
            body?.content?.['application/x-www-form-urlencoded']?.schema?.properties?.data?.contentSchema;
          for (const [key, property] of Object.entries(schema?.properties ?? {})) {
            if (!(key in base)) base[key] = plausible(property);
          }
          route.base = base;
        }
        routes.push(route);
      }
      expect(routes.filter((route) => route.method === 'POST').length).toBeGreaterThan(20);
      await walkGets(routes);

      const corpus = generateCorpus(routes, bySoak(400, 5000), seededRandom(SEED));
      let restarts = 0;
      let accepted = 0;
      let crossOriginRefused = 0;
      const configPath = join(dataDir, 'config.json');
      const pinPath = join(dataDir, 'pin_mapping.json');
      for (const [index, request] of corpus.entries()) {
        const label = `#${index} ${request.method} ${request.url.slice(0, 120)} ${request.what}`;
        const before = [
          await readOrNull(configPath),
          await readOrNull(pinPath),
          gateway.ctx.config.serializeForBackup(),
        ];
        let response: LightMyRequestResponse;
        try {
          response = await inject(request.method, request.url, request.payload, request.headers);
        } catch (error) {
          throw new Error(`${label}: ${String(error)}`);
        }
        const { statusCode, body } = response;
        const plainText = String(response.headers['content-type'] ?? '').startsWith('text/plain');
        const route = routes.find((r) => r.url === request.route && r.method === request.method);
        // The uploads refuse with a plain-text 500 naming the reason (the restore without ?file= with an
        // empty one): what the console shows. Nothing else may answer 5xx.
        const documented500 =
          route?.upload && statusCode === 500 && ((plainText && !/Internal error/.test(body)) || body === '');
        if (!documented500 && !noConsoleBuild(request.route, statusCode))
          expect(statusCode, `${label}: ${body.slice(0, 200)}`).toBeLessThan(500);
        expect(statusCode, label).not.toBe(401);
        if (request.crossOrigin) {
          expect(statusCode, `${label}: another site's page`).toBe(403);
          crossOriginRefused++;
        }
        if (String(response.headers['content-type'] ?? '').startsWith('application/json')) {
          expect(() => JSON.parse(body), label).not.toThrow();
        }

        const succeeded =
          (statusCode === 200 && body.startsWith('{') && JSON.parse(body).type === 'success') ||
          (route?.upload && statusCode === 200 && body === 'OK');
        if (request.method === 'POST' && succeeded) accepted++;
        const after = [
          await readOrNull(configPath),
          await readOrNull(pinPath),
          gateway.ctx.config.serializeForBackup(),
        ];
        if (!succeeded) expect(after, `${label}: refused, yet the configuration changed`).toEqual(before);
        const posted = (request.data as { password?: unknown } | undefined)?.password;
        if (succeeded && request.route === '/api/security/config' && typeof posted === 'string') {
          // The mask keeps the stored password.
          if (posted !== '********') password = posted;
        }

        // An accepted reboot, factory reset or profile change restarts: start again on the same files.
        const status = await inject('GET', '/api/system/status');
        if (status.statusCode === 503) {
          await gateway.rebootRequested;
          await gateway.stop();
          // Without config.json (a factory reset, a deleted file) the next start has the first-start password.
          if ((await readOrNull(configPath)) === null) password = ADMIN_PASSWORD;
          await start();
          restarts++;
        } else {
          expect(status.statusCode, `${label}: the gateway is still up`).toBe(200);
        }
      }

      // The admin can still sign in, with the password last saved.
      const login = await gateway.http.inject({
        method: 'GET',
        url: '/api/security/authenticate',
        headers: { authorization: basic(password), 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(login.statusCode).toBe(200);
      await walkGets(routes);
      // No log line carries a secret, whatever the corpus made the gateway log.
      const log = capture.text();
      expect(log.length).toBeGreaterThan(0);
      for (const secret of SECRET_TEXTS) expect(log).not.toContain(secret);
      // The corpus really exercised both sides: accepted saves and restarts happened.
      expect(accepted).toBeGreaterThan(0);
      expect(crossOriginRefused).toBeGreaterThan(10);
      console.info(`hostile corpus: ${corpus.length} requests, ${accepted} accepted, ${restarts} restarts`);
    },
    bySoak(120_000, 1_800_000),
  );
});
