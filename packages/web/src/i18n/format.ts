import { bytesToKb, localTimeParts } from '@dtu-console/contract/common/format';
import type { ValueUnit } from '@dtu-console/contract/livedata/api';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** 24-hour date and time with numeric parts. */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

/**
 * A time the gateway wrote in its own wall-clock form (`ntp_localtime`: English names, its own zone), as the
 * same wall-clock time in the reader's language; any other text (such as "--") as it came.
 */
function gatewayTime(text: string, locale: string): string {
  const parts = localTimeParts(text);
  if (!parts) return text;
  // The wall-clock parts as they are: formatted in UTC, so the browser's own zone moves nothing.
  const date = new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second),
  );
  return new Intl.DateTimeFormat(locale, {
    ...DATE_TIME,
    weekday: 'long',
    month: 'long',
    timeZone: 'UTC',
  }).format(date);
}

/** Locale-aware formats (decimal, no digits, two digits, percent, kilobyte, date-time). */
export function formatters(locale: string) {
  const cache = new Map<string, Intl.NumberFormat>();
  const nf = (options: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options);
    let format = cache.get(key);
    if (!format) {
      format = new Intl.NumberFormat(locale, options);
      cache.set(key, format);
    }
    return format;
  };
  const number = (value: number, digits = 0) =>
    nf({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
  const dateTime = new Intl.DateTimeFormat(locale, DATE_TIME);
  return {
    locale,
    number,
    percent: (ratio: number, digits = 1) =>
      nf({ style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(ratio),
    /** Memory is shown in kB (bytes / 1024). */
    kilobytes: (bytes: number) => `${nf({ maximumFractionDigits: 0 }).format(bytesToKb(bytes))} kB`,
    unit: (value: number, unit: string, digits = 0) => `${number(value, digits)} ${unit}`,
    /** A live value with the decimals the gateway asks for (`d`); NaN arrives as null and shows a dash. */
    value: ({ v, u, d }: ValueUnit) => {
      const text = typeof v === 'number' && Number.isFinite(v) ? number(v, d) : '–';
      return u ? `${text} ${u}` : text;
    },
    dateTime: (date: Date) => dateTime.format(date),
    gatewayTime: (text: string) => gatewayTime(text, locale),
  };
}

export type Formatters = ReturnType<typeof formatters>;

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => formatters(locale), [locale]);
}
