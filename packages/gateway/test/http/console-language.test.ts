import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { consoleTextsReader, requestLanguage } from '../../src/http/console-language';

describe('the console language of a request', () => {
  it('takes the stored choice (locale cookie) first', () => {
    expect(requestLanguage({ cookie: 'a=1; locale=fr', 'accept-language': 'de-DE,de;q=0.9' })).toBe('fr');
  });

  it('ignores a cookie naming no built-in language', () => {
    expect(requestLanguage({ cookie: 'locale=xx', 'accept-language': 'de-AT' })).toBe('de');
    expect(requestLanguage({ cookie: 'mylocale=fr', 'accept-language': 'de' })).toBe('de');
  });

  it('then the browser languages by weight, first part only, skipping unknown ones', () => {
    expect(requestLanguage({ 'accept-language': 'it-IT,fr-CA;q=0.8,de;q=0.9' })).toBe('de');
    expect(requestLanguage({ 'accept-language': 'FR-ca, en;q=0.5' })).toBe('fr');
    expect(requestLanguage({ 'accept-language': 'de;q=0, fr;q=0.1' })).toBe('fr');
  });

  it('falls back to English', () => {
    expect(requestLanguage({})).toBe('en');
    expect(requestLanguage({ 'accept-language': 'ja-JP,*;q=0.5' })).toBe('en');
  });
});

describe('the first-load texts', () => {
  it('are the console locale file as compact JSON, and null without one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dtu-locales-'));
    await writeFile(join(dir, 'de.json'), '{\n  "home": { "title": "Live-Ansicht" }\n}\n');
    const read = consoleTextsReader(pathToFileURL(`${dir}/`));
    expect(read('de')).toBe('{"home":{"title":"Live-Ansicht"}}');
    expect(read('fr')).toBeNull();
  });

  it('are there for every built-in language in the checkout', () => {
    const read = consoleTextsReader();
    for (const language of ['en', 'de', 'fr'] as const) {
      expect(JSON.parse(read(language) ?? 'null')).toHaveProperty('live');
    }
  });
});
