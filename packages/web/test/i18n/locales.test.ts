import { UPLOAD_REFUSALS } from '@dtu-console/contract/file/upload-refusals';
import { describe, expect, it } from 'vitest';
import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import deExtra from '../../src/i18n/locales/extra/de.json';
import enExtra from '../../src/i18n/locales/extra/en.json';
import frExtra from '../../src/i18n/locales/extra/fr.json';
import deForms from '../../src/i18n/locales/forms/de.json';
import enForms from '../../src/i18n/locales/forms/en.json';
import frForms from '../../src/i18n/locales/forms/fr.json';
import fr from '../../src/i18n/locales/fr.json';
import deHistory from '../../src/i18n/locales/history/de.json';
import enHistory from '../../src/i18n/locales/history/en.json';
import frHistory from '../../src/i18n/locales/history/fr.json';
import deMaintenance from '../../src/i18n/locales/maintenance/de.json';
import enMaintenance from '../../src/i18n/locales/maintenance/en.json';
import frMaintenance from '../../src/i18n/locales/maintenance/fr.json';
import deSettings from '../../src/i18n/locales/settings/de.json';
import enSettings from '../../src/i18n/locales/settings/en.json';
import frSettings from '../../src/i18n/locales/settings/fr.json';

function flatKeys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Every locale file by namespace folder ('' for the first-load `translation`) and language. */
const NAMESPACE_FILES: Record<string, Record<string, object>> = {};
for (const [path, texts] of Object.entries(
  import.meta.glob<object>('../../src/i18n/locales/**/*.json', { eager: true, import: 'default' }),
)) {
  const match = /locales\/(?:([\w-]+)\/)?(\w+)\.json$/.exec(path);
  if (!match) continue;
  const namespace = match[1] ?? '';
  NAMESPACE_FILES[namespace] ??= {};
  (NAMESPACE_FILES[namespace] as Record<string, object>)[match[2] as string] = texts;
}

function flatTexts(value: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, child]) =>
      typeof child === 'object' && child !== null
        ? Object.entries(flatTexts(child, `${prefix}${key}.`))
        : [[`${prefix}${key}`, String(child)]],
    ),
  );
}

/** The `{{name}}` placeholders of a text, sorted. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.,\s]+?)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('have the same keys in every language, in every namespace', () => {
    const namespaces = Object.keys(NAMESPACE_FILES);
    // The namespaces the console loads and the gateway's own (events, alert texts): all of them.
    expect(namespaces).toEqual(
      expect.arrayContaining(['', 'events', 'alert-messages', 'powerlimiter', 'wifi']),
    );
    for (const namespace of namespaces) {
      const files = NAMESPACE_FILES[namespace]!;
      const keys = flatKeys(files.en!).sort();
      expect(flatKeys(files.de!).sort(), `${namespace || 'translation'} (de)`).toEqual(keys);
      expect(flatKeys(files.fr!).sort(), `${namespace || 'translation'} (fr)`).toEqual(keys);
    }
  });
  it('use the same placeholders in every language', () => {
    for (const [namespace, files] of Object.entries(NAMESPACE_FILES)) {
      const en = flatTexts(files.en!);
      for (const language of ['de', 'fr'] as const) {
        const other = flatTexts(files[language]!);
        for (const [key, text] of Object.entries(en)) {
          expect(
            placeholders(other[key] ?? ''),
            `${namespace || 'translation'}:${key} (${language})`,
          ).toEqual(placeholders(text));
        }
      }
    }
  });
  it('never define a key in two namespaces', () => {
    const core = new Set(flatKeys(en));
    const extra = new Set(flatKeys(enExtra));
    expect(flatKeys(enExtra).filter((key) => core.has(key))).toEqual([]);
    expect(flatKeys(enMaintenance).filter((key) => core.has(key) || extra.has(key))).toEqual([]);
    const maintenance = new Set(flatKeys(enMaintenance));
    expect(
      flatKeys(enSettings).filter((key) => core.has(key) || extra.has(key) || maintenance.has(key)),
    ).toEqual([]);
    const settings = new Set(flatKeys(enSettings));
    expect(
      flatKeys(enHistory).filter(
        (key) => core.has(key) || extra.has(key) || maintenance.has(key) || settings.has(key),
      ),
    ).toEqual([]);
  });
  it('translate every upload refusal of the gateway, with the same values', () => {
    const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]).sort();
    for (const locale of [enMaintenance, deMaintenance, frMaintenance]) {
      const texts = locale.refusal as Record<string, string>;
      expect(Object.keys(texts).sort()).toEqual(Object.keys(UPLOAD_REFUSALS).sort());
      for (const [refusal, text] of Object.entries(UPLOAD_REFUSALS)) {
        expect(names(texts[refusal] ?? '', /\{\{(\w+)\}\}/g), refusal).toEqual(names(text, /\{(\w+)\}/g));
      }
    }
  });
  it('have no empty texts', () => {
    for (const locale of [
      en,
      de,
      fr,
      enExtra,
      deExtra,
      frExtra,
      enMaintenance,
      deMaintenance,
      frMaintenance,
      enSettings,
      deSettings,
      frSettings,
      enHistory,
      deHistory,
      frHistory,
      enForms,
      deForms,
      frForms,
    ]) {
      const walk = (value: object) => {
        for (const child of Object.values(value)) {
          if (typeof child === 'object' && child !== null) walk(child);
          else expect(String(child).trim()).not.toBe('');
        }
      };
      walk(locale);
    }
  });
});
