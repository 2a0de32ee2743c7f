/**
 * A fetch stand-in for the dialog and maintenance-screen tests, whose answers are set test by test. Call it at
 * the top of a test file: before each test `routes` and `posted` are emptied and `fetch` is stubbed; after
 * each the stub and the query cache are cleared.
 */
import { afterEach, beforeEach, vi } from 'vitest';
import { queryClient } from '../../src/lib/query';
import type { Posted } from './settings-helpers';

export function routeApi() {
  const fetchMock = vi.fn<typeof fetch>();
  /**
   * Answers by the whole URL, else by its path without the query (an absolute URL, such as the gateway's
   * address after a restart, only as a whole): JSON, a function that makes it, or a `Response` as it is.
   * Anything else answers 404.
   */
  const routes: Record<string, unknown> = {};
  /** The `data` of every POST, with its path. */
  const posted: Posted[] = [];

  beforeEach(() => {
    for (const key of Object.keys(routes)) delete routes[key];
    posted.length = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const path = url.startsWith('http') ? url : url.split('?')[0]!;
      if (init?.method === 'POST') {
        posted.push({ path, data: JSON.parse(new URLSearchParams(String(init.body)).get('data') ?? 'null') });
      }
      const answer = routes[url] ?? routes[path];
      if (answer === undefined) return new Response('', { status: 404, statusText: 'Not Found' });
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(typeof answer === 'function' ? answer() : answer));
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    queryClient.clear();
  });

  return { fetchMock, routes, posted };
}
