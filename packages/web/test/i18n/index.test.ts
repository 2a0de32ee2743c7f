import { describe, expect, it } from 'vitest';
import { pageTexts } from '../../src/i18n';
import de from '../../src/i18n/locales/de.json';

describe('pageTexts', () => {
  function pageWith(language: string | null, json: string | null): Document {
    const doc = document.implementation.createHTMLDocument('x');
    if (language) doc.documentElement.dataset.texts = language;
    if (json !== null) {
      const script = doc.createElement('script');
      script.id = 'console-texts';
      script.type = 'application/json';
      script.textContent = json;
      doc.head.append(script);
    }
    return doc;
  }

  it('returns the texts the gateway put into the page when they are in the wanted language', () => {
    expect(pageTexts(pageWith('de', JSON.stringify(de)), 'de')).toEqual(de);
  });

  it('ignores texts in another language (a stored choice the gateway did not know)', () => {
    expect(pageTexts(pageWith('de', JSON.stringify(de)), 'fr')).toBeNull();
  });

  it('ignores a page without texts or with broken ones', () => {
    expect(pageTexts(pageWith(null, null), 'en')).toBeNull();
    expect(pageTexts(pageWith('en', null), 'en')).toBeNull();
    expect(pageTexts(pageWith('en', '{"live":'), 'en')).toBeNull();
    expect(pageTexts(pageWith('en', '"text"'), 'en')).toBeNull();
  });
});
