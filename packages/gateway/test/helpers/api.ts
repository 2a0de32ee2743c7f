import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Gateway } from '../../src/app';

export const ADMIN_PASSWORD = 'openDTU42';

/** Authorization header for user admin. */
export function basic(password = ADMIN_PASSWORD, username = 'admin'): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

/** The console's request headers, with admin credentials by default. */
export function consoleHeaders(password: string | null = ADMIN_PASSWORD): Record<string, string> {
  return {
    'x-requested-with': 'XMLHttpRequest',
    ...(password === null ? {} : { authorization: basic(password) }),
  };
}

export function get(gateway: Gateway, url: string, password: string | null = ADMIN_PASSWORD) {
  return gateway.http.inject({ method: 'GET', url, headers: consoleHeaders(password) });
}

/** POST with `data=<JSON>` urlencoded; a string is sent as the raw field value. */
export function post(
  gateway: Gateway,
  url: string,
  data: unknown,
  password: string | null = ADMIN_PASSWORD,
): Promise<LightMyRequestResponse> {
  const payload = new URLSearchParams({
    data: typeof data === 'string' ? data : JSON.stringify(data),
  }).toString();
  const options: InjectOptions = {
    method: 'POST',
    url,
    payload,
    headers: { ...consoleHeaders(password), 'content-type': 'application/x-www-form-urlencoded' },
  };
  return gateway.http.inject(options);
}

/** Checks an envelope answer: HTTP 200, the documented key order, the code's type and param. */
export function expectEnvelope(
  response: LightMyRequestResponse,
  code: number,
  param?: { min?: number; max?: number },
): void {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as Record<string, unknown>;
  expect(Object.keys(body)).toEqual(
    param ? ['type', 'message', 'code', 'param'] : ['type', 'message', 'code'],
  );
  expect(body.code).toBe(code);
  expect(body.type).toBe(code === 1001 || code === 9010 ? 'success' : 'warning');
  expect(typeof body.message).toBe('string');
  if (param) expect(body.param).toEqual(param);
}

/** Every key of `example` is present in `body` with the same JSON type (arrays and null told apart). */
export function expectSameShape(body: unknown, example: unknown, path = '$'): void {
  const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
  expect(kind(body), path).toBe(kind(example));
  if (kind(example) === 'object') {
    const b = body as Record<string, unknown>;
    const e = example as Record<string, unknown>;
    expect(Object.keys(b), path).toEqual(Object.keys(e));
    for (const key of Object.keys(e)) expectSameShape(b[key], e[key], `${path}.${key}`);
  } else if (kind(example) === 'array') {
    const [first] = example as unknown[];
    if (first !== undefined)
      for (const [i, item] of (body as unknown[]).entries()) expectSameShape(item, first, `${path}[${i}]`);
  }
}

export type AuthLevel = 'public' | 'readonly' | 'admin';

export interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  level: AuthLevel;
  /** A body for POSTs (any; a refused request never reads it). */
  data?: unknown;
}

/**
 * docs/api.md for each endpoint: anonymous, wrong password and admin, with allow_readonly on and off.
 * 401 has an empty body; an allowed request is anything but 401.
 */
export async function expectAuthMatrix(gateway: Gateway, endpoints: readonly Endpoint[]): Promise<void> {
  for (const allowReadonly of [true, false]) {
    await gateway.ctx.config.patch('security', { allow_readonly: allowReadonly });
    for (const endpoint of endpoints) {
      for (const caller of [
        { who: 'anonymous', password: null },
        { who: 'wrong', password: 'wrong-password' },
        { who: 'admin', password: ADMIN_PASSWORD },
      ] as const) {
        const response =
          endpoint.method === 'GET'
            ? await get(gateway, endpoint.url, caller.password)
            : await post(gateway, endpoint.url, endpoint.data ?? {}, caller.password);
        const allowed =
          endpoint.level === 'public' ||
          caller.who === 'admin' ||
          (endpoint.level === 'readonly' && allowReadonly);
        const label = `${endpoint.method} ${endpoint.url} as ${caller.who}, allow_readonly ${allowReadonly}`;
        if (allowed) expect(response.statusCode, label).not.toBe(401);
        else {
          expect(response.statusCode, label).toBe(401);
          expect(response.body, label).toBe('');
        }
      }
    }
  }
  await gateway.ctx.config.patch('security', { allow_readonly: true });
}
