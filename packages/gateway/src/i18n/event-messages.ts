/**
 * Event-log texts in German and French for GET /api/eventlog/status?locale=. The English
 * texts are the protocol library's (packages/hoymiles/data/alarm-codes.json); this table only adds the
 * other two languages.
 *
 * A translation is used only when its English text is the one the library produced: an id whose English
 * meaning changed upstream (or the HMT variant of an id) never shows the translation of a different text,
 * it falls back to English until the table is updated. Ids above 255 reach the API only from the MI
 * series (its status codes, docs/protocol.md); the ones its status can name are translated.
 */
import { UNKNOWN_EVENT_MESSAGE } from '@dtu-console/hoymiles';

export type EventLocale = 'en' | 'de' | 'fr';

interface EventTexts {
  en: string;
  de?: string;
  fr?: string;
}

/** `locale` as docs/api.md reads it: en/de/fr in any case; anything else (or nothing) is English. */
export function parseEventLocale(value: unknown): EventLocale {
  const text = typeof value === 'string' ? value.toLowerCase() : '';
  return text === 'de' || text === 'fr' ? text : 'en';
}

const t = (en: string, de: string, fr: string): EventTexts => ({ en, de, fr });

const pvRange = (n: number) =>
  t(
    `PV${n} input voltage out of range`,
    `Eingangsspannung PV${n} außerhalb des Bereichs`,
    `Tension d'entrée PV${n} hors plage`,
  );

const pvShaded = (n: number) =>
  t(
    `input PV${n} probably shaded`,
    `Eingang PV${n} vermutlich verschattet`,
    `Entrée PV${n} probablement ombragée`,
  );
const pvNoPower = (n: number) =>
  t(`no power on input PV${n}`, `Keine Leistung an Eingang PV${n}`, `Aucune puissance sur l'entrée PV${n}`);
const voltageHigh = (input: string) =>
  t(
    `${input} input voltage too high`,
    `Eingangsspannung ${input} zu hoch`,
    `Tension d'entrée ${input} trop élevée`,
  );
const voltageLow = (input: string) =>
  t(
    `${input} input voltage too low`,
    `Eingangsspannung ${input} zu niedrig`,
    `Tension d'entrée ${input} trop basse`,
  );
const miswired = (mppt: string, inputs: string) =>
  t(
    `MPPT ${mppt}: ${inputs} wired incorrectly`,
    `MPPT ${mppt}: ${inputs} falsch angeschlossen`,
    `MPPT ${mppt} : ${inputs} mal câblés`,
  );

const OFFLINE = t('inverter went offline', 'Wechselrichter offline', 'Onduleur hors ligne');

/**
 * Per message id, every English text the library may give it (the common meaning and, where it differs,
 * the HMT one), each with its translations.
 */
const EVENT_TEXTS: Readonly<Record<number, readonly EventTexts[]>> = {
  1: [t('inverter has started', 'Wechselrichter gestartet', 'Onduleur démarré')],
  2: [
    t(
      'inverter clock was synchronised',
      'Uhrzeit des Wechselrichters synchronisiert',
      "Horloge de l'onduleur synchronisée",
    ),
  ],
  3: [
    t(
      'EEPROM read/write failure while running',
      'EEPROM-Lese-/Schreibfehler im Betrieb',
      'Erreur de lecture/écriture EEPROM en fonctionnement',
    ),
  ],
  4: [OFFLINE],
  11: [t('grid voltage spike', 'Spannungsspitze im Netz', 'Pic de tension sur le réseau')],
  12: [
    t(
      'sudden grid voltage drop',
      'Plötzlicher Abfall der Netzspannung',
      'Chute soudaine de la tension du réseau',
    ),
  ],
  13: [
    t(
      'abrupt grid frequency change',
      'Sprunghafte Änderung der Netzfrequenz',
      'Variation brusque de la fréquence du réseau',
    ),
  ],
  14: [
    t(
      'abrupt grid phase change',
      'Sprunghafte Phasenänderung im Netz',
      'Variation brusque de la phase du réseau',
    ),
  ],
  15: [
    t(
      'short transient disturbance on the grid',
      'Kurzzeitige Störung im Netz',
      'Perturbation transitoire brève sur le réseau',
    ),
  ],
  36: [
    t(
      'inverter bridge over-voltage or over-current',
      'Überspannung oder Überstrom in der Wechselrichterbrücke',
      'Surtension ou surintensité du pont onduleur',
    ),
  ],
  46: [t('flyback stage over-voltage', 'Überspannung der Flyback-Stufe', "Surtension de l'étage flyback")],
  47: [t('flyback stage over-current', 'Überstrom der Flyback-Stufe', "Surintensité de l'étage flyback")],
  48: [
    t(
      'flyback clamp over-voltage',
      'Überspannung der Flyback-Klemmschaltung',
      "Surtension du circuit d'écrêtage flyback",
    ),
  ],
  49: [
    t(
      'flyback clamp over-voltage (second clamp)',
      'Überspannung der Flyback-Klemmschaltung (zweite Klemmschaltung)',
      "Surtension du circuit d'écrêtage flyback (second circuit)",
    ),
  ],
  61: [t('calibration data invalid', 'Kalibrierdaten ungültig', "Données d'étalonnage invalides")],
  62: [
    t(
      'system configuration data invalid',
      'Systemkonfigurationsdaten ungültig',
      'Données de configuration du système invalides',
    ),
  ],
  63: [t('implausible production data', 'Unplausible Erzeugungsdaten', 'Données de production incohérentes')],
  71: [
    t(
      'power reduced because of high grid voltage (volt-watt)',
      'Leistung wegen hoher Netzspannung reduziert (Volt-Watt)',
      "Puissance réduite en raison d'une tension réseau élevée (volt-watt)",
    ),
  ],
  72: [
    t(
      'power reduced because of high grid frequency (frequency-watt)',
      'Leistung wegen hoher Netzfrequenz reduziert (Frequenz-Watt)',
      "Puissance réduite en raison d'une fréquence réseau élevée (fréquence-watt)",
    ),
  ],
  73: [
    t(
      'power reduced because of high temperature',
      'Leistung wegen hoher Temperatur reduziert',
      "Puissance réduite en raison d'une température élevée",
    ),
  ],
  95: [pvShaded(1)],
  96: [pvShaded(2)],
  97: [pvShaded(3)],
  98: [pvShaded(4)],
  121: [
    t(
      'over-temperature protection tripped',
      'Übertemperaturschutz ausgelöst',
      'Protection contre la surchauffe déclenchée',
    ),
  ],
  122: [
    t(
      'micro-inverter may have been stolen',
      'Mikrowechselrichter möglicherweise gestohlen',
      'Micro-onduleur peut-être volé',
    ),
  ],
  123: [
    t('locked by a remote command', 'Durch Fernbefehl gesperrt', 'Verrouillé par une commande à distance'),
  ],
  124: [
    t(
      'switched off by a remote command',
      'Durch Fernbefehl ausgeschaltet',
      'Éteint par une commande à distance',
    ),
  ],
  125: [
    t(
      'grid profile / grid settings invalid',
      'Netzprofil / Netzeinstellungen ungültig',
      'Profil réseau / paramètres réseau invalides',
    ),
  ],
  126: [t('software error 126', 'Softwarefehler 126', 'Erreur logicielle 126')],
  127: [t('firmware error', 'Firmwarefehler', 'Erreur du micrologiciel')],
  128: [
    t(
      'hardware configuration error',
      'Fehler in der Hardwarekonfiguration',
      'Erreur de configuration matérielle',
    ),
  ],
  129: [t('abnormal measurement bias', 'Auffällige Messabweichung', 'Biais de mesure anormal')],
  130: [OFFLINE],
  141: [t('grid voltage too high', 'Netzspannung zu hoch', 'Tension du réseau trop élevée')],
  142: [
    t(
      '10-minute mean grid voltage too high',
      '10-Minuten-Mittelwert der Netzspannung zu hoch',
      'Moyenne sur 10 minutes de la tension du réseau trop élevée',
    ),
  ],
  143: [t('grid voltage too low', 'Netzspannung zu niedrig', 'Tension du réseau trop basse')],
  144: [t('grid frequency too high', 'Netzfrequenz zu hoch', 'Fréquence du réseau trop élevée')],
  145: [t('grid frequency too low', 'Netzfrequenz zu niedrig', 'Fréquence du réseau trop basse')],
  146: [
    t(
      'grid frequency changes too fast',
      'Netzfrequenz ändert sich zu schnell',
      'La fréquence du réseau varie trop vite',
    ),
  ],
  147: [t('grid power failure', 'Netzausfall', 'Panne du réseau électrique')],
  148: [t('disconnected from the grid', 'Vom Netz getrennt', 'Déconnecté du réseau')],
  149: [t('islanding detected', 'Inselbetrieb erkannt', 'Îlotage détecté')],
  150: [
    t(
      'DC injection into the grid above limit',
      'Gleichstromeinspeisung ins Netz über dem Grenzwert',
      'Injection de courant continu dans le réseau au-delà de la limite',
    ),
  ],
  152: [
    t(
      'phase angle between two phases differed by more than 5 degrees over 10 times',
      'Phasenwinkel zwischen zwei Phasen wich mehr als 10-mal um über 5 Grad ab',
      "L'angle entre deux phases a dévié de plus de 5 degrés plus de 10 fois",
    ),
  ],
  171: [
    t(
      'abnormal phase-to-phase angle',
      'Auffälliger Winkel zwischen den Phasen',
      'Angle entre phases anormal',
    ),
  ],
  181: [
    t('insulation resistance abnormal', 'Isolationswiderstand auffällig', "Résistance d'isolement anormale"),
  ],
  182: [t('grounding abnormal', 'Erdung fehlerhaft', 'Mise à la terre anormale')],
  205: [voltageHigh('MPPT A')],
  206: [voltageHigh('MPPT B')],
  207: [voltageLow('MPPT A')],
  208: [voltageLow('MPPT B')],
  209: [pvNoPower(1)],
  210: [pvNoPower(2)],
  211: [pvNoPower(3)],
  212: [pvNoPower(4)],
  213: [miswired('A', 'PV1/PV2')],
  214: [miswired('B', 'PV3/PV4')],
  // 215..221: the HMT-6T reuses these ids for its third MPPT and inputs 5 and 6.
  215: [voltageHigh('PV1'), voltageHigh('MPPT C')],
  216: [voltageLow('PV1'), voltageLow('MPPT C')],
  217: [voltageHigh('PV2'), pvNoPower(5)],
  218: [voltageLow('PV2'), pvNoPower(6)],
  219: [voltageHigh('PV3'), miswired('C', 'PV5/PV6')],
  220: [voltageLow('PV3')],
  221: [
    voltageHigh('PV4'),
    t(
      'grid neutral conductor wired incorrectly',
      'Neutralleiter des Netzes falsch angeschlossen',
      'Conducteur neutre du réseau mal câblé',
    ),
  ],
  222: [voltageLow('PV4')],
  // The MI series' status codes (state × 1000 + code × 10, per input where the table has one per input).
  5051: [pvRange(1)],
  5052: [pvRange(2)],
  5053: [pvRange(3)],
  5054: [pvRange(4)],
  5070: [
    t(
      'over-temperature protection tripped',
      'Übertemperaturschutz ausgelöst',
      'Protection contre la surchauffe déclenchée',
    ),
  ],
  5080: [
    t('grid voltage out of range', 'Netzspannung außerhalb des Bereichs', 'Tension du réseau hors plage'),
  ],
  5090: [
    t('grid frequency out of range', 'Netzfrequenz außerhalb des Bereichs', 'Fréquence du réseau hors plage'),
  ],
  8310: [
    t(
      'switched off by a remote command',
      'Per Fernbefehl ausgeschaltet',
      'Éteint par une commande à distance',
    ),
  ],
  8320: [
    t('locked by a remote command', 'Per Fernbefehl gesperrt', 'Verrouillé par une commande à distance'),
  ],
};

/** The word for an id the library does not know ("a localized unknown word"). */
const UNKNOWN = t(UNKNOWN_EVENT_MESSAGE, 'Unbekannt', 'Inconnu');

/**
 * The event text in `locale`, given the English text the protocol library produced for `messageId`;
 * English when there is no translation for exactly that text.
 */
export function translateEventMessage(locale: EventLocale, messageId: number, english: string): string {
  if (locale === 'en') return english;
  const candidates = english === UNKNOWN_EVENT_MESSAGE ? [UNKNOWN] : (EVENT_TEXTS[messageId] ?? []);
  const texts = candidates.find((c) => c.en === english);
  return texts?.[locale] ?? english;
}

/** For tests: every (id, English text) pair the table translates. */
export function translatedEventTexts(): { id: number; en: string }[] {
  return Object.entries(EVENT_TEXTS).flatMap(([id, list]) =>
    list.map((texts) => ({ id: Number(id), en: texts.en })),
  );
}
