#!/usr/bin/env node
// Brotli bytes of the built console (run `npx vite build` first): what the first load of a screen costs
// (index.html, its scripts and styles, the screen's chunk with its static imports and styles) and what the
// whole console costs, for a visitor in each language (every language is its own chunk).
// Usage: node scripts/bundle-size.mjs [ScreenChunkName …] (default LiveViewPage).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const assets = join(dist, 'assets');
const br = (file) => {
  const path = join(dist, `${file}.br`);
  return existsSync(path) ? statSync(path).size : statSync(join(dist, file)).size;
};

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);

/** Static imports of a chunk, recursively. */
function closure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith('.js')) return;
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w{},\s*$]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
      visit(`assets/${m[1]}`);
    }
  };
  for (const file of files) visit(file);
  return seen;
}

/** The chunk files and styles Vite loads together with a lazily imported chunk (its __vite__mapDeps). */
function dynamicDeps(chunkName) {
  const chunk = readdirSync(assets).find((name) => name.startsWith(`${chunkName}-`) && name.endsWith('.js'));
  if (!chunk) throw new Error(`no chunk ${chunkName}`);
  const deps = new Set([`assets/${chunk}`]);
  for (const file of closure(entry)) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(dist, file), 'utf8');
    const list = code.match(/m\.f=\[([^\]]*)\]/);
    if (!list) continue;
    const names = [...list[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    const call = new RegExp(
      `import\\(\`\\./${chunk.replace('.', '\\.')}\`\\),__vite__mapDeps\\(\\[([\\d,]+)\\]`,
    );
    const found = code.match(call);
    if (found) for (const index of found[1].split(',')) deps.add(names[Number(index)]);
  }
  return closure([...deps]);
}

const screens = process.argv.slice(2);
const locales = ['en', 'de', 'fr'];
const total = (files) => [...files].reduce((sum, file) => sum + br(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

for (const screen of screens.length ? screens : ['LiveViewPage']) {
  const common = new Set(['index.html', ...closure(entry), ...dynamicDeps(screen)]);
  for (const locale of locales) {
    const files = new Set([...common, ...dynamicDeps(locale)]);
    console.log(`first load of ${screen} in ${locale}: ${kb(total(files))} brotli`);
    if (locale !== 'en') continue;
    for (const file of [...files].sort((a, b) => br(b) - br(a))) {
      console.log(`  ${kb(br(file)).padStart(9)}  ${file}`);
    }
  }
}

const all = readdirSync(assets)
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => `assets/${name}`);
console.log(`whole console (all screens and languages): ${kb(total(['index.html', ...all]))} brotli`);
