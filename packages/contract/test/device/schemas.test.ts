import { describe, expect, it } from 'vitest';
import { Code } from '../../src/codes';
import { validate } from '../../src/common/validate';
import { deviceConfig, displayConfig } from '../../src/device/fixtures';
import {
  deviceConfigRules,
  deviceConfigSchema,
  displayLanguageOfLocale,
  localeOfDisplayLanguage,
} from '../../src/device/schemas';

// The GET example of docs/api.md, as the web app posts it back (curPin may carry extra keys).
const getObject = {
  curPin: { ...deviceConfig().curPin, links: [{ name: 'Information', url: 'https://example.org/docs' }] },
  display: displayConfig(),
  led: deviceConfig().led,
};

const run = (patch: Record<string, unknown>) => validate(deviceConfigSchema, { ...getObject, ...patch });

describe('POST /api/device/config schema', () => {
  it('keeps the profile name, the display keys and both LED brightnesses; ignores pins', () => {
    expect(run({})).toEqual({
      ok: true,
      value: {
        curPin: { name: 'ESP32-S3 board with SSD1306' },
        display: getObject.display,
        led: getObject.led,
      },
    });
  });

  it('answers 1005 unless curPin or display is an object', () => {
    expect(validate(deviceConfigSchema, {})).toEqual({ ok: false, code: 1005 });
    expect(validate(deviceConfigSchema, { led: getObject.led })).toEqual({ ok: false, code: 1005 });
    expect(validate(deviceConfigSchema, { curPin: 'x', display: [] })).toEqual({ ok: false, code: 1005 });
    expect(validate(deviceConfigSchema, [])).toEqual({ ok: false, code: 1005 });
    expect(validate(deviceConfigSchema, 'x')).toEqual({ ok: false, code: 1005 });
  });

  it('accepts curPin alone: omitted display values become 0/false, LEDs 0', () => {
    const result = validate(deviceConfigSchema, { curPin: { name: 'Default' } });
    expect(result).toEqual({
      ok: true,
      value: {
        curPin: { name: 'Default' },
        display: {
          rotation: 0,
          power_safe: false,
          screensaver: false,
          contrast: 0,
          // A missing string reads as "null", cut to 2 characters.
          locale: 'nu',
          diagramduration: 0,
          diagrammode: 0,
        },
        led: [{ brightness: 0 }, { brightness: 0 }],
      },
    });
  });

  it.each([
    [{ display: getObject.display }],
    [{ curPin: null, display: getObject.display }],
    [{ curPin: 5, display: getObject.display }],
    [{ curPin: 'Default', display: getObject.display }],
    [{ curPin: [], display: getObject.display }],
    [{ curPin: {}, display: getObject.display }],
    [{ curPin: { name: 7 }, display: getObject.display }],
  ])('%j → 1005: curPin must be an object with a string name', (body) => {
    expect(validate(deviceConfigSchema, body)).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    [{ curPin: { name: '' } }],
    [{ curPin: { name: 'p'.repeat(64) } }],
    [{ curPin: { name: 'é'.repeat(32) } }],
  ])('%j → 12001 {max 63}', (patch) => {
    expect(run(patch)).toEqual({ ok: false, code: 12001, param: { max: 63 }, field: 'curPin' });
  });

  it('accepts a 63-byte profile name', () => {
    expect(run({ curPin: { name: 'p'.repeat(63) } }).ok).toBe(true);
  });

  it('clamps LED brightness to 100, truncates the locale to 2 characters', () => {
    const result = run({
      led: [{ brightness: 150 }, { brightness: 42 }, { brightness: 7 }],
      display: { ...getObject.display, locale: 'french' },
    });
    expect(result.ok && result.value.led).toEqual([{ brightness: 100 }, { brightness: 42 }]);
    expect(result.ok && result.value.display.locale).toBe('fr');
  });

  it('reads the numeric language of older clients when locale is absent; locale wins when both are sent', () => {
    const { locale: _locale, ...older } = getObject.display;
    const locale = (display: Record<string, unknown>) => {
      const result = run({ display });
      return result.ok && result.value.display.locale;
    };
    expect(locale({ ...older, language: 0 })).toBe('en');
    expect(locale({ ...older, language: 1 })).toBe('de');
    expect(locale({ ...older, language: '2' })).toBe('fr');
    expect(locale({ ...older, language: 3 })).toBe('nu');
    expect(locale({ ...older, language: 1.5 })).toBe('nu');
    expect(locale({ ...getObject.display, language: 1 })).toBe('en');
  });

  it('maps locale and numeric language both ways; an unlisted locale serves 0', () => {
    expect(['en', 'de', 'fr', 'it', ''].map(displayLanguageOfLocale)).toEqual([0, 1, 2, 0, 0]);
    expect([0, 1, 2, -1, 3, true, null].map(localeOfDisplayLanguage)).toEqual([
      'en',
      'de',
      'fr',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('does not range-check contrast, diagram duration or rotation', () => {
    const display = { ...getObject.display, contrast: 200, diagramduration: 5, rotation: 3 };
    const result = run({ display });
    expect(result.ok && result.value.display).toEqual(display);
  });

  it('checks structure (1005) before the profile name', () => {
    expect(validate(deviceConfigSchema, { led: [] })).toEqual({ ok: false, code: 1005 });
    expect(deviceConfigRules.map((r) => r.code)).toEqual([Code.DeviceProfileNameLength]);
  });
});
