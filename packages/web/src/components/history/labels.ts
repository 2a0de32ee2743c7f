import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FORMS_NS, HISTORY_NS } from '../../i18n';
import type { Formatters } from '../../i18n/format';
import type { BatteryNames, SeriesNames } from './view';

/** The texts of the history card: translations, series names and energy amounts. */

export function useHistoryTranslation() {
  return useTranslation([HISTORY_NS, FORMS_NS], { nsMode: 'fallback' });
}

export function useNames(): SeriesNames {
  const { t } = useHistoryTranslation();
  return useMemo(() => ({ plant: t('chart.plant'), string: (number) => t('chart.string', { number }) }), [t]);
}

export function useBatteryNames(): BatteryNames {
  const { t } = useHistoryTranslation();
  return useMemo(() => ({ power: t('chart.batteryPower'), soc: t('chart.batterySoc') }), [t]);
}

/** kWh with the digits the scale needs; a total under 1 kWh gets three (Wh exact). */
export function energyLabel(f: Formatters, kwh: number, step?: number): string {
  const digits = step === undefined ? (Math.abs(kwh) < 1 ? 3 : 2) : step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  return f.unit(kwh, 'kWh', digits);
}
