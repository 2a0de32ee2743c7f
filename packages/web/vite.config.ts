import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport, type UserConfig } from 'vite';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

/**
 * What builds a zod schema in the contract: zod itself, its schema helpers, and every `<name>Shape` of the
 * domain folders' `schemas.ts` (`contract/src/<domain>/schemas.ts`, read from the sources, so a new schema
 * is covered without touching this file).
 */
function contractSchemaBuilders(): string[] {
  const src = fileURLToPath(new URL('../contract/src/', import.meta.url));
  const shapes = readdirSync(src, { withFileTypes: true })
    .map((entry) => join(src, entry.name, 'schemas.ts'))
    .filter((file) => existsSync(file))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/^(?:export )?const (\w+Shape)\b/gm)].map(
        (match) => match[1] as string,
      ),
    );
  return ['z', 'Key', 'LenientKey', 'rulesCheck', 'flag', ...shapes];
}

/** Writes .br and .gz beside every compressible file, so the gateway serves them without compressing. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'dtu-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|map|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Fails the build when a chunk for the browser carries the response codes' texts: they are the gateway's
 * (the console translates `apiresponse.<code>`), and would cost every settings screen ~3 KB. Each code's
 * `meaning` is a developer's note found nowhere else, so finding one in a chunk means the texts came along.
 */
function codeTextsStayOnServer(): Plugin {
  return {
    name: 'dtu-code-texts-stay-on-server',
    apply: 'build',
    async generateBundle(_options, bundle) {
      // The contract is TypeScript: Vite's module runner loads it as it would for the console.
      const texts = fileURLToPath(new URL('../contract/src/code-texts.ts', import.meta.url));
      const { module } = await runnerImport<typeof import('../contract/src/code-texts')>(texts, {
        configFile: false,
        logLevel: 'silent',
      });
      const meanings = Object.values(module.CodeTexts).map((text) => text.meaning);
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const found = meanings.find((meaning) => chunk.code.includes(meaning));
        if (found) {
          this.error(
            `${chunk.fileName} carries the response codes' texts ("${found}"): the console must not use contract/src/code-texts.ts`,
          );
        }
      }
    },
  };
}

/**
 * `vite build --ssr` builds the live view's first paint for the gateway (src/entry-server.tsx) into
 * dist/ssr/, with everything it imports inside: an installed release has no node_modules of the console.
 */
const ssrBuild = {
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    target: 'node22',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    copyPublicDir: false,
    rolldownOptions: { input: 'src/entry-server.tsx', output: { entryFileNames: '[name].js' } },
  },
} satisfies UserConfig;

const styles = {
  preprocessorOptions: {
    // Bootstrap 5.3 still uses @import and color functions that Dart Sass flags as deprecated.
    scss: {
      quietDeps: true,
      silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
    },
  },
} satisfies UserConfig['css'];

const consoleBuild = {
  plugins: [react(), precompress(), codeTextsStayOnServer()],
  build: {
    target: 'es2022',
    // The gateway reads which chunk holds each language's texts from it, and preloads the visitor's.
    manifest: true,
    // Every browser that runs es2022 modules knows modulepreload; the polyfill would cost every first load.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      // The settings forms run the contract's rule lists, which live beside its zod schemas. Building a
      // schema has no effect beyond its value, so an unused one (and zod with it, ~20 KB) is left out of
      // the bundle: zod's builders, the contract's schema helpers and its shapes are pure, and reading
      // `Key.string` runs no getter.
      treeshake: { manualPureFunctions: contractSchemaBuilders(), propertyReadSideEffects: false },
      // Everything the entry imports statically is one chunk: the first load is one script request instead
      // of nine (each costs its headers and a round trip's worth of waiting on a slow link), and brotli
      // compresses the whole better than its parts. Lazy screens and the languages stay their own chunks.
      // What the lazy screens share is two chunks instead of the ~10 small ones automatic splitting makes
      // (each file costs ~0.7 KB of headers): `screens` what nearly every screen that fetches needs, `forms`
      // what the settings forms and the login need. A chunk per stylesheet keeps styles from tying a screen
      // to a script chunk it does not use (docs/console.md, Route bytes).
      output: {
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'], priority: 2 },
            {
              // The settings screens' rules and the tables go with the form styles: every settings screen needs
              // them together, one request instead of three.
              name: (id: string) => {
                const style = /[\\/]styles[\\/]([\w-]+)\.scss$/.exec(id)?.[1];
                return style === 'settings' || style === 'tables' ? 'forms' : (style ?? null);
              },
              test: /[\\/]styles[\\/][\w-]+\.scss$/,
              priority: 1,
            },
            {
              name: 'screens',
              minShareCount: 2,
              test: /node_modules[\\/]@tanstack[\\/]|[\\/]web[\\/]src[\\/](api[\\/]|lib[\\/]query|components[\\/]FormCard)/,
            },
            {
              name: 'forms',
              minShareCount: 2,
              // the contract's codes and rule lists: `codes.ts`, each domain's `codes.ts` and `schemas.ts`, and
              // the shared pieces they are built of
              test: /node_modules[\\/]react-hook-form[\\/]|[\\/]contract[\\/]src[\\/](codes\.ts|[\w-]+[\\/](codes|schemas)\.ts|common[\\/](code-spec|common-codes|envelope|hex-serial|keys|validate)\.ts)|[\\/]web[\\/]src[\\/]components[\\/]form[\\/]/,
            },
          ],
        },
      },
    },
  },
  css: styles,
  server: {
    proxy: {
      '/api': gateway,
      '/zones.json': gateway,
      '/livedata': { target: gateway, ws: true },
      '/console': { target: gateway, ws: true },
    },
  },
} satisfies UserConfig;

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? { ...ssrBuild, css: styles } : consoleBuild));
