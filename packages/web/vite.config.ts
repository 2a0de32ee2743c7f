import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { onPreact } from './preact-aliases.js';

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8080';

/**
 * What builds a zod schema in the contract: zod itself, its schema helpers, and every `<name>Shape` of
 * `contract/src/schemas/` (read from the sources, so a new schema is covered without touching this file).
 */
function contractSchemaBuilders(): string[] {
  const dir = fileURLToPath(new URL('../contract/src/schemas/', import.meta.url));
  const shapes = readdirSync(dir)
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) =>
      [...readFileSync(join(dir, file), 'utf8').matchAll(/^(?:export )?const (\w+Shape)\b/gm)].map(
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
 * The chosen language's texts are a chunk the entry imports dynamically, so the browser would only ask
 * for them after the entry has run: one more round trip before the first paint. A small script in the
 * page picks the language the way `detectLanguage` (src/i18n) does and preloads its chunk at once, unless
 * the gateway already put that language's texts into the page (`data-texts` on <html>). It stands before
 * the stylesheet: an inline script after one waits until the stylesheet has loaded.
 * It also warms the locale's number and date formats (loading them costs ~100 ms on a slow device) while
 * the scripts download; on a page the gateway rendered (`data-first-paint` on <html>) only after the first
 * paint, which that work would otherwise hold back.
 */
function preloadLanguage(): Plugin {
  return {
    name: 'dtu-preload-language',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks: Record<string, string> = {};
        for (const output of Object.values(context.bundle ?? {})) {
          const match =
            output.type === 'chunk'
              ? /\/i18n\/locales\/(\w+)\.json$/.exec(output.facadeModuleId ?? '')
              : null;
          if (match?.[1] && output.type === 'chunk') chunks[match[1]] = `/${output.fileName}`;
        }
        const script = `(()=>{var c=${JSON.stringify(chunks)},l,d=document;try{l=localStorage.getItem('locale')}catch(e){}
if(!c[l])l=navigator.languages.map(t=>t.split('-')[0].toLowerCase()).find(t=>c[t])||'en';
var w=()=>{try{new Intl.NumberFormat(l).format(1);new Intl.DateTimeFormat(l,{hour:'2-digit'}).format(0)}catch(e){}};
if(!d.documentElement.hasAttribute('data-first-paint'))w();else try{var o=new PerformanceObserver(()=>{o.disconnect();setTimeout(w)});o.observe({type:'paint'})}catch(e){}
if(d.documentElement.dataset.texts===l)return;
var k=d.createElement('link');k.rel='modulepreload';k.href=c[l];d.head.appendChild(k)})()`;
        const tag = `<script>${script}</script>`;
        const stylesheet = html.search(/<link rel="stylesheet"/);
        return stylesheet < 0
          ? html.replace('</head>', `${tag}</head>`)
          : `${html.slice(0, stylesheet)}${tag}\n    ${html.slice(stylesheet)}`;
      },
    },
  };
}

/**
 * Each Bootstrap icon module of react-bootstrap-icons carries the same component code and prop-types; the
 * console's icons become calls of one maker (src/lib/icon.ts) with the shapes read from the package's
 * module. Both builds use it, so the gateway's first paint and the browser render the same markup.
 */
function compactIcons(): Plugin {
  const iconModule = /[\\/]react-bootstrap-icons[\\/]dist[\\/]icons[\\/][\w-]+\.js$/;
  const maker = fileURLToPath(new URL('./src/lib/icon.ts', import.meta.url));
  return {
    name: 'dtu-compact-icons',
    enforce: 'pre',
    load(id) {
      if (!iconModule.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const name = /className: \['bi', '([\w-]+)'/.exec(source)?.[1];
      if (!name || !source.includes('viewBox: "0 0 16 16"')) return null;
      const shapes = [...source.matchAll(/React\.createElement\("(path|circle|rect)", (\{[^{}]*\})\)/g)].map(
        // The package's own object literal of attributes (strings only), read as the value it is.
        (match) => [match[1], new Function(`return ${match[2]}`)() as Record<string, string>],
      );
      return `import { icon } from ${JSON.stringify(maker)};\nexport default icon(${JSON.stringify(name)}, ${JSON.stringify(shapes)});\n`;
    },
  };
}

/**
 * `vite build --ssr` builds the live view's first paint for the gateway (src/entry-server.tsx) into
 * dist/ssr/, with everything it imports inside: an installed release has no node_modules of the console.
 */
const ssrBuild = {
  plugins: [react(), compactIcons()],
  resolve: { alias: onPreact },
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
  plugins: [react(), compactIcons(), precompress(), preloadLanguage()],
  resolve: { alias: onPreact },
  build: {
    target: 'es2022',
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
      output: { codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] } },
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
