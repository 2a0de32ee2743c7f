/**
 * Why the meter gives no valid reading, as a short clause in the alert message (en, de, fr), by the meter's
 * problem code. The console's meter screen says the same at more length in its own texts.
 */
import type { PowerMeterProblemCode } from '@dtu-console/contract';
import type { EventLocale } from '../i18n/event-messages';

const REASONS: Record<PowerMeterProblemCode, Record<EventLocale, string>> = {
  disabled: { en: 'no source switched on', de: 'keine Quelle eingeschaltet', fr: 'aucune source activée' },
  'no-reading': { en: 'no reading yet', de: 'noch kein Messwert', fr: 'aucune mesure encore' },
  stale: {
    en: 'the last reading is too old',
    de: 'der letzte Messwert ist zu alt',
    fr: 'la dernière mesure est trop ancienne',
  },
  'connection-refused': {
    en: 'connection refused',
    de: 'Verbindung abgelehnt',
    fr: 'connexion refusée',
  },
  'host-not-found': { en: 'host not found', de: 'Host nicht gefunden', fr: 'hôte introuvable' },
  unreachable: { en: 'not reachable', de: 'nicht erreichbar', fr: 'injoignable' },
  timeout: { en: 'no answer in time', de: 'keine Antwort in der Zeit', fr: 'pas de réponse à temps' },
  auth: {
    en: 'user name or password refused',
    de: 'Benutzername oder Passwort abgelehnt',
    fr: 'identifiant ou mot de passe refusé',
  },
  'http-status': { en: 'HTTP error', de: 'HTTP-Fehler', fr: 'erreur HTTP' },
  'not-json': {
    en: 'the answer is not JSON',
    de: 'die Antwort ist kein JSON',
    fr: "la réponse n'est pas du JSON",
  },
  'json-path': {
    en: 'JSON path not found in the answer',
    de: 'JSON-Pfad in der Antwort nicht gefunden',
    fr: 'chemin JSON introuvable dans la réponse',
  },
  'not-a-number': {
    en: 'the value is not a number',
    de: 'der Wert ist keine Zahl',
    fr: "la valeur n'est pas un nombre",
  },
  'broker-off': {
    en: "the gateway's MQTT is off",
    de: 'das MQTT des Gateways ist aus',
    fr: 'le MQTT de la passerelle est désactivé',
  },
  disconnected: {
    en: 'not connected to the MQTT broker',
    de: 'nicht mit dem MQTT-Broker verbunden',
    fr: 'pas connecté au broker MQTT',
  },
  'rpc-error': {
    en: 'the Shelly refused the request',
    de: 'der Shelly lehnte die Anfrage ab',
    fr: 'le Shelly a refusé la requête',
  },
  'not-simulated': {
    en: 'the simulated meter needs the simulated radio',
    de: 'der simulierte Zähler braucht das simulierte Funkmodul',
    fr: 'le compteur simulé exige la radio simulée',
  },
  'device-missing': {
    en: 'serial device not found',
    de: 'serielles Gerät nicht gefunden',
    fr: 'périphérique série introuvable',
  },
  'device-permission': {
    en: 'no permission for the device',
    de: 'keine Berechtigung für das Gerät',
    fr: 'pas de droit d’accès au périphérique',
  },
  'device-lost': {
    en: 'the serial device went away',
    de: 'das serielle Gerät ist weg',
    fr: 'le périphérique série a disparu',
  },
  'sml-crc': {
    en: 'SML telegrams fail their checksum',
    de: 'SML-Telegramme mit falscher Prüfsumme',
    fr: 'télégrammes SML à somme de contrôle fausse',
  },
  'sml-broken': {
    en: 'SML telegrams cannot be read',
    de: 'SML-Telegramme nicht lesbar',
    fr: 'télégrammes SML illisibles',
  },
  'sml-no-power': {
    en: 'the meter sends no power value',
    de: 'der Zähler sendet keine Leistung',
    fr: 'le compteur n’envoie pas de puissance',
  },
  'speedwire-foreign': {
    en: 'unreadable Speedwire datagrams',
    de: 'unlesbare Speedwire-Datagramme',
    fr: 'datagrammes Speedwire illisibles',
  },
  'multicast-join': {
    en: 'the multicast group cannot be joined',
    de: 'Multicast-Gruppe nicht beitretbar',
    fr: 'impossible de rejoindre le groupe multicast',
  },
  'modbus-exception': {
    en: 'the Modbus meter refused the request',
    de: 'der Modbus-Zähler lehnte die Anfrage ab',
    fr: 'le compteur Modbus a refusé la requête',
  },
  'modbus-unit': {
    en: 'no Modbus meter with that unit id',
    de: 'kein Modbus-Zähler mit dieser Adresse',
    fr: 'aucun compteur Modbus à cette adresse',
  },
};

/** The clause for a problem code; an unknown code (from a newer version's row) as it is. */
export function meterReason(code: string, locale: EventLocale): string {
  return (REASONS as Record<string, Record<EventLocale, string> | undefined>)[code]?.[locale] ?? code;
}
