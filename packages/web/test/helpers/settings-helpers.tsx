import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, vi } from 'vitest';
import { MemoryRouter } from '../../src/lib/navigation';
import { queryClient } from '../../src/lib/query';

export const fetchMock = vi.fn<typeof fetch>();

export interface Posted {
  path: string;
  data: unknown;
}

/**
 * Answers GETs from `answers` (by path) and records every POST's `data` field; POSTs answer `postAnswer`
 * (a 1001 envelope unless told otherwise).
 */
export function serveApi(answers: Record<string, unknown>, postAnswer: unknown = envelope(1001)): Posted[] {
  const posted: Posted[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://dtu.local');
    const path = url.pathname + url.search;
    if (init?.method === 'POST') {
      const body = new URLSearchParams(String(init.body));
      posted.push({ path: url.pathname, data: JSON.parse(body.get('data') ?? 'null') });
      return new Response(JSON.stringify(postAnswer));
    }
    if (!(path in answers)) return new Response('', { status: 404, statusText: 'Not Found' });
    return new Response(JSON.stringify(answers[path]));
  });
  return posted;
}

/**
 * A screen test's set-up, called at the top of its file: `fetchMock` answers each test's calls, and after
 * each test the stubs, spies, answers and the query cache are cleared.
 */
export function stubApi(): void {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    fetchMock.mockReset();
    queryClient.clear();
  });
}

export function envelope(code: number, type = 'success', param?: object) {
  return { type, message: `code ${code}`, code, ...(param ? { param } : {}) };
}

export function renderScreen(Screen: ComponentType) {
  return render(
    <MemoryRouter>
      <Screen />
    </MemoryRouter>,
  );
}
