/**
 * The console's components run on Preact's React compatibility layer: React's DOM renderer alone is ~58 KB
 * of every first load (brotli), Preact with its compat layer ~7 KB, and with React no route but the live
 * view fits the 108 KB first-load budget (docs/console.md, Route bytes). The code stays written against
 * React's API and types. The browser build, the SSR build (so the gateway's markup is what the browser's
 * Preact hydrates) and the unit tests (vitest.config.ts) all resolve React through these aliases.
 */
export const onPreact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // The gateway's first paint (SSR build) is Preact's markup too: what the browser's Preact hydrates.
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: 'preact/compat/jsx$1-runtime' },
  // react-i18next's shim is CommonJS requiring React: under Node's conditions that `require` would bundle
  // a second Preact (its CommonJS build) beside the ESM one, and hooks would then run outside any render.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];
