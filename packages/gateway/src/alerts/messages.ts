/**
 * An alert's text in en, de or fr, made when it is read (so the console's language decides, and an event
 * message comes from the same tables as GET /api/eventlog/status). The texts are the console's locale
 * namespace `alert-messages` (packages/web/src/i18n/locales/alert-messages/*.json), bundled at build
 * time: a rule's sentence with `{{…}}` placeholders, and the meter's reasons as short clauses by problem
 * code (the console's meter screen says the same at more length in its own texts).
 */
import type { AlertRuleId, PowerMeterProblemCode } from '@dtu-console/contract';
import { eventMessage, FAMILIES, familyOfSerial } from '@dtu-console/hoymiles';
import deTexts from '../../../web/src/i18n/locales/alert-messages/de.json' with { type: 'json' };
import enTexts from '../../../web/src/i18n/locales/alert-messages/en.json' with { type: 'json' };
import frTexts from '../../../web/src/i18n/locales/alert-messages/fr.json' with { type: 'json' };
import { type EventLocale, translateEventMessage } from '../i18n/event-messages';
import type { AlertRow } from './alert-store';

interface Parts {
  who: string;
  string: string;
  figure: string;
  event: string;
  /** Why the meter gives no reading (meter rule). */
  reason: string;
}

interface Catalog {
  rule: Readonly<Record<AlertRuleId, string>>;
  meterReason: Readonly<Record<PowerMeterProblemCode, string>>;
}

const CATALOGS: Readonly<Record<EventLocale, Catalog>> = { en: enTexts, de: deTexts, fr: frTexts };

/** The template with each `{{name}}` replaced by that part. */
function fill(template: string, parts: Parts): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in parts ? parts[name as keyof Parts] : whole,
  );
}

/** The clause for a meter problem code; an unknown code (from a newer version's row) as it is. */
export function meterReason(code: string, locale: EventLocale): string {
  return (CATALOGS[locale].meterReason as Readonly<Record<string, string | undefined>>)[code] ?? code;
}

/** Configured string name per serial and channel, if any. */
export type StringNames = (serial: string, channel: number) => string;

export function alertMessage(row: AlertRow, locale: EventLocale, stringName: StringNames): string {
  const family = familyOfSerial(row.serial);
  const english =
    row.messageId === null || family === undefined
      ? ''
      : eventMessage(row.messageId, FAMILIES[family].eventMessageSet);
  const channel = row.channel ?? 0;
  const parts: Parts = {
    who: row.name === '' ? row.serial : `${row.name} (${row.serial})`,
    string: stringName(row.serial, channel) || String(channel + 1),
    figure: String(row.figure ?? ''),
    event: row.messageId === null ? '' : translateEventMessage(locale, row.messageId, english),
    reason: meterReason(row.detail, locale),
  };
  return fill(CATALOGS[locale].rule[row.rule], parts);
}
