/**
 * An alert's text in en, de or fr, made when it is read (so the console's language decides, and an event
 * message comes from the same tables as GET /api/eventlog/status).
 */
import type { AlertRuleId } from '@dtu-console/contract';
import { eventMessage, FAMILIES, familyOfSerial } from '@dtu-console/hoymiles';
import { type EventLocale, translateEventMessage } from '../i18n/event-messages';
import type { AlertRow } from './alert-store';
import { meterReason } from './meter-reasons';

interface Parts {
  who: string;
  string: string;
  figure: string;
  event: string;
  /** Why the meter gives no reading (meter rule). */
  reason: string;
}

const TEXTS: Record<AlertRuleId, Record<EventLocale, (p: Parts) => string>> = {
  unreachable: {
    en: (p) => `${p.who} does not answer in daylight`,
    de: (p) => `${p.who} antwortet bei Tageslicht nicht`,
    fr: (p) => `${p.who} ne répond pas en plein jour`,
  },
  string: {
    en: (p) => `${p.who}: string ${p.string} delivers ${p.figure} % less than the others`,
    de: (p) => `${p.who}: String ${p.string} liefert ${p.figure} % weniger als die anderen`,
    fr: (p) => `${p.who} : la chaîne ${p.string} produit ${p.figure} % de moins que les autres`,
  },
  alarm: {
    en: (p) => `${p.who}: ${p.event}`,
    de: (p) => `${p.who}: ${p.event}`,
    fr: (p) => `${p.who} : ${p.event}`,
  },
  radio: {
    en: (p) => `${p.who}: the radio loses ${p.figure} % of its requests`,
    de: (p) => `${p.who}: Funk verliert ${p.figure} % der Anfragen`,
    fr: (p) => `${p.who} : la radio perd ${p.figure} % des requêtes`,
  },
  meter: {
    en: (p) => `Electricity meter: no valid reading (${p.reason})`,
    de: (p) => `Stromzähler: kein gültiger Messwert (${p.reason})`,
    fr: (p) => `Compteur électrique : aucune mesure valide (${p.reason})`,
  },
  limiter: {
    en: () => 'Power limiter in fallback: the inverters hold the base load limit',
    de: () => 'Leistungsbegrenzer im Ersatzbetrieb: die Wechselrichter halten das Grundlast-Limit',
    fr: () => 'Limiteur de puissance en mode de repli : les onduleurs tiennent la limite de charge de base',
  },
  grid_signal_lost: {
    en: (p) => `Grid operator signal cannot be read: the last step (${p.figure} %) is kept`,
    de: (p) => `Signal des Netzbetreibers nicht lesbar: die letzte Stufe (${p.figure} %) bleibt`,
    fr: (p) => `Signal du gestionnaire de réseau illisible : le dernier palier (${p.figure} %) est conservé`,
  },
  grid_signal: {
    en: (p) => `Grid operator signal reduces feed-in to ${p.figure} %`,
    de: (p) => `Signal des Netzbetreibers begrenzt die Einspeisung auf ${p.figure} %`,
    fr: (p) => `Le signal du gestionnaire de réseau limite l'injection à ${p.figure} %`,
  },
};

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
  return TEXTS[row.rule][locale](parts);
}
