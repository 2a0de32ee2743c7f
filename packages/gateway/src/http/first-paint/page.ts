/**
 * The page of `/` with its first paint in it: the rendered markup in `#root` (`data-ssr` names its
 * language, which the console checks before it hydrates), the critical CSS inline where the stylesheet was
 * linked, and after it the whole stylesheet, loaded without holding the paint back (applied when it has
 * arrived; a browser without scripts gets it through <noscript>). Once it has loaded, the page notes in a
 * cookie that the browser holds it (it is cached for good): the next page then links it as before, from
 * the cache, and carries no inline rules.
 */
import type { BuiltInLanguage } from '@dtu-console/contract';
import type { FirstPaint } from './renderer';

/** The cookie naming the stylesheet the browser has loaded (its path). */
export const STYLESHEET_COOKIE = 'css';

/** The id of the inline style with the first paint's critical CSS. */
export const CRITICAL_CSS_ID = 'first-paint-css';

/**
 * On <html> of a rendered page: the page's inline script then leaves its warm-up work until after the first
 * paint (packages/web/vite.config.ts).
 */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/** An empty element right after `#root`: once it is parsed, so is the whole rendered markup. */
const END_ID = 'first-paint-end';
/** Holds rendering until that element has been parsed (browsers that know it; others paint as before). */
const RENDER_WHOLE = `<link rel="expect" href="#${END_ID}" blocking="render">`;

/** `</style` inside CSS would end the element; no stylesheet of ours has it, but a page must not break. */
function styleSafe(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

function nonBlocking(link: string, href: string): string {
  const loaded = `document.cookie='${STYLESHEET_COOKIE}=${href};path=/;max-age=31536000;samesite=lax'`;
  const preload = link
    .replace('rel="stylesheet"', 'rel="preload" as="style"')
    .replace(/>$/, ` onload="this.onload=null;this.rel='stylesheet';${loaded}">`);
  return `${preload}<noscript>${link}</noscript>`;
}

/**
 * `cachedStylesheet`: the visitor's cookie names the page's stylesheet, so the browser holds it: linked as
 * before, it costs no request and no wait, and the page is lighter by the inline rules.
 */
export function pageWithFirstPaint(
  html: string,
  page: FirstPaint,
  language: BuiltInLanguage,
  cachedStylesheet: string | undefined,
): string {
  // Nothing is painted before the whole first paint is parsed: on a slow link the page arrives in pieces,
  // and a part painted alone (the brand icon before its name) would move when the rest comes.
  return html
    .replace(/<html\b/, `<html ${FIRST_PAINT_ATTRIBUTE}`)
    .replace(/<link rel="stylesheet"[^>]*>/, (link) => {
      const href = /\shref="([^"]*)"/.exec(link)?.[1] ?? '';
      if (href !== '' && href === cachedStylesheet) return `${RENDER_WHOLE}${link}`;
      // The inline rules come first: the whole stylesheet repeats them after, in its own order.
      return `${RENDER_WHOLE}<style id="${CRITICAL_CSS_ID}">${styleSafe(page.css)}</style>${nonBlocking(link, href)}`;
    })
    .replace(
      /<div id="root"><\/div>/,
      `<div id="root" data-ssr="${language}">${page.markup}</div><template id="${END_ID}"></template>`,
    );
}
