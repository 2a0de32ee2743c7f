/**
 * The generator of hostile requests: for every route of the catalog, bodies and query strings built from
 * a seed. POST bodies start from what the endpoint expects (its GET answer and the JSON schema the
 * OpenAPI description gives for its `data`) and break it: wrong types, huge numbers, NaN, long and
 * unicode strings, path traversal, bad JSON, every encoding and broken ones, oversized bodies.
 */
import { BROKEN_MULTIPART } from '../../helpers/broken-multipart';
import { multipart } from '../../helpers/multipart';
import type { SeededRandom } from './soak';

export interface HostileRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Which route of the catalog this targets (its registered URL). */
  route: string;
  what: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** The JSON carried in `data`, when the body is a well-formed form with one. */
  data?: unknown;
  /** Sent as another site's page in the owner's browser would: it must be refused with 403. */
  crossOrigin?: true;
}

/** How another site's page shows itself (docs/security.md): its Origin, or only Sec-Fetch-Site. */
const FOREIGN_PAGES: readonly Record<string, string>[] = [
  { origin: 'http://evil.example' },
  { origin: 'null' },
  { origin: 'http://localhost:1' },
  { origin: 'https://localhost', 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
];

export interface RouteUnderTest {
  method: 'GET' | 'POST';
  url: string;
  upload: boolean;
  /** A plausible body: the endpoint's GET answer and the properties of its OpenAPI data schema. */
  base?: Record<string, unknown>;
}

const TRAVERSALS = [
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd',
  '....//....//etc/passwd',
  '..\\..\\windows\\win.ini',
  'config.json/../../../etc/passwd',
  'config.json%00.txt',
  '/proc/self/environ',
  '../config.json.bak',
];

const STRINGS = [
  '',
  ' ',
  'x'.repeat(300),
  'y'.repeat(10_000),
  '💥🔥'.repeat(200),
  'ä€𝄞\u202e\u200b',
  '\u0000',
  '\ud800',
  '<script>alert(1)</script>',
  "'; DROP TABLE inverters; --",
  '%s%s%n%x',
  '\u0024{jndi:ldap://127.0.0.1/x}',
  'line\r\nInjected: header',
  'NaN',
  'Infinity',
  '-1',
  '4294967296',
  '0x7fffffff',
  'true',
  'null',
  '116180216880',
  '********',
  ...TRAVERSALS,
];

const NUMBERS = [
  0,
  -1,
  1.5,
  -0.000001,
  255,
  256,
  65535,
  65536,
  2 ** 31,
  4294967295,
  4294967296,
  2 ** 53 + 2,
  -(2 ** 53),
  1e308,
  -1e308,
  5e-324,
];

function deep(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

export function hostileValue(random: SeededRandom): unknown {
  switch (random.int(7)) {
    case 0:
    case 1:
      return random.pick(STRINGS);
    case 2:
    case 3:
      return random.pick(NUMBERS);
    case 4:
      return random.pick([null, true, false, [], {}, [1, 'a', null], { a: { b: [] } }]);
    case 5:
      return deep(random.pick([50, 500]));
    default:
      return Array.from({ length: random.pick([3, 300]) }, () => random.pick(NUMBERS));
  }
}

/** A plausible value of a JSON-schema property, to build a base body for endpoints without a GET. */
export function plausible(schema: Record<string, unknown>): unknown {
  const type = schema.type ?? (schema.anyOf as Record<string, unknown>[] | undefined)?.[0]?.type;
  if (type === 'string') return '114172220003';
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 1;
}

/** Replaces the value at a random path of a copy of `base`, or removes a key, or adds one. */
function mutate(base: unknown, random: SeededRandom): unknown {
  if (typeof base !== 'object' || base === null) return hostileValue(random);
  const copy = structuredClone(base) as Record<string, unknown>;
  const keys = Object.keys(copy);
  if (keys.length === 0 || random.chance(0.1)) {
    // defineProperty: "__proto__" becomes an own key that JSON.stringify writes, as a hostile client would.
    Object.defineProperty(copy, random.pick(['extra', '__proto__', 'constructor', 'x'.repeat(500)]), {
      value: hostileValue(random),
      enumerable: true,
      writable: true,
      configurable: true,
    });
    return copy;
  }
  const key = random.pick(keys);
  if (random.chance(0.15)) {
    // A key left out: the lenient reading of the rest must not turn it into something saved.
    delete copy[key];
    return copy;
  }
  const child = copy[key];
  copy[key] =
    typeof child === 'object' && child !== null && random.chance(0.5)
      ? mutate(child, random)
      : hostileValue(random);
  return copy;
}

function dataJson(route: RouteUnderTest, random: SeededRandom): unknown {
  const roll = random.next();
  if (roll < 0.1) return hostileValue(random);
  let body: unknown = route.base ?? {};
  const mutations = 1 + random.int(3);
  for (let i = 0; i < mutations; i++) body = mutate(body, random);
  return body;
}

const BAD_JSON = [
  '{',
  '{"a":1,}',
  "{'password':'x'}",
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":-Infinity}',
  '{"a":undefined}',
  '[1,2',
  '"unterminated',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":01}',
  '{"a":1e99999}',
  `${'['.repeat(100_000)}`,
  `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
];

const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };

/** One request against a POST route that reads `data` (or any POST route: the body is what varies). */
function postRequest(route: RouteUnderTest, random: SeededRandom): HostileRequest {
  const url = route.url;
  const request = (
    what: string,
    payload: string | Buffer,
    headers: Record<string, string>,
    data?: unknown,
  ) => ({
    method: 'POST' as const,
    url,
    route: route.url,
    what,
    payload,
    headers,
    ...(data === undefined ? {} : { data }),
  });
  const kind = random.int(20);
  if (kind < 9) {
    const data = dataJson(route, random);
    const text = JSON.stringify(data) ?? 'null';
    return request(
      `data=${text.slice(0, 80)}`,
      new URLSearchParams({ data: text }).toString(),
      formHeaders,
      data,
    );
  }
  if (kind < 11) {
    const data = dataJson(route, random);
    const text = JSON.stringify(data) ?? 'null';
    const body = multipart([{ name: 'data', content: text }]);
    return request(`multipart data=${text.slice(0, 80)}`, body.payload, body.headers, data);
  }
  if (kind < 13) {
    const text = random.pick(BAD_JSON);
    return request(
      `bad JSON ${text.slice(0, 40)}`,
      new URLSearchParams({ data: text }).toString(),
      formHeaders,
    );
  }
  if (kind === 13) {
    const [what, contentType, body] = random.pick(BROKEN_MULTIPART);
    return request(`broken multipart: ${what}`, body, { 'content-type': contentType });
  }
  if (kind === 14) {
    return request('raw JSON body', JSON.stringify(route.base ?? {}), { 'content-type': 'application/json' });
  }
  if (kind === 15) {
    const size = random.pick([70_000, 140_000, 600_000]);
    return request(`oversized data field of ${size} bytes`, `data=${'z'.repeat(size)}`, formHeaders);
  }
  if (kind === 16) {
    const body = multipart([{ name: 'data', content: JSON.stringify({ pad: 'p'.repeat(70_000) }) }]);
    return request('oversized multipart field', body.payload, body.headers);
  }
  if (kind === 17) {
    return request('no data field', 'other=1&data2=%7B%7D', formHeaders);
  }
  if (kind === 18) {
    return request(
      'repeated data fields',
      `data=${encodeURIComponent('{}')}&data=${encodeURIComponent('[]')}`,
      formHeaders,
    );
  }
  const contentType = random.pick([
    'text/xml',
    'application/octet-stream',
    'multipart/mixed',
    '',
    'foo/bar; charset=x',
  ]);
  return request(
    `content-type "${contentType}"`,
    '<a>1</a>',
    contentType ? { 'content-type': contentType } : {},
  );
}

/** encodeURIComponent, except that a lone surrogate becomes the invalid UTF-8 bytes it would be. */
function encodeHostile(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80%FF';
  }
}

const QUERY_NAMES = ['inv', 'file', 'locale', 'code', 'serial', 'id', 'lang', 'auth', 'x'];

/** A query string of one to three hostile parameters; `?file=` gets path traversal most of the time. */
function hostileQuery(random: SeededRandom): string {
  const params: string[] = [];
  const count = 1 + random.int(3);
  for (let i = 0; i < count; i++) {
    const name = random.pick(QUERY_NAMES);
    const value =
      name === 'file' && random.chance(0.7)
        ? random.pick(TRAVERSALS)
        : String(hostileValue(random)).slice(0, 20_000);
    // Sometimes raw (already "encoded" traversal stays as it is), mostly encoded.
    params.push(`${name}=${random.chance(0.2) ? value.replace(/[^\x21-\x7e]/g, '') : encodeHostile(value)}`);
  }
  if (random.chance(0.1)) params.push(params[0] ?? 'inv=1');
  return params.join('&');
}

export function generateCorpus(
  routes: readonly RouteUnderTest[],
  count: number,
  random: SeededRandom,
): HostileRequest[] {
  const corpus: HostileRequest[] = [];
  const posts = routes.filter((route) => route.method === 'POST' && !route.upload);
  for (let i = 0; i < count; i++) {
    // Every route at least once, then at random; two thirds of the cases are POST bodies.
    const route =
      i < routes.length ? routes[i]! : random.chance(0.67) ? random.pick(posts) : random.pick(routes);
    if (route.method === 'GET' || route.upload || random.chance(0.15)) {
      const query = hostileQuery(random);
      const request: HostileRequest =
        route.method === 'GET'
          ? {
              method: 'GET',
              url: `${route.url}?${query}`,
              route: route.url,
              what: `?${query.slice(0, 80)}`,
              headers: {},
            }
          : { ...postRequest(route, random), url: `${route.url}?${query}` };
      corpus.push(request);
    } else {
      const request = postRequest(route, random);
      // One POST in eight, a plausible body or not, comes from another site's page.
      if (random.chance(0.125)) {
        const foreign = random.pick(FOREIGN_PAGES);
        corpus.push({
          ...request,
          headers: { ...request.headers, ...foreign },
          what: `${request.what} from ${foreign.origin ?? foreign['sec-fetch-site']}`,
          crossOrigin: true,
        });
      } else corpus.push(request);
    }
  }
  return corpus;
}
