/** The battery's data module and its texts: the four endpoints, the live view's look, every code translated. */
import { BatteryCode } from '@dtu-console/contract/battery/codes';
import {
  BatteryProblemCodes,
  BatterySources,
  SolarChargerSources,
} from '@dtu-console/contract/battery/limits';
import type { BatteryConfigPayload, SolarChargerConfigPayload } from '@dtu-console/contract/battery/schemas';
import { CodeTable } from '@dtu-console/contract/codes';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BATTERY_STATUS_REFRESH_MS,
  batteryConfigQuery,
  batteryProblemKey,
  batteryStatusQuery,
  saveBatteryConfig,
  saveSolarChargerConfig,
  solarChargerConfigQuery,
  solarChargerStatusQuery,
} from '../../src/api/battery';
import { fetchBatteryShown } from '../../src/api/battery-presence';
import { setApiFailureHandlers } from '../../src/api/client';
import de from '../../src/i18n/locales/battery/de.json';
import enBattery from '../../src/i18n/locales/battery/en.json';
import fr from '../../src/i18n/locales/battery/fr.json';
import en from '../../src/i18n/locales/en.json';
import extraEn from '../../src/i18n/locales/extra/en.json';
import formsEn from '../../src/i18n/locales/forms/en.json';
import { batteryConfig, solarChargerConfig } from '../helpers/battery-fixtures';

const fetchMock = vi.fn<typeof fetch>();
const failure = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setApiFailureHandlers({ unauthorized: vi.fn(), failure });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  failure.mockReset();
});

function flatKeys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? flatKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const asked = () => fetchMock.mock.calls.map(([input]) => String(input));
const bodyOf = (call: number) =>
  JSON.parse(new URLSearchParams(String(fetchMock.mock.calls[call]?.[1]?.body)).get('data') ?? '');
/** What a query's function answers, called as TanStack Query calls it. */
const run = <T>(query: { queryFn?: unknown }) =>
  (query.queryFn as (context: { signal: AbortSignal }) => Promise<T>)({
    signal: new AbortController().signal,
  });

describe('battery api module', () => {
  it('reads the settings and the status of the battery and of the charge controllers', async () => {
    fetchMock.mockImplementation(async () => new Response('{"enabled":true}'));
    for (const query of [
      batteryConfigQuery,
      batteryStatusQuery,
      solarChargerConfigQuery,
      solarChargerStatusQuery,
    ])
      await expect(run(query)).resolves.toEqual({ enabled: true });
    expect(asked()).toEqual([
      '/api/battery/config',
      '/api/battery/status',
      '/api/solarcharger/config',
      '/api/solarcharger/status',
    ]);
    const keys = [
      batteryConfigQuery,
      batteryStatusQuery,
      solarChargerConfigQuery,
      solarChargerStatusQuery,
    ].map((query) => JSON.stringify(query.queryKey));
    expect(new Set(keys).size).toBe(4);
  });

  it('asks the status again while it is shown, the settings only once', () => {
    expect(batteryStatusQuery.refetchInterval).toBe(BATTERY_STATUS_REFRESH_MS);
    expect(solarChargerStatusQuery.refetchInterval).toBe(BATTERY_STATUS_REFRESH_MS);
    expect(batteryConfigQuery.refetchInterval).toBeUndefined();
    expect(solarChargerConfigQuery.refetchInterval).toBeUndefined();
  });

  it('posts each form as the data field of its own endpoint', async () => {
    fetchMock.mockImplementation(
      async () => new Response('{"type":"success","message":"Saved.","code":1001}'),
    );
    const battery: BatteryConfigPayload = batteryConfig({ source: 'jkbms' });
    const chargers: SolarChargerConfigPayload = solarChargerConfig({
      source: 'vedirect',
      vedirect: { devices: ['/dev/ttyUSB2'] },
    });
    await expect(saveBatteryConfig(battery)).resolves.toMatchObject({ code: 1001 });
    await saveSolarChargerConfig(chargers);
    expect(asked()).toEqual(['/api/battery/config', '/api/solarcharger/config']);
    expect(fetchMock.mock.calls.map(([, init]) => init?.method)).toEqual(['POST', 'POST']);
    expect(bodyOf(0)).toEqual(battery);
    expect(bodyOf(1)).toEqual(chargers);
  });

  it('a status that fails is the card’s to say, not the Error screen’s', async () => {
    fetchMock.mockImplementation(
      async () => new Response('', { status: 503, statusText: 'Service Unavailable' }),
    );
    await expect(run(batteryStatusQuery)).rejects.toThrow('Service Unavailable');
    await expect(run(solarChargerStatusQuery)).rejects.toThrow('Service Unavailable');
    expect(failure).not.toHaveBeenCalled();
  });

  it('offers the live card only while the battery is switched on', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"enabled":true,"source":"simulated"}'));
    await expect(fetchBatteryShown()).resolves.toBe(true);
    fetchMock.mockResolvedValueOnce(new Response('{"enabled":false,"source":"simulated"}'));
    await expect(fetchBatteryShown()).resolves.toBe(false);
    expect(asked()).toEqual(['/api/battery/status', '/api/battery/status']);
  });
});

describe('battery texts', () => {
  it('have the same keys in en, de and fr, none empty, none shared with the texts loaded beside them', () => {
    const keys = flatKeys(enBattery).sort();
    expect(flatKeys(de).sort()).toEqual(keys);
    expect(flatKeys(fr).sort()).toEqual(keys);
    const others = new Set([...flatKeys(en), ...flatKeys(extraEn), ...flatKeys(formsEn)]);
    expect(keys.filter((key) => others.has(key))).toEqual([]);
    for (const locale of [enBattery, de, fr]) {
      for (const key of keys) {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], locale);
        expect(String(text).trim(), key).not.toBe('');
      }
    }
  });

  it('translate every problem code and every source of the contract', () => {
    const keys = new Set(flatKeys(enBattery));
    for (const code of BatteryProblemCodes) expect(keys.has(batteryProblemKey({ code })), code).toBe(true);
    for (const source of BatterySources) expect(keys.has(`source.${source}`), source).toBe(true);
    for (const source of SolarChargerSources) expect(keys.has(`chargerSource.${source}`), source).toBe(true);
  });

  it('translate the charge states and the alarms and warnings the gateway sends', () => {
    const keys = new Set(flatKeys(enBattery));
    const states = [
      'off',
      'low_power',
      'fault',
      'bulk',
      'absorption',
      'float',
      'storage',
      'equalize',
      'inverting',
      'power_supply',
      'starting_up',
      'repeated_absorption',
      'auto_equalize',
      'battery_safe',
      'external_control',
      'unknown',
    ];
    for (const state of states) expect(keys.has(`chargeState.${state}`), state).toBe(true);
    const alarms = [
      'low_voltage',
      'high_voltage',
      'low_soc',
      'low_temperature',
      'high_temperature',
      'overcurrent',
      'cell_undervoltage',
      'cell_overvoltage',
      'discharge_overcurrent',
      'charge_overcurrent',
      'system_error',
      'stop_discharge',
      'stop_charge',
      // The CAN BMS's own keys (docs/battery.md).
      'overvoltage',
      'undervoltage',
      'overtemperature',
      'undertemperature',
    ];
    for (const alarm of alarms) expect(keys.has(`alarm.${alarm}`), alarm).toBe(true);
  });

  it('answer every battery code, and only those, with the values the code carries', () => {
    const codes = Object.values(BatteryCode).map(String).sort();
    for (const locale of [enBattery, de, fr]) {
      const texts = locale.apiresponse as Record<string, string>;
      expect(Object.keys(texts).sort()).toEqual(codes);
      for (const code of Object.values(BatteryCode)) {
        const used = [...(texts[code] ?? '').matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(used, `${code}`).toEqual(Object.keys(CodeTable[code].param ?? {}).sort());
      }
    }
  });
});
