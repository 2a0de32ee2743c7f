/**
 * The console's language as the gateway can tell it from a request, and the console's first-load texts
 * (`translation` namespace) of a language, so the page of `/` carries them and its first paint needs no
 * language request. The rule mirrors the console's `detectLanguage` (web/src/i18n): the visitor's stored
 * choice (the console mirrors it into the `locale` cookie), then the browser languages in order, then English.
 */
import { readFileSync } from 'node:fs';
import { type BuiltInLanguage, BuiltInLanguages } from '@dtu-console/contract';

import { CONSOLE_LOCALES_DIR } from '../paths';

/** The cookie the console writes beside its stored language choice (web/src/i18n). */
export const LANGUAGE_COOKIE = 'locale';
const FALLBACK: BuiltInLanguage = 'en';

function isBuiltIn(code: unknown): code is BuiltInLanguage {
  return typeof code === 'string' && Object.hasOwn(BuiltInLanguages, code);
}

/** A cookie's value in a Cookie header, as sent (no decoding). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === name) return value.join('=').trim();
  }
  return undefined;
}

/** Accept-Language tags, most wanted first (equal weights keep their order, as navigator.languages does). */
function acceptedTags(header: string | undefined): string[] {
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

export function pickConsoleLanguage(headers: {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}): BuiltInLanguage {
  const saved = cookieValue(headers.cookie, LANGUAGE_COOKIE);
  if (isBuiltIn(saved)) return saved;
  for (const tag of acceptedTags(headers['accept-language'])) {
    const first = tag.split('-', 1)[0]?.toLowerCase();
    if (isBuiltIn(first)) return first;
  }
  return FALLBACK;
}

/**
 * The first-load texts of each language as compact JSON, read once. Null when the console's sources are
 * not there (a stripped deployment): the page then goes without, and the console loads its language chunk.
 */
export function consoleTextsReader(
  dir: URL = CONSOLE_LOCALES_DIR,
): (language: BuiltInLanguage) => string | null {
  const cache = new Map<BuiltInLanguage, string | null>();
  return (language) => {
    let texts = cache.get(language);
    if (texts === undefined) {
      try {
        texts = JSON.stringify(JSON.parse(readFileSync(new URL(`${language}.json`, dir), 'utf8')));
      } catch {
        texts = null;
      }
      cache.set(language, texts);
    }
    return texts;
  };
}
