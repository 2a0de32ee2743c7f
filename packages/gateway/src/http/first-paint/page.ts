/**
 * The console's HTML page as the gateway serves it (docs/console.md, First paint): index.html in the
 * visitor's language, with
 * - the first-load texts of that language when the gateway has them (a JSON script; `data-texts` on
 *   <html> names their language), else a module preload of that language's chunk;
 * - on `/`, the live snapshot (a JSON script) and, when the gateway rendered it, the first paint: the
 *   markup in the root (its attribute names the language, which the console checks before it hydrates),
 *   the stylesheet's rules for it inline, and the whole stylesheet linked after the markup, so the paint
 *   waits for no stylesheet request.
 * The page's data follows the markup: the scripts read it once the page is parsed.
 */
import {
  type BuiltInLanguage,
  CONSOLE_TEXTS_ID,
  LIVE_SNAPSHOT_ID,
  RENDERED_ATTRIBUTE,
  ROOT_ID,
  TEXTS_ATTRIBUTE,
} from '@dtu-console/contract';

export interface PageParts {
  language: BuiltInLanguage;
  /** The first-load texts of `language` as JSON, or null. */
  texts: string | null;
  /** The URL of `language`'s chunk, preloaded when the page carries no texts. */
  languageChunk: string | undefined;
  /** The live snapshot as JSON, or null (not `/`, or this visitor may not read live data). */
  snapshot: string | null;
  /** The rendered first paint with its rules, or null. */
  firstPaint: { markup: string; css: string } | null;
}

/** An empty element right after the root: once it is parsed, so is the whole rendered markup. */
const END_ID = 'first-paint-end';
/** Holds rendering until that element has been parsed (browsers that know it; others paint as before). */
const RENDER_WHOLE = `<link rel="expect" href="#${END_ID}" blocking="render">`;
const STYLESHEET = /<link rel="stylesheet"[^>]*>/;
const EMPTY_ROOT = `<div id="${ROOT_ID}"></div>`;

/** JSON text inside a <script>: `<` escaped, so no value can close the element. */
function scriptSafe(json: string): string {
  return json.replace(/</g, '\\u003c');
}

/** `</style` inside CSS would end the element; no stylesheet of ours has it, but a page must not break. */
function styleSafe(css: string): string {
  return css.replace(/<\/style/gi, '<\\/style');
}

function jsonScript(id: string, json: string): string {
  return `<script id="${id}" type="application/json">${scriptSafe(json)}</script>`;
}

export function consolePage(indexHtml: string, parts: PageParts): string {
  const { language, texts, languageChunk, snapshot, firstPaint } = parts;
  const htmlAttributes =
    texts !== null ? ` lang="${language}" ${TEXTS_ATTRIBUTE}="${language}"` : ` lang="${language}"`;
  let html = indexHtml.replace(
    /<html\b([^>]*)>/,
    (_tag, attributes: string) => `<html${attributes.replace(/\slang="[^"]*"/g, '')}${htmlAttributes}>`,
  );
  let data = '';
  if (texts !== null) data += jsonScript(CONSOLE_TEXTS_ID, texts);
  else if (languageChunk) {
    html = html.replace('</head>', `<link rel="modulepreload" crossorigin href="${languageChunk}"></head>`);
  }
  if (snapshot !== null) data += jsonScript(LIVE_SNAPSHOT_ID, snapshot);
  if (!firstPaint) return html.replace('</head>', `${data}</head>`);

  // Nothing is painted before the whole first paint is parsed: on a slow link the page arrives in pieces,
  // and a part painted alone (the brand icon before its name) would move when the rest comes.
  const stylesheet = STYLESHEET.exec(html)?.[0] ?? '';
  return html
    .replace(STYLESHEET, `${RENDER_WHOLE}<style>${styleSafe(firstPaint.css)}</style>`)
    .replace(
      EMPTY_ROOT,
      `<div id="${ROOT_ID}" ${RENDERED_ATTRIBUTE}="${language}">${firstPaint.markup}</div>` +
        `<template id="${END_ID}"></template>${stylesheet}${data}`,
    );
}
