/**
 * The live view's lazily loaded sections (the battery's and the power limiter's): each asks its status once
 * to decide whether it is offered, and once more for its card when opened. What their tests share: the
 * set-up, the rendering and the answers that hold or fail the card's read.
 */
import { render } from '@testing-library/react';
import i18n from 'i18next';
import type { ReactElement } from 'react';
import { beforeAll, beforeEach } from 'vitest';
import { MemoryRouter } from '../../src/lib/navigation';
import { fetchMock, stubApi } from './settings-helpers';

/**
 * A section test's set-up, called at the top of its file: the card's texts loaded (as the lazily loaded
 * card would wait for them), `fetchMock` answering, and no stored open state before each test.
 */
export function setUpSectionTests(namespace: string): void {
  beforeAll(async () => {
    await i18n.loadNamespaces(namespace);
  });
  stubApi();
  beforeEach(() => localStorage.clear());
}

export function renderSection(section: ReactElement) {
  return render(<MemoryRouter>{section}</MemoryRouter>);
}

/** The paths the section has asked so far, in order. */
export const askedPaths = (): string[] => fetchMock.mock.calls.map(([input]) => String(input));

/**
 * Answers the section's own look at `path` with `status`, and every later ask (the card's read) with
 * `cardRead`; any other path with `others(path)`. Returns how many times `path` was asked.
 */
export function serveCardRead(options: {
  path: string;
  status: unknown;
  cardRead: () => Promise<Response>;
  others: (path: string) => unknown;
}): () => number {
  let calls = 0;
  fetchMock.mockImplementation(async (input) => {
    const path = String(input);
    if (path !== options.path) return new Response(JSON.stringify(options.others(path)));
    calls += 1;
    return calls === 1 ? new Response(JSON.stringify(options.status)) : options.cardRead();
  });
  return () => calls;
}

/** A card read that waits until the test answers it. */
export function heldCardRead(): { read: () => Promise<Response>; answer: (body: unknown) => void } {
  let resolve: (response: Response) => void = () => {};
  return {
    read: () =>
      new Promise<Response>((done) => {
        resolve = done;
      }),
    answer: (body) => resolve(new Response(JSON.stringify(body))),
  };
}

/** A card read the gateway refuses. */
export const failedCardRead = async (): Promise<Response> =>
  new Response('', { status: 503, statusText: 'Service Unavailable' });
