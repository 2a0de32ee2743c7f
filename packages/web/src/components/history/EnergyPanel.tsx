import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { historyEnergyQuery } from '../../api/history';
import { useFormat } from '../../i18n/format';
import { QueryState } from '../QueryState';
import { daysInMonthOf, isMonth, shiftMonth, utcDate } from './calendar';
import { csvFileName, energyCsv, saveCsv } from './csv';
import { HistoryChart } from './HistoryChart';
import { energyLabel, useHistoryTranslation, useNames } from './labels';
import { PeriodBar } from './PeriodBar';
import { type EnergyRange, energyView, hasData, periodTotal } from './view';

/** The energy per day of a month or per month of a year, and the period's total. */
export function EnergyPanel(props: {
  range: EnergyRange;
  date: string;
  today: string;
  serial: string | null;
  onDate: (date: string) => void;
}) {
  const { t } = useHistoryTranslation();
  const f = useFormat();
  const names = useNames();
  const { range, date, today, serial } = props;
  const period = range === 'month' ? date.slice(0, 7) : date.slice(0, 4);
  const current = range === 'month' ? today.slice(0, 7) : today.slice(0, 4);
  const query = useQuery(historyEnergyQuery(range, period, serial, period === current));
  const view = useMemo(
    () => (query.data ? energyView(query.data, range, period, serial, names) : null),
    [query.data, range, period, serial, names],
  );
  // The chart reads kWh; the CSV takes the view's Wh and writes kWh itself.
  const shown = useMemo(
    () =>
      view?.series.map((one) => ({
        ...one,
        values: one.values.map((value) => (value === null ? null : value / 1000)),
      })) ?? [],
    [view],
  );
  const total = view ? periodTotal(view.series) : null;
  const filled = view !== null && hasData(view.series);

  const dayOf = Number(date.slice(8, 10));
  /** The same day in another month, or the month's last day when it has fewer days. */
  const inMonth = (month: string) =>
    `${month}-${String(Math.min(dayOf, daysInMonthOf(month))).padStart(2, '0')}`;
  const go = (delta: number) => {
    const target = range === 'month' ? shiftMonth(period, delta) : String(Number(period) + delta);
    const next = range === 'month' ? inMonth(target) : inMonth(`${target}-${date.slice(5, 7)}`);
    props.onDate(next > today ? today : next);
  };
  const periodLabel =
    range === 'month'
      ? new Intl.DateTimeFormat(f.locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
          utcDate(period),
        )
      : period;
  const barLabel = useMemo(() => {
    const format =
      range === 'month'
        ? new Intl.DateTimeFormat(f.locale, {
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            timeZone: 'UTC',
          })
        : new Intl.DateTimeFormat(f.locale, { year: 'numeric', month: 'long', timeZone: 'UTC' });
    return (label: string) => format.format(utcDate(label));
  }, [range, f.locale]);
  const axisLabel = useMemo(() => {
    const format = new Intl.DateTimeFormat(f.locale, { month: 'short', timeZone: 'UTC' });
    return (label: string) =>
      range === 'month' ? String(Number(label.slice(8, 10))) : format.format(utcDate(label));
  }, [range, f.locale]);

  const picker =
    range === 'month' ? (
      <input
        type="month"
        className="form-control"
        aria-label={t('chart.pickMonth')}
        value={period}
        max={current}
        onChange={(event) => {
          if (isMonth(event.target.value) && event.target.value <= current)
            props.onDate(inMonth(event.target.value));
        }}
      />
    ) : (
      <input
        type="number"
        className="form-control history-year"
        aria-label={t('chart.pickYear')}
        value={period}
        min={2000}
        max={current}
        onChange={(event) => {
          const year = event.target.value;
          if (/^\d{4}$/.test(year) && year <= current) props.onDate(inMonth(`${year}-${date.slice(5, 7)}`));
        }}
      />
    );

  return (
    <>
      <PeriodBar
        picker={picker}
        earlier={() => go(-1)}
        later={period < current ? () => go(1) : null}
        current={period < current ? () => props.onDate(today) : null}
        currentLabel={t(range === 'month' ? 'chart.thisMonth' : 'chart.thisYear')}
        csv={view && filled ? () => saveCsv(energyCsv(view), csvFileName(range, period, serial)) : null}
        total={
          total !== null ? (
            <>
              {t('chart.total')}: <strong>{energyLabel(f, total / 1000)}</strong>
            </>
          ) : null
        }
      />
      <QueryState
        error={query.error}
        pending={query.isPending}
        t={t}
        failed={(message) => t('chart.loadError', { message })}
      />
      {view &&
        (filled ? (
          <HistoryChart
            kind="bar"
            series={shown}
            xTicks={view.periods.map((label, at) => ({ at, label: axisLabel(label) }))}
            yLabel={(value, step) => energyLabel(f, value, step)}
            valueLabel={(value) => (value === null ? '–' : energyLabel(f, value))}
            pointLabel={(i) => barLabel(view.periods[i] ?? period)}
            title={t('chart.energyTitle', { series: view.series[0]?.label, period: periodLabel })}
          />
        ) : (
          <p className="text-body-secondary my-4 text-center">{t('chart.noPeriod')}</p>
        ))}
    </>
  );
}
