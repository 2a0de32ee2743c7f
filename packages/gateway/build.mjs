#!/usr/bin/env node
/**
 * Bundles the gateway (src/main.ts), its radio thread, the launcher (src/launcher/main.ts), the radio
 * check (src/radio-check/cli.ts) and the service setup (src/setup/cli.ts) into dist/ as plain JavaScript.
 * Every package is inside except the native ones (NATIVE_PACKAGES), which are loaded at run time: an
 * installation then needs only those in its node_modules (the owner's npm package, docs/install.md).
 * Run by `npm start` when the sources are newer than the bundle. Why a bundle: Node 20 runs TypeScript
 * only through a loader (tsx), which keeps a second JavaScript engine thread and the source maps of every
 * file in memory, about 40 MB per process on a small host.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

/** `--outdir <dir>`: another folder than dist/ (the npm package's test builds into a staged checkout). */
const { values: args } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = resolve(import.meta.dirname, args.outdir ?? 'dist');
// Chunk names change with their content: the chunks of an earlier build must not stay behind.
rmSync(outdir, { recursive: true, force: true });

/** Packages with a compiled part (or that load one), kept out of the bundle. */
const NATIVE_PACKAGES = ['better-sqlite3', 'koffi', 'serialport'];
const external = new RegExp(`^(${NATIVE_PACKAGES.join('|')}|@serialport/[^/]+)(/.*)?$`);

const result = await build({
  entryPoints: {
    main: 'src/main.ts',
    launcher: 'src/launcher/main.ts',
    // The radio thread's entry, started by main.js from beside it (packages/radio/src/worker/thread-file.ts).
    'radio-worker': '../radio/src/worker/entry.ts',
    'radio-check': 'src/radio-check/cli.ts',
    setup: 'src/setup/cli.ts',
  },
  absWorkingDir: import.meta.dirname,
  outdir,
  bundle: true,
  // Code shared by the entries, and what is imported only on demand (Modbus, the TLS certificate maker),
  // goes into chunks of its own: a start parses only what it uses.
  splitting: true,
  // Beside the entries: src/paths.ts finds the installation from the folder its code runs in.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The entries are the package's commands (`bin`); bundled CommonJS packages call `require`, which an
  // ES module does not have.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  // No `keepNames`: it wraps every function of every bundled package in a naming call, also the closures
  // fastify makes per request (about 25 % more CPU per REST request, measured; docs/install.md). Stack
  // traces name functions as written; `--enable-source-maps` maps them back to the sources.
  sourcemap: 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  metafile: true,
  plugins: [
    {
      name: 'native-packages',
      setup(esbuild) {
        esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
          external.test(args.path) ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});

/**
 * What the bundle imports at run time besides Node's own modules, by package name: the owner's npm
 * package depends on exactly these (src/release/npm-package.ts).
 */
const builtins = new Set(builtinModules);
const packageOf = (path) =>
  path
    .split('/')
    .slice(0, path.startsWith('@') ? 2 : 1)
    .join('/');
const imported = Object.values(result.metafile.outputs).flatMap((output) =>
  output.imports.filter((entry) => entry.external).map((entry) => entry.path),
);
const packages = [...new Set(imported.filter((path) => external.test(path) && !builtins.has(path)))]
  .filter((path) => !/^[./]/.test(path))
  .map(packageOf);
writeFileSync(
  join(outdir, 'external-packages.json'),
  `${JSON.stringify([...new Set(packages)].sort(), null, 2)}\n`,
);
