import { AlertsCode } from '@dtu-console/contract/alerts/codes';
import { BatteryCode } from '@dtu-console/contract/battery/codes';
import { Code } from '@dtu-console/contract/codes';
import { CommonCode } from '@dtu-console/contract/common/common-codes';
import { envelope } from '@dtu-console/contract/common/envelope';
import { DeviceCode } from '@dtu-console/contract/device/codes';
import { DtuCode } from '@dtu-console/contract/dtu/codes';
import { HistoryCode } from '@dtu-console/contract/history/codes';
import { InverterCode } from '@dtu-console/contract/inverter/codes';
import { LimitCode } from '@dtu-console/contract/limit/codes';
import { MaintenanceCode } from '@dtu-console/contract/maintenance/codes';
import { MqttCode } from '@dtu-console/contract/mqtt/codes';
import { NetworkCode } from '@dtu-console/contract/network/codes';
import { NtpCode } from '@dtu-console/contract/ntp/codes';
import { PowerCode } from '@dtu-console/contract/power/codes';
import { PowerLimiterCode } from '@dtu-console/contract/powerlimiter/codes';
import { PowerMeterCode } from '@dtu-console/contract/powermeter/codes';
import { SecurityCode } from '@dtu-console/contract/security/codes';
import { TestClockCode } from '@dtu-console/contract/test-clock/codes';
import { WifiCode } from '@dtu-console/contract/wifi/codes';
import { describe, expect, it } from 'vitest';
import { responseAlert } from '../../src/api/response';
import { i18n } from '../../src/i18n';

type Texts = { apiresponse?: Record<string, string> };
const files = import.meta.glob<Texts>('../../src/i18n/locales/*/*.json', { eager: true, import: 'default' });

/** `apiresponse` of one namespace file, e.g. ('settings', 'fr'). */
function answersOf(namespace: string, language: string): Record<string, string> {
  return files[`../../src/i18n/locales/${namespace}/${language}.json`]?.apiresponse ?? {};
}

const NAMESPACES = [
  'forms',
  'extra',
  'settings',
  'maintenance',
  'history',
  'powerlimiter',
  'battery',
  'alerts',
  'wifi',
];
const LANGUAGES = ['en', 'de', 'fr'];

/**
 * Where the texts of each domain's codes live: the namespace the screens that get those answers load
 * (a settings screen its own namespace and `forms`, the live view's dialogs `extra` and `forms`).
 */
const homeOf: [string, Readonly<Record<string, number>>][] = [
  ['forms', CommonCode],
  ['settings', DtuCode],
  ['settings', InverterCode],
  ['settings', MqttCode],
  ['settings', NetworkCode],
  ['settings', NtpCode],
  ['settings', SecurityCode],
  ['settings', DeviceCode],
  ['maintenance', MaintenanceCode],
  ['extra', LimitCode],
  ['extra', PowerCode],
  ['history', HistoryCode],
  ['powerlimiter', PowerMeterCode],
  ['powerlimiter', PowerLimiterCode],
  ['battery', BatteryCode],
  ['alerts', AlertsCode],
  ['wifi', WifiCode],
  ['extra', TestClockCode],
];

describe('apiresponse texts', () => {
  it.each(LANGUAGES)(
    '%s has a text for every response code, once, in the namespace of its domain',
    (language) => {
      const homed = homeOf.flatMap(([, codes]) => Object.values(codes)).sort((a, b) => a - b);
      expect(homed).toEqual(Object.values(Code).sort((a, b) => a - b));
      for (const [namespace, codes] of homeOf) {
        const texts = answersOf(namespace, language);
        for (const code of Object.values(codes)) expect(texts[String(code)]?.trim(), `${code}`).toBeTruthy();
      }
      const everywhere = NAMESPACES.flatMap((namespace) => Object.keys(answersOf(namespace, language)));
      expect(everywhere.length).toBe(new Set(everywhere).size);
      expect(everywhere.sort()).toEqual([...Object.values(Code).map(String), 'unexpected'].sort());
      expect(answersOf('forms', language).unexpected?.trim()).toBeTruthy();
    },
  );

  it('uses the placeholders the code carries, and only those', () => {
    for (const language of LANGUAGES) {
      for (const namespace of NAMESPACES) {
        for (const text of Object.values(answersOf(namespace, language))) {
          const placeholders = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
          for (const name of placeholders) expect(['min', 'max']).toContain(name);
        }
      }
    }
  });
});

describe('responseAlert', () => {
  const t = i18n.getFixedT('en', ['settings', 'extra', 'forms']);

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
      responseAlert(i18n.getFixedT('de', 'forms'), { type: 'success', message: 'x', code: 1001 }),
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
    expect(responseAlert(t, { code: 99999 }).text).not.toBe('apiresponse.unexpected');
  });
});
