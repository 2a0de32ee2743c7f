import { Code } from '@dtu-console/contract/codes';
import { envelope } from '@dtu-console/contract/envelope';
import { describe, expect, it } from 'vitest';
import { responseAlert } from '../../src/api/response';
import { i18n } from '../../src/i18n';
import de from '../../src/i18n/locales/extra/de.json';
import en from '../../src/i18n/locales/extra/en.json';
import fr from '../../src/i18n/locales/extra/fr.json';

describe('apiresponse texts', () => {
  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
  ])('%s has a text for every response code of the contract', (_language, locale) => {
    const texts = locale.apiresponse as Record<string, string>;
    const missing = Object.values(Code).filter((code) => !texts[String(code)]?.trim());
    expect(missing).toEqual([]);
  });

  it('uses the placeholders the code carries, and only those', () => {
    for (const locale of [en, de, fr]) {
      const texts = locale.apiresponse as Record<string, string>;
      for (const code of Object.values(Code)) {
        const text = texts[String(code)] ?? '';
        const placeholders = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
        for (const name of placeholders) expect(['min', 'max']).toContain(name);
      }
    }
  });
});

describe('responseAlert', () => {
  const t = i18n.getFixedT('en', 'extra');

  it('translates apiresponse.{code} with its param in the variant of type', () => {
    expect(responseAlert(t, envelope(Code.SettingsSaved))).toEqual({
      variant: 'success',
      text: 'Settings saved.',
    });
    expect(responseAlert(t, envelope(Code.LimitValueRange))).toEqual({
      variant: 'warning',
      text: 'The limit must not be above 2250.',
    });
    expect(responseAlert(t, envelope(Code.MqttPublishInterval))).toEqual({
      variant: 'warning',
      text: 'The publish interval must be between 5 and 86400 seconds.',
    });
    expect(
      responseAlert(i18n.getFixedT('de', 'extra'), { type: 'success', message: 'x', code: 1001 }),
    ).toMatchObject({
      text: expect.any(String),
    });
  });

  it('shows the message of a codeless answer and reports anything else', () => {
    expect(responseAlert(t, { type: 'warning', message: 'Invalid SSID.' })).toEqual({
      variant: 'warning',
      text: 'Invalid SSID.',
    });
    expect(responseAlert(t, null).variant).toBe('danger');
    expect(responseAlert(t, { code: 99999 }).variant).toBe('danger');
  });
});
