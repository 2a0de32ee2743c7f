import { describe, expect, it } from 'vitest';
import { matchesEtag } from '../../src/http/conditional';

describe('If-None-Match', () => {
  const etag = '"abc"';
  it('matches the tag itself, a list holding it, its weak form and *', () => {
    expect(matchesEtag('"abc"', etag)).toBe(true);
    expect(matchesEtag('"x", "abc"', etag)).toBe(true);
    expect(matchesEtag('W/"abc"', etag)).toBe(true);
    expect(matchesEtag(' * ', etag)).toBe(true);
  });

  it('does not match another tag, a part of it, or no header', () => {
    expect(matchesEtag(undefined, etag)).toBe(false);
    expect(matchesEtag('"abcd"', etag)).toBe(false);
    expect(matchesEtag('abc', etag)).toBe(false);
    expect(matchesEtag('"x", "y"', etag)).toBe(false);
    expect(matchesEtag('', etag)).toBe(false);
  });
});
