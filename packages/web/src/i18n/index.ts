import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';
const STORAGE_KEY = 'locale';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The saved locale first, then the browser language's first part, then English. */
export function detectLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of browserLanguages) {
    const first = tag.split('-', 1)[0]?.toLowerCase();
    if (isLanguage(first)) return first;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * Every language is its own chunk, English too: a visitor downloads exactly the one language shown, and
 * the first load does not carry English for a German or French visitor. There is no fallback language
 * to load as well; a test keeps the key sets of the three languages identical instead.
 *
 * Two namespaces per language: `translation` (locales/<lang>.json) holds what the first load shows — the
 * shell, every screen title and the live view; `extra` (locales/extra/<lang>.json) the texts of lazily
 * loaded screens and dialogs, loaded with the first of them (`useTranslation(EXTRA_NS)`, which falls back
 * to `translation` for shared keys). The maintenance and info screens have their own namespace,
 * `maintenance` (locales/maintenance/<lang>.json), loaded the same way.
 */
export const EXTRA_NS = 'extra';
/** Texts of the maintenance and info screens (config management, firmware, reboot, info, console). */
export const MAINTENANCE_NS = 'maintenance';
/** Texts of the settings screens (locales/settings/<lang>.json), loaded with the first of them. */
export const SETTINGS_NS = 'settings';
/** Texts of the history card on the live view and the history settings (locales/history/<lang>.json). */
export const HISTORY_NS = 'history';
type Namespace =
  | 'translation'
  | typeof EXTRA_NS
  | typeof MAINTENANCE_NS
  | typeof SETTINGS_NS
  | typeof HISTORY_NS;
const LOADERS: Record<Namespace, Record<Language, () => Promise<{ default: object }>>> = {
  translation: {
    en: () => import('./locales/en.json'),
    de: () => import('./locales/de.json'),
    fr: () => import('./locales/fr.json'),
  },
  extra: {
    en: () => import('./locales/extra/en.json'),
    de: () => import('./locales/extra/de.json'),
    fr: () => import('./locales/extra/fr.json'),
  },
  maintenance: {
    en: () => import('./locales/maintenance/en.json'),
    de: () => import('./locales/maintenance/de.json'),
    fr: () => import('./locales/maintenance/fr.json'),
  },
  settings: {
    en: () => import('./locales/settings/en.json'),
    de: () => import('./locales/settings/de.json'),
    fr: () => import('./locales/settings/fr.json'),
  },
  history: {
    en: () => import('./locales/history/en.json'),
    de: () => import('./locales/history/de.json'),
    fr: () => import('./locales/history/fr.json'),
  },
};

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const loader = isLanguage(language) ? LOADERS[namespace as Namespace]?.[language] : undefined;
    if (!loader) return callback(null, {});
    loader().then(
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
      fallbackLng: false,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      ns: ['translation'],
      defaultNS: 'translation',
      fallbackNS: 'translation',
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
