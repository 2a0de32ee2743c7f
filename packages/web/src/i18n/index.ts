import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
const STORAGE_KEY = 'locale';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Spec §1: the saved locale first, then the browser language's first part, then English. */
export function detectLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const first = tag.split('-', 1)[0]?.toLowerCase();
    if (isLanguage(first)) return first;
  }
  return FALLBACK_LANGUAGE;
}

/** English ships in the main bundle; German and French load only when chosen. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load =
      language === 'de'
        ? import('./locales/de.json')
        : language === 'fr'
          ? import('./locales/fr.json')
          : null;
    if (!load) return callback(null, language === 'en' ? en : {});
    load.then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

function readSaved(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export async function initI18n(): Promise<typeof i18n> {
  const language = detectLanguage(readSaved(), navigator.languages ?? [navigator.language]);
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  document.documentElement.lang = language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n;
}

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
  await i18n.changeLanguage(language);
}

export { i18n };
