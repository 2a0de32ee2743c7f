import { eventMessage } from '@dtu-console/hoymiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import alarmCodes from '../../../hoymiles/data/alarm-codes.json';
import { parseEventLocale, translatedEventTexts, translateEventMessage } from '../../src/i18n/event-messages';
import { expectAuthMatrix, expectSameShape, get } from '../helpers/api';
import { HM800, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

const codes = alarmCodes.codes as Record<
  string,
  { meaning: string | null; hmtMeaning?: string; reachableWithOneByteId: boolean }
>;

describe('event message translations', () => {
  it('reads locale case-insensitively; anything else is English', () => {
    expect(parseEventLocale('de')).toBe('de');
    expect(parseEventLocale('DE')).toBe('de');
    expect(parseEventLocale('Fr')).toBe('fr');
    expect(parseEventLocale('en')).toBe('en');
    expect(parseEventLocale('es')).toBe('en');
    expect(parseEventLocale('de-DE')).toBe('en');
    expect(parseEventLocale(undefined)).toBe('en');
    expect(parseEventLocale('')).toBe('en');
  });

  it('translates a few ids into German and French', () => {
    expect(translateEventMessage('de', 1, 'inverter has started')).toBe('Wechselrichter gestartet');
    expect(translateEventMessage('fr', 1, 'inverter has started')).toBe('Onduleur démarré');
    expect(translateEventMessage('de', 141, 'grid voltage too high')).toBe('Netzspannung zu hoch');
    expect(translateEventMessage('fr', 149, 'islanding detected')).toBe('Îlotage détecté');
    expect(translateEventMessage('de', 209, 'no power on input PV1')).toBe('Keine Leistung an Eingang PV1');
    expect(translateEventMessage('en', 1, 'inverter has started')).toBe('inverter has started');
  });

  it('translates the HMT variant of an id by its own text', () => {
    const hmt = eventMessage(217, 'HMT');
    expect(hmt).toBe('no power on input PV5');
    expect(translateEventMessage('de', 217, hmt)).toBe('Keine Leistung an Eingang PV5');
    expect(translateEventMessage('de', 217, eventMessage(217, 'ALL'))).toBe('Eingangsspannung PV2 zu hoch');
    expect(translateEventMessage('fr', 171, eventMessage(171, 'HMT'))).toBe('Angle entre phases anormal');
  });

  it('gives the localized unknown word for an unknown id', () => {
    const unknown = eventMessage(200, 'ALL');
    expect(unknown).toBe('Unknown');
    expect(translateEventMessage('de', 200, unknown)).toBe('Unbekannt');
    expect(translateEventMessage('fr', 200, unknown)).toBe('Inconnu');
    // 171 exists only on HMT: elsewhere it is unknown.
    expect(translateEventMessage('de', 171, eventMessage(171, 'ALL'))).toBe('Unbekannt');
  });

  it('falls back to English where there is no translation for exactly that text', () => {
    // Ids above 255 reach the API only from the MI series' status; the ones it cannot name stay English.
    expect(translateEventMessage('de', 5100, 'islanding detected')).toBe('islanding detected');
    // The MI series' status codes are translated.
    expect(translateEventMessage('de', 8310, 'switched off by a remote command')).toBe(
      'Per Fernbefehl ausgeschaltet',
    );
    expect(translateEventMessage('fr', 5051, 'PV1 input voltage out of range')).toBe(
      "Tension d'entrée PV1 hors plage",
    );
    // A text that changed upstream is not given the translation of the old one.
    expect(translateEventMessage('fr', 1, 'inverter has started up')).toBe('inverter has started up');
  });

  it('has German and French texts for every id the event parser can produce, matching alarm-codes.json', () => {
    const translated = new Set(translatedEventTexts().map((t) => `${t.id}:${t.en}`));
    for (const [id, code] of Object.entries(codes)) {
      if (!code.reachableWithOneByteId) continue;
      for (const english of [code.meaning, code.hmtMeaning]) {
        if (english === null || english === undefined) continue;
        expect(translated.has(`${id}:${english}`), `${id} "${english}"`).toBe(true);
        for (const locale of ['de', 'fr'] as const) {
          expect(translateEventMessage(locale, Number(id), english), `${locale} ${id}`).not.toBe(english);
        }
      }
    }
    // And no stale entries: every translated text is one the library has.
    for (const { id, en } of translatedEventTexts()) {
      const code = codes[String(id)];
      expect([code?.meaning, code?.hmtMeaning], `${id} "${en}"`).toContain(en);
    }
  });
});

describe('GET /api/eventlog/status', () => {
  let env: PlantGateway;
  beforeAll(async () => {
    env = await plantGateway();
    await env.advance(60_000);
  });
  afterAll(() => env.cleanup());

  const example = {
    count: 2,
    events: [{ message_id: 1, message: '<event text>', start_time: 25862, end_time: 0 }],
  };

  it('answers the inverter event log in the documented key order and types, English by default', async () => {
    const body = (await get(env.gateway, `/api/eventlog/status?inv=${HM800}`, null)).json();
    expectSameShape(body, example);
    expect(body.count).toBe(body.events.length);
    expect(body.count).toBeGreaterThan(0);
    const started = body.events.find((e: { message_id: number }) => e.message_id === 1);
    expect(started.message).toBe('inverter has started');
    const live = (await get(env.gateway, `/api/livedata/status?inv=${HM800}`, null)).json();
    expect(live.inverters[0].events).toBe(body.count);
  });

  it('translates the messages for locale=de / FR (case-insensitive) and falls back to English otherwise', async () => {
    const text = async (locale: string) =>
      (await get(env.gateway, `/api/eventlog/status?inv=${HM800}&locale=${locale}`, null))
        .json()
        .events.find((e: { message_id: number }) => e.message_id === 1).message;
    expect(await text('de')).toBe('Wechselrichter gestartet');
    expect(await text('FR')).toBe('Onduleur démarré');
    expect(await text('en')).toBe('inverter has started');
    expect(await text('it')).toBe('inverter has started');
    const de = (await get(env.gateway, `/api/eventlog/status?inv=${HM800}&locale=de`, null)).json();
    expectSameShape(de, example);
  });

  it('answers {} for a missing or unknown inv', async () => {
    for (const url of [
      '/api/eventlog/status',
      '/api/eventlog/status?inv=',
      '/api/eventlog/status?inv=0',
      '/api/eventlog/status?inv=123456789012&locale=de',
    ]) {
      const response = await get(env.gateway, url, null);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe('{}');
    }
  });

  it('is read-only', async () => {
    await expectAuthMatrix(env.gateway, [
      { method: 'GET', url: `/api/eventlog/status?inv=${HM800}`, level: 'readonly' },
    ]);
  });
});
