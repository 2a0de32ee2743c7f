/** /api/i18n/*. Built-in en/de/fr are never listed. */

export interface LanguageEntry {
  code: string;
  name: string;
}

export type LanguagesResponse = LanguageEntry[];

/** `*.lang.json` pack as served by GET /api/i18n/language?code=. */
export interface LanguagePack {
  meta: LanguageEntry;
  /** printf-style strings for the local display. */
  display: Record<string, unknown>;
  /** Message tree for the web UI, shaped like the built-in locales. */
  webapp: Record<string, unknown>;
}
