import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { onPreact } from './preact-aliases.js';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: [
      ...onPreact,
      // Testing Library's `act` falls back to react-dom's test utilities (Preact's compat has no `act`):
      // Preact's own flushes its pending renders and effects.
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      // Its CommonJS entry (the one Node's conditions pick) would `require` React past the aliases.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
    setupFiles: ['test/setup.ts'],
    css: false,
    // Node would load these packages itself and past the aliases, on React: Vite runs them so that their
    // `react` is Preact's compat, one Preact for the console and its libraries.
    server: {
      deps: {
        inline: [
          /[\\/]node_modules[\\/]@testing-library[\\/]react[\\/]/,
          /[\\/]node_modules[\\/]@tanstack[\\/]react-query[\\/]/,
          /[\\/]node_modules[\\/]react-(i18next|hook-form|bootstrap-icons)[\\/]/,
        ],
      },
    },
  },
});
