import {
  type BuiltInLanguage,
  CONSOLE_LANGUAGES,
  CONSOLE_TEXTS_ID,
  cookieValue,
  isConsoleLanguage,
  LANGUAGE_COOKIE,
  pickConsoleLanguage,
  TEXTS_ATTRIBUTE,
} from '@dtu-console/contract/common/console-page';
import i18n, { type BackendModule, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = CONSOLE_LANGUAGES;
export type Language = BuiltInLanguage;
/** The stored choice: localStorage under the same name as the cookie that mirrors it. */
const STORAGE_KEY = LANGUAGE_COOKIE;
const isLanguage = isConsoleLanguage;

/**
 * Every language is its own chunk, English too: a visitor downloads exactly the one language shown, and
 * the first load does not carry English for a German or French visitor. There is no fallback language
 * to load as well; a test keeps the key sets of the three languages identical instead.
 *
 * `translation` (locales/<lang>.json) holds what the first load shows — the shell, every screen title and
 * the live view. Every other namespace (locales/<ns>/<lang>.json) is loaded with the first screen or
 * dialog that asks for it (`useTranslation(NS)`, which falls back to `translation` for shared keys):
 * `extra` the live view's dialogs, the login and the about page; the others below. A screen loads only its
 * own texts: a response code's answer (`apiresponse.<code>`) is in its domain's namespace, the common ones
 * in `forms` (docs/console.md, Route bytes).
 */
export const EXTRA_NS = 'extra';
/** Texts of the maintenance and info screens (config management, firmware, reboot, info, console). */
export const MAINTENANCE_NS = 'maintenance';
/** Texts of the settings screens (locales/settings/<lang>.json), loaded with the first of them. */
export const SETTINGS_NS = 'settings';
/** Texts of the history card on the live view and the history settings (locales/history/<lang>.json). */
export const HISTORY_NS = 'history';
/** Texts of the power limiter and its meter (locales/powerlimiter/<lang>.json): settings screen, live card. */
export const POWERLIMITER_NS = 'powerlimiter';
/** Texts of the battery and its charge controllers (locales/battery/<lang>.json): settings, live card. */
export const BATTERY_NS = 'battery';
/** Texts of the alert list and the alert settings (locales/alerts/<lang>.json). */
export const ALERTS_NS = 'alerts';
/** Texts of the Hoymiles Wi-Fi devices card (locales/wifi/<lang>.json). */
export const WIFI_NS = 'wifi';
/**
 * What every form and every request that sends something needs (locales/forms/<lang>.json): the form's
 * buttons and rule messages (`form.*`), the serial field (`serial.*`), the common response codes (1xxx) and
 * the text of an answer the console does not understand. The codes of a domain are in that domain's
 * namespace (`apiresponse.<code>`: settings, maintenance, history, powerlimiter, battery, alerts, wifi; the
 * live view's dialogs in `extra`), so a screen loads its own texts and this one only.
 */
export const FORMS_NS = 'forms';
type Namespace =
  | 'translation'
  | typeof EXTRA_NS
  | typeof MAINTENANCE_NS
  | typeof SETTINGS_NS
  | typeof HISTORY_NS
  | typeof POWERLIMITER_NS
  | typeof BATTERY_NS
  | typeof ALERTS_NS
  | typeof WIFI_NS
  | typeof FORMS_NS;
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
  powerlimiter: {
    en: () => import('./locales/powerlimiter/en.json'),
    de: () => import('./locales/powerlimiter/de.json'),
    fr: () => import('./locales/powerlimiter/fr.json'),
  },
  battery: {
    en: () => import('./locales/battery/en.json'),
    de: () => import('./locales/battery/de.json'),
    fr: () => import('./locales/battery/fr.json'),
  },
  alerts: {
    en: () => import('./locales/alerts/en.json'),
    de: () => import('./locales/alerts/de.json'),
    fr: () => import('./locales/alerts/fr.json'),
  },
  wifi: {
    en: () => import('./locales/wifi/en.json'),
    de: () => import('./locales/wifi/de.json'),
    fr: () => import('./locales/wifi/fr.json'),
  },
  forms: {
    en: () => import('./locales/forms/en.json'),
    de: () => import('./locales/forms/de.json'),
    fr: () => import('./locales/forms/fr.json'),
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

/**
 * The stored choice is mirrored into a cookie: the gateway reads it to put the chosen language's
 * first-load texts into the page (gateway/src/http/console-language.ts).
 */
function mirrorIntoCookie(language: Language): void {
  if (cookieValue(document.cookie, LANGUAGE_COOKIE) === language) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API needs a secure context; the console is mostly served over plain HTTP on the LAN.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The first-load texts the gateway put into the page, when they are in `language` (the page's
 * `data-texts` names theirs): the first render then needs no language chunk.
 */
export function pageTexts(doc: Document, language: Language): object | null {
  if (doc.documentElement.getAttribute(TEXTS_ATTRIBUTE) !== language) return null;
  const text = doc.getElementById(CONSOLE_TEXTS_ID)?.textContent;
  if (!text) return null;
  try {
    const texts: unknown = JSON.parse(text);
    return texts !== null && typeof texts === 'object' ? texts : null;
  } catch {
    return null;
  }
}

/** The options the console's texts are set up with; the gateway's first-paint render uses the same. */
export function i18nOptions(language: Language): InitOptions {
  return {
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: ['translation'],
    defaultNS: 'translation',
    fallbackNS: 'translation',
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}

/** The console's language for this visitor (the contract's rule, as the gateway applies it too). */
export function consoleLanguage(): Language {
  return pickConsoleLanguage({
    stored: readSaved(),
    cookie: cookieValue(document.cookie, LANGUAGE_COOKIE),
    accepted: navigator.languages ?? [navigator.language],
  });
}

export async function initI18n(): Promise<typeof i18n> {
  const saved = readSaved();
  const language = consoleLanguage();
  if (isLanguage(saved)) mirrorIntoCookie(saved);
  const texts = pageTexts(document, language);
  await i18n
    .use(lazyLocales)
    .use(initReactI18next)
    .init({
      // The page's texts make the first namespace ready at once (no await on a chunk); the other
      // namespaces, and other languages, still come from the backend.
      ...(texts
        ? {
            resources: { [language]: { translation: texts } },
            partialBundledLanguages: true,
            initAsync: false,
          }
        : {}),
      ...i18nOptions(language),
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
  mirrorIntoCookie(language);
  await i18n.changeLanguage(language);
}

export { i18n };
