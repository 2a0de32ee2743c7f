import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    // Isolated (each file its own modules): a dozen files replace modules with vi.mock, which a module
    // already imported by an earlier file in the same worker would ignore (docs/testing.md, "Unit tests").
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    css: false,
  },
});
