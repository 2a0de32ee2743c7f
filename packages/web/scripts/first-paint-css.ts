/**
 * The first paint's stylesheet, cut at build time (docs/console.md, First paint): the gateway inlines it
 * into the page of `/` and links the whole stylesheet after the markup, so the paint waits for no
 * stylesheet request. Beasties keeps the rules of the whole stylesheet that match a page rendered by the
 * console's own SSR build (dist/ssr/entry-server.js) from fixture snapshots that cover the live view's
 * states (one inverter producing, several in every state with the selector, none with every hint), in
 * light and dark; the rules are kept whole and in their order, so the whole stylesheet arriving later
 * changes nothing they styled. Written to dist/ssr/first-paint.css, which only the gateway reads.
 *
 * Run after both builds: `node --import tsx scripts/first-paint-css.ts` (npm run build does).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { detail, hints, status, summary, value } from '@dtu-console/contract/livedata/fixtures';
import Beasties from 'beasties';
import type { renderFirstPaint as RenderFirstPaint } from '../src/entry-server';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
/** Classes the console sets right after it took the page over (the socket opens). */
const SET_AT_ONCE = ['.live-marker-online'];

const { renderFirstPaint } = (await import(pathToFileURL(`${dist}ssr/entry-server.js`).href)) as {
  renderFirstPaint: typeof RenderFirstPaint;
};

const producing = detail('116190000001', {
  name: 'Roof',
  AC: {
    '0': {
      Power: value(741.3, 'W'),
      Voltage: value(231.2, 'V'),
      Current: value(3.2, 'A', 2),
      Frequency: value(50.01, 'Hz', 2),
      PowerFactor: value(1, '', 3),
      ReactivePower: value(0.4, 'var'),
    },
  },
  DC: {
    '0': {
      name: { u: 'East' },
      Power: value(380.1, 'W'),
      Voltage: value(34.2, 'V'),
      Current: value(11.1, 'A', 2),
    },
    '1': {
      name: { u: 'West' },
      Power: value(398.6, 'W'),
      Voltage: value(35.1, 'V'),
      Current: value(11.4, 'A', 2),
    },
  },
  INV: { '0': { Temperature: value(41.5, '°C'), YieldDay: value(3120, 'Wh', 0) } },
});

const fixtures = [
  status([producing]),
  status([
    detail('116190000002', { producing: false, limit_relative: 50 }),
    summary('116190000003', { reachable: false, producing: false }),
    summary('116190000004', { poll_enabled: false, producing: false }),
  ]),
  status(
    Array.from({ length: 12 }, (_, i) =>
      i === 0 ? producing : summary(`1161900001${String(i).padStart(2, '0')}`),
    ),
  ),
  {
    inverters: [],
    total: status([]).total,
    hints: Object.fromEntries(Object.keys(hints).map((key) => [key, true])) as typeof hints,
  },
];

// The languages' texts differ, their markup's classes do not.
const english = JSON.parse(readFileSync(new URL('../src/i18n/locales/en.json', import.meta.url), 'utf8'));
const markup = fixtures.map((fixture) =>
  renderFirstPaint({ language: 'en', texts: english, status: fixture }),
);
const page = readFileSync(`${dist}index.html`, 'utf8').replace(
  '<div id="root"></div>',
  `<div id="root">${markup.join('')}</div><div data-bs-theme="dark">${markup.join('')}</div>`,
);

const beasties = new Beasties({
  path: dist,
  publicPath: '/',
  // Only the inlined rules are taken from its answer; how the page links the whole stylesheet is the
  // gateway's (first-paint/page.ts).
  preload: 'body',
  pruneSource: false,
  reduceInlineStyles: false,
  inlineFonts: false,
  allowRules: SET_AT_ONCE,
  logLevel: 'warn',
});
const processed = await beasties.process(page);
const css = [...processed.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('');
if (css.length === 0) throw new Error('Beasties found no rule of the stylesheet in the first paint');
writeFileSync(`${dist}ssr/first-paint.css`, css);
console.log(`first paint: ${css.length} bytes of critical CSS`);
