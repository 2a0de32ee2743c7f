/**
 * The console's language as the gateway can tell it from a request, and the console's first-load texts
 * (`translation` namespace) of a language, so the page of `/` carries them and its first paint needs no
 * language request. The rule is the console's own (contract `pickConsoleLanguage`): the gateway sees the
 * stored choice through the cookie that mirrors it, and the browser's languages through Accept-Language.
 */
import { readFileSync } from 'node:fs';
import {
  acceptedLanguages,
  type BuiltInLanguage,
  cookieValue,
  LANGUAGE_COOKIE,
  pickConsoleLanguage,
} from '@dtu-console/contract';

import { CONSOLE_LOCALES_DIR } from '../paths';

export function requestLanguage(headers: {
  cookie?: string | undefined;
  'accept-language'?: string | undefined;
}): BuiltInLanguage {
  return pickConsoleLanguage({
    cookie: cookieValue(headers.cookie, LANGUAGE_COOKIE),
    accepted: acceptedLanguages(headers['accept-language']),
  });
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
