import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../src/i18n';

// The console's own i18n setup: English (the jsdom browser language), German and French on demand.
beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
