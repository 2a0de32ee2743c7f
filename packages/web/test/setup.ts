import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { ALERTS_NS, EXTRA_NS, HISTORY_NS, initI18n, MAINTENANCE_NS, SETTINGS_NS } from '../src/i18n';

// jsdom has no matchMedia; the theme code asks it for the system's dark preference.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// The console's own i18n setup: English (the jsdom browser language), German and French on demand.
beforeAll(async () => {
  const i18n = await initI18n();
  // Lazily loaded screens would wait for their namespace; tests render them directly, outside the
  // Suspense boundary the router puts around a screen (a screen that suspends without one fails on Preact).
  await i18n.loadNamespaces([EXTRA_NS, MAINTENANCE_NS, SETTINGS_NS, HISTORY_NS, ALERTS_NS]);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Preact runs effects after the next frame, with a timer as fallback that calls cancelAnimationFrame: a file
// whose last test leaves effects pending would see that timer fire after jsdom is gone. One frame lets
// them run while it is still there.
afterAll(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
