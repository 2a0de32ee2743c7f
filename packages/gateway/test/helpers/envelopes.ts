import { type Code, CodeTable } from '@dtu-console/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Gateway } from '../../src/app';
import { consoleHeaders } from './api';

/** An envelope answer: HTTP 200, key order, the code's type and exactly the given param. */
export function expectCode(
  response: LightMyRequestResponse,
  code: Code,
  param?: { min?: number; max?: number },
  label = '',
): void {
  expect(response.statusCode, `${label} ${response.body}`).toBe(200);
  const body = response.json() as Record<string, unknown>;
  expect(body.code, `${label} ${response.body}`).toBe(code);
  expect(Object.keys(body), label).toEqual(
    param ? ['type', 'message', 'code', 'param'] : ['type', 'message', 'code'],
  );
  expect(body.type, label).toBe(CodeTable[code].type);
  expect(typeof body.message, label).toBe('string');
  if (param) expect(body.param, label).toEqual(param);
}

/** A POST with no "data" field (1002), as admin. */
export function postWithoutData(gateway: Gateway, url: string) {
  return gateway.http.inject({
    method: 'POST',
    url,
    payload: 'other=1',
    headers: { ...consoleHeaders(), 'content-type': 'application/x-www-form-urlencoded' },
  });
}
