import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { historyEnergyQuery, historyPowerQuery } from '../../api/history';
import { useFormat } from '../../i18n/format';
import { QueryState } from '../QueryState';
import { BatteryChart } from './BatteryChart';
import { isDay, shiftDay, utcDate } from './calendar';
import { csvFileName, powerCsv, saveCsv } from './csv';
import { DeviceCurve } from './DeviceCurve';
import { type ChartTick, HistoryChart } from './HistoryChart';
import { energyLabel, useBatteryNames, useHistoryTranslation, useNames } from './labels';
import { PeriodBar } from './PeriodBar';
import { hourTicks } from './scale';
import { batteryView, type ChartSeries, dayTotals, hasData, powerView, storedDayEnergy } from './view';

/**
 * A day's power curve, its energy and peak, the curve a Wi-Fi inverter's device keeps itself, and the
 * battery's power and charge when it was recorded.
 */
export function DayPanel(props: {
  date: string;
  today: string;
  serial: string | null;
  /** The inverter shown is served by a Wi-Fi device. */
  wifi?: boolean;
  onDate: (date: string) => void;
}) {
  const { t } = useHistoryTranslation();
  const f = useFormat();
  const names = useNames();
  const batteryNames = useBatteryNames();
  const { date, today, serial } = props;
  const query = useQuery(historyPowerQuery(date, serial, date === today));
  const view = useMemo(
    () => (query.data ? powerView(query.data, serial, names) : null),
    [query.data, serial, names],
  );
  const battery = useMemo(
    () => (query.data ? batteryView(query.data, batteryNames) : null),
    [query.data, batteryNames],
  );
  const month = useQuery(historyEnergyQuery('month', date.slice(0, 7), serial, date === today));
  const curveTotals = view ? dayTotals(view) : null;
  const storedWh = month.data ? storedDayEnergy(month.data, date, serial) : null;
  const totals = curveTotals && { ...curveTotals, energyWh: storedWh ?? curveTotals.energyWh };
  const zone = view?.timezone ?? 'UTC';
  const clock = useMemo(
    () =>
      new Intl.DateTimeFormat(f.locale, {
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: zone,
      }),
    [f.locale, zone],
  );
  const dayLabel = new Intl.DateTimeFormat(f.locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(utcDate(date));
  const filled = view !== null && hasData(view.series);
  const xTicks = view
    ? hourTicks(view.from, view.to, zone, 3).map(
        (tick): ChartTick => ({ at: tick.at, label: `${String(tick.hour).padStart(2, '0')}:00` }),
      )
    : [];
  const pointLabel = (i: number) => {
    const start = view?.time[i] ?? view?.from ?? 0;
    return `${clock.format(start * 1000)}–${clock.format((start + (view?.step ?? 0)) * 1000)}`;
  };

  return (
    <>
      <PeriodBar
        picker={
          <input
            type="date"
            className="form-control"
            aria-label={t('chart.date')}
            value={date}
            max={today}
            onChange={(event) => {
              if (isDay(event.target.value)) props.onDate(event.target.value);
            }}
          />
        }
        earlier={() => props.onDate(shiftDay(date, -1))}
        later={date < today ? () => props.onDate(shiftDay(date, 1)) : null}
        current={date < today ? () => props.onDate(today) : null}
        currentLabel={t('chart.today')}
        csv={
          view && (filled || battery)
            ? () => saveCsv(powerCsv(view, battery), csvFileName('day', date, serial))
            : null
        }
        total={
          totals?.energyWh != null && totals.peakW != null ? (
            <>
              {t('chart.energy')}: <strong>{energyLabel(f, totals.energyWh / 1000)}</strong> ·{' '}
              {t('chart.peak')}: <strong>{f.unit(totals.peakW, 'W')}</strong>
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
          <>
            <HistoryChart
              kind="line"
              time={view.time}
              from={view.from}
              to={view.to}
              step={view.step}
              series={view.series}
              xTicks={xTicks}
              yLabel={(value) => f.unit(value, 'W')}
              valueLabel={(value) => (value === null ? '–' : f.unit(value, 'W'))}
              pointLabel={pointLabel}
              title={t('chart.powerTitle', { series: view.series[0]?.label, date: dayLabel })}
            />
            <Legend series={view.series} />
          </>
        ) : (
          <p className="text-body-secondary my-4 text-center">{t('chart.noDay')}</p>
        ))}
      {view && serial !== null && props.wifi && (
        <DeviceCurve
          serial={serial}
          date={date}
          today={today}
          view={view}
          xTicks={xTicks}
          pointLabel={pointLabel}
          dayLabel={dayLabel}
        />
      )}
      {view && battery && (
        <BatteryChart
          view={view}
          battery={battery}
          xTicks={xTicks}
          pointLabel={pointLabel}
          dayLabel={dayLabel}
        />
      )}
    </>
  );
}

function Legend({ series }: { series: ChartSeries[] }) {
  if (series.length < 2) return null;
  return (
    <div className="d-flex flex-wrap gap-3 small mt-1">
      {series.map((one, index) => (
        <span key={one.key} className="d-flex align-items-center gap-1">
          <span className="history-swatch" style={{ background: `var(--history-c${index % 6})` }} />
          {one.label}
        </span>
      ))}
    </div>
  );
}
