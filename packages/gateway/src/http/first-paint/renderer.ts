/**
 * The live view's first paint rendered on the gateway (docs/console.md, First paint): the console's own
 * components, built for the server with React's renderer into the console build
 * (`<webRoot>/ssr/entry-server.js`), render the page of `/` from the snapshot and texts it carries. The
 * stylesheet's rules for that markup were cut at build time (`<webRoot>/ssr/first-paint.css`).
 *
 * Everything here is optional: without the bundle or its stylesheet, or when either fails to load or a
 * render fails, the page is served as before (the console renders it in the browser) and the log says
 * why, once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BuiltInLanguage } from '@dtu-console/contract';

/** The folder of the console build that holds the SSR bundle and its stylesheet (not served). */
export const SSR_DIR = 'ssr';
/** The SSR bundle inside the console build. */
export const SSR_BUNDLE = join(SSR_DIR, 'entry-server.js');
/** The stylesheet's rules that style the first paint, cut at build time (web/scripts/first-paint-css.ts). */
export const SSR_STYLESHEET = join(SSR_DIR, 'first-paint.css');

/** What the SSR bundle exports (packages/web/src/entry-server.tsx). */
interface SsrBundle {
  renderFirstPaint(input: { language: BuiltInLanguage; texts: object; status: unknown }): string;
}

export interface FirstPaintRenderer {
  /** The stylesheet's rules the first paint needs, inlined into the page. */
  readonly css: string;
  /** The markup of `#root`, or null when this page cannot be rendered (the reason is logged). */
  render(language: BuiltInLanguage, textsJson: string, status: unknown, statusJson: string): string | null;
}

interface Log {
  warn(object: object, message: string): void;
}

/**
 * Renders are cached by language and snapshot: every visitor of the same second gets the same page. A few
 * entries cover the three languages while the values change every few seconds.
 */
const CACHE_ENTRIES = 6;

/** Loads the SSR bundle and its stylesheet from `webRoot`. Resolves to null (and logs why) without them. */
export async function loadFirstPaintRenderer(webRoot: string, log: Log): Promise<FirstPaintRenderer | null> {
  const bundlePath = join(webRoot, SSR_BUNDLE);
  if (!existsSync(bundlePath)) {
    log.warn(
      { bundle: bundlePath },
      'No first-paint bundle in the console build: / is painted by the browser',
    );
    return null;
  }
  let bundle: SsrBundle;
  let css: string;
  try {
    css = readFileSync(join(webRoot, SSR_STYLESHEET), 'utf8');
    bundle = (await import(pathToFileURL(bundlePath).href)) as SsrBundle;
    if (typeof bundle.renderFirstPaint !== 'function') throw new Error('it exports no renderFirstPaint');
  } catch (error) {
    log.warn(
      { bundle: bundlePath, err: error },
      'The first-paint bundle did not load: / is painted by the browser',
    );
    return null;
  }

  const cache = new Map<string, string>();
  const texts = new Map<string, object>();
  let failed = false;
  return {
    css,
    render(language, textsJson, status, statusJson) {
      const key = `${language}\n${statusJson}`;
      const cached = cache.get(key);
      if (cached !== undefined) return cached;
      let parsed = texts.get(textsJson);
      if (!parsed) {
        parsed = JSON.parse(textsJson) as object;
        texts.set(textsJson, parsed);
      }
      let markup: string;
      try {
        markup = bundle.renderFirstPaint({ language, texts: parsed, status });
      } catch (error) {
        // One report is enough: the same bundle fails the same way on the next request.
        if (!failed)
          log.warn({ err: error }, 'The first paint failed to render: / is painted by the browser');
        failed = true;
        return null;
      }
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
      cache.set(key, markup);
      return markup;
    },
  };
}
