/**
 * The live view's first paint rendered on the gateway (docs/console.md, First paint): the console's own
 * components (on Preact's React compatibility layer), built for the server into the console build
 * (`<webRoot>/ssr/entry-server.js`), render the page of `/` from the snapshot and texts it carries, and
 * the stylesheet's critical rules go with them.
 *
 * Everything here is optional: without the bundle, or when it fails to load or to render, the page is
 * served as before (the console renders it in the browser) and the log says why, once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuiltInLanguage } from '@dtu-console/contract';
import { criticalCss } from './critical-css';

/** The folder of the console build that holds the SSR bundle (not served). */
export const SSR_DIR = 'ssr';
/** The SSR bundle inside the console build. */
export const SSR_BUNDLE = join(SSR_DIR, 'entry-server.js');

/** What the SSR bundle exports (packages/web/src/entry-server.tsx). */
interface SsrBundle {
  renderFirstPaint(input: { language: BuiltInLanguage; texts: object; status: unknown }): string;
}

export interface FirstPaint {
  /** The markup of `#root`. */
  markup: string;
  /** The stylesheet's rules that style it. */
  css: string;
}

export interface FirstPaintRenderer {
  /** Null when this page cannot be rendered (the reason is logged). */
  render(
    language: BuiltInLanguage,
    textsJson: string,
    status: unknown,
    statusJson: string,
  ): FirstPaint | null;
  /** Milliseconds of the renders that were not cached (the newest last, at most `RENDER_TIMES`). */
  readonly renderTimes: readonly number[];
}

interface Log {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

/**
 * Renders are cached by language and snapshot: every visitor of the same second gets the same page. A few
 * entries cover the three languages while the values change every few seconds.
 */
const CACHE_ENTRIES = 6;
const RENDER_TIMES = 50;
/** Classes the console sets right after it took over (the socket opens): styled before the stylesheet is. */
const CLASSES_SET_AT_ONCE = ['live-marker-online'];

/** The stylesheet the page links (`<link rel="stylesheet" … href="/assets/….css">`), as a file of webRoot. */
export function linkedStylesheet(indexHtml: string): string | null {
  const href = /<link rel="stylesheet"[^>]*\shref="\/([^"]+\.css)"/.exec(indexHtml)?.[1];
  return href ?? null;
}

/**
 * Loads the SSR bundle and the stylesheet of the console at `webRoot`. Resolves to null (and logs why) when
 * either is missing or the bundle does not load.
 */
export async function loadFirstPaintRenderer(
  webRoot: string,
  indexHtml: string,
  log: Log,
): Promise<FirstPaintRenderer | null> {
  const bundlePath = join(webRoot, SSR_BUNDLE);
  if (!existsSync(bundlePath)) {
    log.warn(
      { bundle: bundlePath },
      'No first-paint bundle in the console build: / is painted by the browser',
    );
    return null;
  }
  let bundle: SsrBundle;
  let critical: ReturnType<typeof criticalCss>;
  try {
    const stylesheet = linkedStylesheet(indexHtml);
    if (!stylesheet) throw new Error('index.html links no stylesheet');
    critical = criticalCss(readFileSync(join(webRoot, stylesheet), 'utf8'), CLASSES_SET_AT_ONCE);
    bundle = (await import(pathToFileURL(bundlePath).href)) as SsrBundle;
    if (typeof bundle.renderFirstPaint !== 'function') throw new Error('it exports no renderFirstPaint');
  } catch (error) {
    log.warn(
      { bundle: bundlePath, err: error },
      'The first-paint bundle did not load: / is painted by the browser',
    );
    return null;
  }

  const cache = new Map<string, FirstPaint>();
  const texts = new Map<string, object>();
  const renderTimes: number[] = [];
  let failed = false;
  return {
    renderTimes,
    render(language, textsJson, status, statusJson) {
      const key = `${language}\n${statusJson}`;
      const cached = cache.get(key);
      if (cached) return cached;
      let parsed = texts.get(textsJson);
      if (!parsed) {
        parsed = JSON.parse(textsJson) as object;
        texts.set(textsJson, parsed);
      }
      const started = performance.now();
      let page: FirstPaint;
      try {
        const markup = bundle.renderFirstPaint({ language, texts: parsed, status });
        page = { markup, css: critical.for(markup) };
      } catch (error) {
        // One report is enough: the same bundle fails the same way on the next request.
        if (!failed)
          log.warn({ err: error }, 'The first paint failed to render: / is painted by the browser');
        failed = true;
        return null;
      }
      renderTimes.push(performance.now() - started);
      if (renderTimes.length > RENDER_TIMES) renderTimes.shift();
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, page);
      return page;
    },
  };
}
