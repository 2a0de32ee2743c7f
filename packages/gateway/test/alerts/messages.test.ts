/**
 * The alert texts: each rule's sentence in en, de and fr from the locale files, every placeholder filled,
 * the meter's reason as a clause, an unknown reason as it came.
 */
import { AlertRuleIds } from '@dtu-console/contract';
import { PowerMeterProblemCodes } from '@dtu-console/contract/powermeter/limits';
import { describe, expect, it } from 'vitest';
import type { AlertRow } from '../../src/alerts/alert-store';
import { alertMessage, meterReason } from '../../src/alerts/messages';
import type { EventLocale } from '../../src/i18n/event-messages';

const LOCALES: EventLocale[] = ['en', 'de', 'fr'];

const row = (overrides: Partial<AlertRow>): AlertRow => ({
  id: 1,
  rule: 'unreachable',
  serial: '114172220003',
  name: 'Garage roof',
  channel: null,
  messageId: null,
  figure: null,
  tag: '',
  detail: '',
  started: 0,
  ended: null,
  acknowledged: false,
  ...overrides,
});

const noName = () => '';

describe('alert messages', () => {
  it('say every rule in every language, with no placeholder left', () => {
    for (const locale of LOCALES) {
      for (const rule of AlertRuleIds) {
        const text = alertMessage(row({ rule, figure: 42, detail: 'stale', channel: 1 }), locale, noName);
        expect(text, `${rule} in ${locale}`).not.toMatch(/\{\{|\}\}/);
        expect(text.length, `${rule} in ${locale}`).toBeGreaterThan(10);
      }
    }
  });

  it('fill in who, the string, the figure and the meter reason', () => {
    expect(alertMessage(row({}), 'en', noName)).toBe(
      'Garage roof (114172220003) does not answer in daylight',
    );
    expect(alertMessage(row({ name: '' }), 'de', noName)).toBe('114172220003 antwortet bei Tageslicht nicht');
    const names = (_serial: string, channel: number) => (channel === 1 ? 'West' : '');
    expect(alertMessage(row({ rule: 'string', channel: 1, figure: 35 }), 'fr', names)).toBe(
      'Garage roof (114172220003) : la chaîne West produit 35 % de moins que les autres',
    );
    expect(alertMessage(row({ rule: 'string', channel: 0, figure: 35 }), 'en', names)).toBe(
      'Garage roof (114172220003): string 1 delivers 35 % less than the others',
    );
    expect(alertMessage(row({ rule: 'meter', serial: '', name: '', detail: 'stale' }), 'de', noName)).toBe(
      'Stromzähler: kein gültiger Messwert (der letzte Messwert ist zu alt)',
    );
  });

  it('have a reason for every meter problem in every language, and show an unknown one as it came', () => {
    for (const locale of LOCALES) {
      for (const code of PowerMeterProblemCodes) expect(meterReason(code, locale), code).not.toBe(code);
    }
    expect(meterReason('from-a-newer-version', 'fr')).toBe('from-a-newer-version');
  });
});
