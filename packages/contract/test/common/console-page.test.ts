import { describe, expect, it } from 'vitest';
import {
  acceptedLanguages,
  CONSOLE_LANGUAGES,
  cookieValue,
  pickConsoleLanguage,
} from '../../src/common/console-page';

describe('the console language', () => {
  it('takes the stored choice first, then the cookie', () => {
    expect(pickConsoleLanguage({ stored: 'fr', cookie: 'de', accepted: ['de-DE', 'en'] })).toBe('fr');
    expect(pickConsoleLanguage({ stored: null, cookie: 'de', accepted: ['fr'] })).toBe('de');
  });

  it('skips a stored choice or cookie naming no console language', () => {
    expect(pickConsoleLanguage({ stored: 'xx', cookie: 'yy', accepted: ['de-AT'] })).toBe('de');
  });

  it('then the browser languages in order, by their primary subtag', () => {
    expect(pickConsoleLanguage({ accepted: ['de-AT', 'en-US'] })).toBe('de');
    expect(pickConsoleLanguage({ accepted: ['FR-ca'] })).toBe('fr');
    expect(pickConsoleLanguage({ accepted: ['it-IT', 'fr-FR'] })).toBe('fr');
  });

  it('falls back to English', () => {
    expect(pickConsoleLanguage({})).toBe('en');
    expect(pickConsoleLanguage({ stored: 'xx', accepted: ['ja-JP'] })).toBe('en');
  });

  it('has English first', () => {
    expect(CONSOLE_LANGUAGES).toEqual(['en', 'de', 'fr']);
  });
});

describe('Accept-Language', () => {
  it('orders tags by weight, equal weights in their order, and drops weight 0', () => {
    expect(acceptedLanguages('it-IT,fr-CA;q=0.8,de;q=0.9')).toEqual(['it-IT', 'de', 'fr-CA']);
    expect(acceptedLanguages('FR-ca, en;q=0.5')).toEqual(['FR-ca', 'en']);
    expect(acceptedLanguages('de;q=0, fr;q=0.1')).toEqual(['fr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('cookieValue', () => {
  it('finds a cookie by its exact name', () => {
    expect(cookieValue('a=1; locale=fr', 'locale')).toBe('fr');
    expect(cookieValue('mylocale=fr', 'locale')).toBeUndefined();
    expect(cookieValue(undefined, 'locale')).toBeUndefined();
  });
});
