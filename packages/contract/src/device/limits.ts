// Device settings: limits, defaults and enumerations.

/** Display, LEDs and device profiles. */
export const DeviceLimits = {
  diagramDurationMin: 600,
  diagramDurationMax: 86400,
  contrastMin: 0,
  contrastMax: 100,
  ledBrightnessMin: 0,
  ledBrightnessMax: 100,
  ledCount: 2,
  profileNameMinLength: 1,
  profileNameMaxLength: 63,
  localeLength: 2,
  /**
   * The older numeric `display.language`: its index into this list is the locale. Served beside `locale`;
   * a locale outside the list reads as 0 (English, the display's fallback).
   */
  displayLanguageLocales: ['en', 'de', 'fr'],
  /** Shown for the empty profile name; listed first, the rest sorted by name. */
  defaultProfileName: 'Default',
} as const;

/** `display.rotation` key → degrees. */
export const DisplayRotationDeg = [0, 90, 180, 270] as const;

/**
 * Display language indices of the device display. The API itself carries the 2-letter code in `display.locale`.
 */
export const DisplayLanguage = { en: 0, de: 1, fr: 2 } as const;

export const DiagramMode = { Off: 0, Small: 1, Fullscreen: 2 } as const;
export type DiagramMode = (typeof DiagramMode)[keyof typeof DiagramMode];

/** Display defaults of a fresh gateway. */
export const DisplayDefaults = {
  powerSafe: true,
  screensaver: true,
  rotation: 2,
  contrast: 60,
  locale: 'en',
  diagramDuration: 36000,
  diagramMode: DiagramMode.Small,
  ledBrightness: 100,
} as const;
