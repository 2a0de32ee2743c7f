import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeBasic, getUser, setUser } from '../../src/api/auth';
import { ApiError, apiGet, apiPost, setApiFailureHandlers } from '../../src/api/client';

const fetchMock = vi.fn<typeof fetch>();
const unauthorized = vi.fn();
const failure = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setApiFailureHandlers({ unauthorized, failure });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  unauthorized.mockReset();
  failure.mockReset();
});

const respond = (status: number, body: string, statusText = '') =>
  fetchMock.mockResolvedValueOnce(new Response(body, { status, statusText }));

describe('api client', () => {
  it('sends X-Requested-With always and Basic auth when signed in', async () => {
    respond(200, '{"a":1}');
    await apiGet('/api/x');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toEqual({ 'X-Requested-With': 'XMLHttpRequest' });

    setUser({ username: 'admin', authdata: encodeBasic('admin', 'pässwörd') });
    respond(200, '{}');
    await apiGet('/api/x');
    const headers = fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Basic ${btoa('admin:p\u00c3\u00a4ssw\u00c3\u00b6rd')}`);
  });

  it('sends X-Requested-With on GETs, POSTs, text and binary downloads alike, and keeps it beside extra headers', async () => {
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 5; i += 1) respond(200, '{}');
    calls.push(apiGet('/api/a'));
    calls.push(apiPost('/api/b', { x: 1 }));
    calls.push(apiGet('/api/c', { text: true }));
    calls.push(apiGet('/api/d', { blob: true }));
    calls.push(apiGet('/api/security/authenticate', { headers: { Authorization: 'Basic eA==' } }));
    await Promise.all(calls);
    expect(fetchMock.mock.calls).toHaveLength(5);
    for (const [, init] of fetchMock.mock.calls) {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    }
  });

  it('parses the body as text then JSON', async () => {
    respond(200, '{"hostname":"pi"}');
    await expect(apiGet('/api/system/status')).resolves.toEqual({ hostname: 'pi' });
    respond(200, '');
    await expect(apiGet('/api/empty')).resolves.toBeNull();
  });

  it('posts JSON in the form field "data"', async () => {
    respond(200, '{"type":"success","code":1001}');
    await apiPost('/api/ntp/config', { ntp_server: 'pool.ntp.org' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(String(init?.body)).toBe(`data=${encodeURIComponent('{"ntp_server":"pool.ntp.org"}')}`);
  });

  it('on 401 clears the stored user and hands over to the login redirect', async () => {
    setUser({ username: 'admin', authdata: 'xyz' });
    respond(401, '', 'Unauthorized');
    await expect(apiGet('/api/security/config')).rejects.toMatchObject({ status: 401 });
    expect(getUser()).toBeNull();
    expect(unauthorized).toHaveBeenCalledOnce();
    expect(failure).not.toHaveBeenCalled();
  });

  it('other failures carry the body message and status and reach the error screen unless suppressed', async () => {
    respond(500, '{"message":"disk full"}', 'Internal Server Error');
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'disk full', status: 500 });
    expect(failure).toHaveBeenCalledOnce();

    respond(404, '', 'Not Found');
    await expect(apiGet('/api/y', { suppressErrorScreen: true })).rejects.toMatchObject({
      message: 'Not Found',
      status: 404,
    });
    expect(failure).toHaveBeenCalledOnce();
  });
});
