import react from '@vitejs/plugin-react';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

/**
 * The console's unit tests as a vitest project. Run here, every file is isolated (each its own modules);
 * the repository's run (root vitest.config.ts) splits them into the files that replace modules with
 * vi.mock, which must stay isolated, and the others, which share their worker's modules and jsdom.
 */
export function webProject(name: string, include: string[], isolate: boolean): UserWorkspaceConfig {
  return {
    plugins: [react()],
    test: {
      name,
      environment: 'jsdom',
      include,
      isolate,
      setupFiles: ['test/setup.ts'],
      css: false,
      // Room for a loaded machine (test/setup.ts): a test's own waits end when their element is there.
      testTimeout: 20_000,
    },
  };
}

export default defineProject(webProject('web', ['test/**/*.test.{ts,tsx}'], true));
