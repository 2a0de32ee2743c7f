import { defineConfig } from 'vitest/config';

// One vitest run covers the unit tests of every package; each package keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/*'],
  },
});
