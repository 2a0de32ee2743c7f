import type { ValueUnit } from '@dtu-console/contract/livedata/api';
import { bytesToKb } from '@dtu-console/contract/shared/format';
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
  };
}

export type Formatters = ReturnType<typeof formatters>;

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => formatters(locale), [locale]);
}
