import { PowerMeterProblemCodes, PowerMeterSources } from '@dtu-console/contract/powermeter/limits';
import type { PowerMeterConfigPayload } from '@dtu-console/contract/powermeter/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiFailureHandlers } from '../../src/api/client';
import { powerMeterProblemKey, savePowerMeterConfig, testPowerMeter } from '../../src/api/powermeter';
import en from '../../src/i18n/locales/en.json';
import extraEn from '../../src/i18n/locales/extra/en.json';
import de from '../../src/i18n/locales/powerlimiter/de.json';
import enLimiter from '../../src/i18n/locales/powerlimiter/en.json';
import fr from '../../src/i18n/locales/powerlimiter/fr.json';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setApiFailureHandlers({ unauthorized: vi.fn(), failure: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

function flatKeys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const payload = { enabled: true, source: 'http' } as unknown as PowerMeterConfigPayload;

describe('power meter api module', () => {
  it('posts the config and "read now" as the data field', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"type":"success","message":"Settings saved.","code":1001}'),
    );
    await savePowerMeterConfig(payload);
    fetchMock.mockResolvedValueOnce(
      new Response('{"ok":true,"power":12,"phases":null,"time":1,"source":"http"}'),
    );
    await expect(testPowerMeter(payload)).resolves.toMatchObject({ ok: true, power: 12 });
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
      '/api/powermeter/config',
      '/api/powermeter/test',
    ]);
    const body = fetchMock.mock.calls[1]?.[1]?.body as URLSearchParams;
    expect(JSON.parse(body.get('data') ?? '')).toEqual(payload);
  });
});

describe('limiter texts of the meter', () => {
  it('have the same keys in en, de and fr, none empty, none shared with other namespaces', () => {
    const keys = flatKeys(enLimiter).sort();
    expect(flatKeys(de).sort()).toEqual(keys);
    expect(flatKeys(fr).sort()).toEqual(keys);
    const others = new Set([...flatKeys(en), ...flatKeys(extraEn)]);
    expect(keys.filter((key) => others.has(key))).toEqual([]);
    for (const locale of [enLimiter, de, fr]) {
      for (const key of keys) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
        expect(String(text).trim(), key).not.toBe('');
      }
    }
  });

  it('translate every problem code and every source of the contract', () => {
    const keys = new Set(flatKeys(enLimiter));
    for (const code of PowerMeterProblemCodes)
      expect(keys.has(powerMeterProblemKey({ code })), code).toBe(true);
    for (const source of PowerMeterSources) expect(keys.has(`meter.source.${source}`), source).toBe(true);
  });
});
