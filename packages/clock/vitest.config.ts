import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'clock',
    // No test file stubs a global or a module without restoring it: files share their worker's modules
    // (imported once per worker, not once per file; docs/testing.md, "Unit tests").
    isolate: false,
    include: ['test/**/*.test.ts'],
  },
});
