/** POST /api/device/config. */
import { z } from 'zod';
import { Code } from '../codes';
import { lenientBool, lenientNumber, lenientString } from '../common/keys';
import { isLengthOutside, type Rule, rulesCheck } from '../common/validate';
import type { DisplayConfig, LedConfig } from './api';
import { DeviceLimits } from './limits';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The raw top-level keys; 1005 depends on their JSON types. */
interface RawDeviceConfig {
  curPin?: unknown;
  display?: unknown;
  led?: unknown;
}

/** What a save stores: only the profile name of `curPin` (its pins come from pin_mapping.json). */
export interface DeviceConfigValues {
  curPin: { name: string };
  display: DisplayConfig;
  /** Always `DeviceLimits.ledCount` entries. */
  led: LedConfig[];
}

/** An integer key read leniently: fractions truncated, values outside 0..max read as 0 (as the firmware). */
function lenientUint(value: unknown, max: number): number {
  const n = Math.trunc(lenientNumber(value));
  return n >= 0 && n <= max ? n : 0;
}

function readDeviceConfig(raw: RawDeviceConfig): DeviceConfigValues {
  const curPin = isRecord(raw.curPin) ? raw.curPin : {};
  const display = isRecord(raw.display) ? raw.display : {};
  const leds = Array.isArray(raw.led) ? raw.led : [];
  return {
    // The structure rule has made sure the name is a string.
    curPin: { name: lenientString(curPin.name) },
    display: {
      rotation: lenientUint(display.rotation, 0xff),
      power_safe: lenientBool(display.power_safe),
      screensaver: lenientBool(display.screensaver),
      contrast: lenientUint(display.contrast, 0xff),
      locale: readLocale(display),
      diagramduration: lenientUint(display.diagramduration, 0xffffffff),
      diagrammode: lenientUint(display.diagrammode, 0xff),
    },
    led: Array.from({ length: DeviceLimits.ledCount }, (_, i) => {
      const entry: unknown = leds[i];
      const brightness = Math.trunc(lenientNumber(isRecord(entry) ? entry.brightness : undefined));
      // Above 100 is clamped, not rejected; below 0 has no meaning for a PWM duty either.
      return { brightness: Math.min(DeviceLimits.ledBrightnessMax, Math.max(0, brightness)) };
    }),
  };
}

/** The numeric `language` an older client sends, as its locale; undefined when not a known index. */
export function localeOfDisplayLanguage(language: unknown): string | undefined {
  if (typeof language !== 'number' && typeof language !== 'string') return undefined;
  const index = Number(language);
  return Number.isInteger(index) ? DeviceLimits.displayLanguageLocales[index] : undefined;
}

/** The numeric `language` served beside `locale`: its index in the list, else 0 (English). */
export function displayLanguageOfLocale(locale: string): number {
  const index = (DeviceLimits.displayLanguageLocales as readonly string[]).indexOf(locale);
  return index < 0 ? 0 : index;
}

/** `locale` wins; an older client sends only the numeric `language`, read when `locale` is absent. */
function readLocale(display: Record<string, unknown>): string {
  const fromLanguage = display.locale === undefined ? localeOfDisplayLanguage(display.language) : undefined;
  return fromLanguage ?? [...lenientString(display.locale)].slice(0, DeviceLimits.localeLength).join('');
}

/**
 * Required: a `curPin` object with a string `name` (docs/compatibility.md: without it a save stored the
 * profile "null" and restarted the gateway); `display` and `led` are read leniently.
 */
const structureRules: readonly Rule<RawDeviceConfig>[] = [
  {
    code: Code.ValuesMissing,
    fails: (v) => !isRecord(v.curPin) || typeof v.curPin.name !== 'string',
  },
];

export const deviceConfigRules: readonly Rule<DeviceConfigValues>[] = [
  {
    code: Code.DeviceProfileNameLength,
    field: 'curPin',
    fails: (v) =>
      isLengthOutside(v.curPin.name, DeviceLimits.profileNameMinLength, DeviceLimits.profileNameMaxLength),
  },
];

export const deviceConfigSchema = z
  // A non-object body reads as all keys absent, which then fails the structure rule (1005).
  .preprocess(
    (value) => (isRecord(value) ? value : {}),
    z.object({
      curPin: z.unknown().optional(),
      display: z.unknown().optional(),
      led: z.unknown().optional(),
    }),
  )
  .check(rulesCheck(structureRules))
  .transform(readDeviceConfig)
  .check(rulesCheck(deviceConfigRules));
