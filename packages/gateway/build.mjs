#!/usr/bin/env node
/**
 * Bundles the gateway (src/main.ts), its radio thread and the launcher (src/launcher/main.ts) into dist/ as plain JavaScript,
 * with our workspace packages (contract, hoymiles) inside and every other package imported at run time.
 * Run by `npm start` when the sources are newer than the bundle. Why: Node 20 runs TypeScript only
 * through a loader (tsx), which keeps a second JavaScript engine thread and the source maps of every
 * file in memory, about 40 MB per process on a small host.
 */
import { build } from 'esbuild';

const OWN_PACKAGES = /^@dtu-console\//;

await build({
  entryPoints: {
    main: 'src/main.ts',
    launcher: 'src/launcher/main.ts',
    // The radio thread's entry, started by main.js from beside it (src/paths.ts).
    'radio-worker': 'src/radio/worker/entry.ts',
  },
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Names stay readable in stack traces and logs; `--enable-source-maps` maps them back to the sources.
  keepNames: true,
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-dependencies',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
          OWN_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
