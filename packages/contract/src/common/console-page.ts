/**
 * The names gateway and console share in the HTML page of the console, and the rule both use to pick the
 * console's language. The gateway writes the page (http/console-static.ts), the console reads it (web
 * src/i18n, src/ws, main.tsx); each name is written here once.
 */
import { type BuiltInLanguage, BuiltInLanguages } from './console-limits';

export type { BuiltInLanguage };

/** The id of the JSON script with the live view's snapshot for the first paint. */
export const LIVE_SNAPSHOT_ID = 'live-snapshot';

/** The id of the JSON script with the console's first-load texts (`translation` namespace). */
export const CONSOLE_TEXTS_ID = 'console-texts';

/** The id of the element the console renders into. */
export const ROOT_ID = 'root';

/**
 * On <html>: the language of the texts the page carries (`data-texts`). Read with `dataset.texts`.
 */
export const TEXTS_ATTRIBUTE = 'data-texts';

/**
 * On the root element: the language the gateway rendered the first paint in (`data-ssr`), which the
 * console checks before it hydrates. Read with `dataset.ssr`.
 */
export const RENDERED_ATTRIBUTE = 'data-ssr';

/** The cookie the console writes beside its stored language choice, for the gateway to read. */
export const LANGUAGE_COOKIE = 'locale';

/** The console's languages, English first (the fallback). */
export const CONSOLE_LANGUAGES = Object.keys(BuiltInLanguages) as BuiltInLanguage[];
export const FALLBACK_LANGUAGE: BuiltInLanguage = 'en';

export function isConsoleLanguage(code: unknown): code is BuiltInLanguage {
  return typeof code === 'string' && Object.hasOwn(BuiltInLanguages, code);
}

/** What each side knows of the visitor's wish; absent parts are skipped. */
export interface LanguageWish {
  /** The choice stored in the browser (the console's localStorage). */
  stored?: string | null | undefined;
  /** The language cookie (the stored choice as the gateway sees it). */
  cookie?: string | null | undefined;
  /** The browser's languages, most wanted first (`navigator.languages`, or Accept-Language). */
  accepted?: readonly string[];
}

/**
 * The console's language: the stored choice, then the cookie, then the first of the browser's languages
 * the console has (by its primary subtag: `de-AT` is `de`), then English.
 */
export function pickConsoleLanguage({ stored, cookie, accepted = [] }: LanguageWish): BuiltInLanguage {
  if (isConsoleLanguage(stored)) return stored;
  if (isConsoleLanguage(cookie)) return cookie;
  for (const tag of accepted) {
    const primary = tag.split('-', 1)[0]?.toLowerCase();
    if (isConsoleLanguage(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * The language tags of an Accept-Language header, most wanted first: by weight, equal weights in their
 * order (as `navigator.languages` lists them); tags of weight 0 are left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((item, index) => {
      const [tag = '', ...params] = item.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** A cookie's value in a Cookie header or `document.cookie`, as sent (no decoding). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}
