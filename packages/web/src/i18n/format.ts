import { bytesToKb } from '@dtu-console/contract/format';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Locale-aware number formats of spec §9 (decimal, no digits, two digits, percent, kilobyte). */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
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
    return {
      locale,
      number: (value: number, digits = 0) =>
        nf({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value),
      percent: (ratio: number, digits = 1) =>
        nf({ style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(ratio),
      /** Spec §9: memory is shown in kB (bytes / 1024). */
      kilobytes: (bytes: number) => `${nf({ maximumFractionDigits: 0 }).format(bytesToKb(bytes))} kB`,
      unit: (value: number, unit: string, digits = 0) =>
        `${nf({ minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value)} ${unit}`,
    };
  }, [locale]);
}
