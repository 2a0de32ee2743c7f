import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import {
  ALERTS_NS,
  EXTRA_NS,
  FORMS_NS,
  HISTORY_NS,
  initI18n,
  MAINTENANCE_NS,
  SETTINGS_NS,
} from '../src/i18n';

// A `findBy…` or `waitFor` waits up to 5 s instead of Testing Library's 1 s: on a loaded machine (the unit
// run beside the browser tests, npm test) a screen's next render can take longer than a second. A passing
// wait ends as soon as its element is there, so this costs nothing when the machine is quiet.
configure({ asyncUtilTimeout: 5_000 });

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
  // Suspense boundary the router puts around a screen.
  await i18n.loadNamespaces([EXTRA_NS, MAINTENANCE_NS, SETTINGS_NS, HISTORY_NS, ALERTS_NS, FORMS_NS]);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
