import { describe, expect, it } from 'vitest';
import { formatters } from '../../src/i18n/format';

describe('gatewayTime', () => {
  it("says the gateway's wall-clock time in the reader's language, whatever the browser's zone", () => {
    const text = 'Sunday, June 21 2026 23:36:40';
    expect(formatters('en').gatewayTime(text)).toBe('Sunday, June 21, 2026 at 23:36:40');
    expect(formatters('de').gatewayTime(text)).toBe('Sonntag, 21. Juni 2026 um 23:36:40');
    expect(formatters('fr').gatewayTime(text)).toBe('dimanche 21 juin 2026 à 23:36:40');
  });

  it('leaves what is not a time as it came', () => {
    expect(formatters('de').gatewayTime('--')).toBe('--');
  });
});
