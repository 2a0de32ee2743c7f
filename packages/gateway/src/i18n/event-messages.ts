/**
 * Event-log texts in German and French for GET /api/eventlog/status?locale=. The English
 * texts are the protocol library's (packages/hoymiles/data/alarm-codes.json); the translations live in the
 * console's locale namespace `events` (packages/web/src/i18n/locales/events/*.json), bundled at build time.
 *
 * A translation is used only when its English text is the one the library produced: an id whose English
 * meaning changed upstream (or the HMT variant of an id) never shows the translation of a different text,
 * it falls back to English until the locale files are updated. Ids above 255 reach the API only from the MI
 * series (its status codes, docs/protocol.md); the ones its status can name are translated.
 */
import { UNKNOWN_EVENT_MESSAGE } from '@dtu-console/hoymiles';
import deEvents from '../../../web/src/i18n/locales/events/de.json' with { type: 'json' };
import enEvents from '../../../web/src/i18n/locales/events/en.json' with { type: 'json' };
import frEvents from '../../../web/src/i18n/locales/events/fr.json' with { type: 'json' };

export type EventLocale = 'en' | 'de' | 'fr';

/** `locale` as docs/api.md reads it: en/de/fr in any case; anything else (or nothing) is English. */
export function parseEventLocale(value: unknown): EventLocale {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  return text === 'de' || text === 'fr' ? text : 'en';
}

/** One language's event texts: `<id>` for an id's common English meaning, `<id>~<n>` for another one (HMT). */
type EventCatalog = Readonly<Record<string, string>>;

const CATALOGS: Readonly<Record<EventLocale, EventCatalog>> = {
  en: enEvents.message,
  de: deEvents.message,
  fr: frEvents.message,
};

/** The catalog key whose English text is exactly `english`, among the keys of `messageId`. */
function keyOf(messageId: number, english: string): string | undefined {
  if (english === UNKNOWN_EVENT_MESSAGE) return 'unknown';
  const en = CATALOGS.en;
  for (let n = 0; ; n++) {
    const key = n === 0 ? `${messageId}` : `${messageId}~${n}`;
    const text = en[key];
    if (text === undefined) return undefined;
    if (text === english) return key;
  }
}

/**
 * The event text in `locale`, given the English text the protocol library produced for `messageId`;
 * English when there is no translation for exactly that text.
 */
export function translateEventMessage(locale: EventLocale, messageId: number, english: string): string {
  if (locale === 'en') return english;
  const key = keyOf(messageId, english);
  return (key === undefined ? undefined : CATALOGS[locale][key]) ?? english;
}

/** For tests: every (id, English text) pair the table translates. */
export function translatedEventTexts(): { id: number; en: string }[] {
  return Object.entries(CATALOGS.en)
    .filter(([key]) => key !== 'unknown')
    .map(([key, en]) => ({ id: Number(key.split('~')[0]), en }));
}
