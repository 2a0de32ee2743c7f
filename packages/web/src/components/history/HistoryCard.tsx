import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo, useState } from 'react';
import ChevronLeft from 'react-bootstrap-icons/dist/icons/chevron-left';
import ChevronRight from 'react-bootstrap-icons/dist/icons/chevron-right';
import Download from 'react-bootstrap-icons/dist/icons/download';
import { useTranslation } from 'react-i18next';
import { gatewayTodayQuery, historyEnergyQuery, historyPowerQuery } from '../../api/history';
import { responseAlert } from '../../api/response';
import { EXTRA_NS, HISTORY_NS } from '../../i18n';
import { type Formatters, useFormat } from '../../i18n/format';
import { useSignedIn } from '../../lib/auth';
import { Link } from '../../lib/navigation';
import { withQuery } from '../../lib/query';
import { TabBar } from '../form/TabBar';
import { saveFile } from '../saveFile';
import '../../styles/forms.scss';
import '../../styles/history.scss';
import { type ChartTick, HistoryChart } from './HistoryChart';
import {
  type ChartSeries,
  csvFileName,
  daysInMonth,
  dayTotals,
  type EnergyRange,
  energyCsv,
  energyView,
  hasData,
  hourTicks,
  isDay,
  isMonth,
  periodTotal,
  powerCsv,
  powerView,
  type SeriesNames,
  shiftDay,
  shiftMonth,
  storedDayEnergy,
} from './shape';

export type HistoryTab = 'day' | 'month' | 'year';
const TABS: readonly HistoryTab[] = ['day', 'month', 'year'];

export interface HistoryInverter {
  serial: string;
  name: string;
}

function useHistoryTranslation() {
  return useTranslation([HISTORY_NS, EXTRA_NS], { nsMode: 'fallback' });
}

/** The browser's date, for a gateway that cannot tell its own. */
function browserToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Offers a text as a file download. */
function saveText(text: string, name: string) {
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), name);
}

/** Calendar dates without a zone: "YYYY-MM-DD" is read as that day, never shifted by the browser's zone. */
function utcDate(date: string): Date {
  const [year, month = 1, day = 1] = date.split('-').map(Number) as [number, number?, number?];
  return new Date(Date.UTC(year, month - 1, day));
}

/**
 * The history card of the live view: the plant's or one inverter's power over a day, its energy per day of
 * a month and per month of a year, each with its total and a CSV of what is shown. Loaded only when the
 * card is opened.
 */
function HistoryCard(props: { inverters: readonly HistoryInverter[] }) {
  const { t } = useHistoryTranslation();
  // The live data changes every few seconds; the card only needs the serials and names.
  const key = props.inverters.map((inverter) => `${inverter.serial}\t${inverter.name}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is what the list is made of
  const inverters = useMemo(() => props.inverters.map(({ serial, name }) => ({ serial, name })), [key]);
  const id = useId();
  const signedIn = useSignedIn();
  const todayQuery = useQuery(gatewayTodayQuery);
  const [tab, setTab] = useState<HistoryTab>('day');
  const [serial, setSerial] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  if (todayQuery.isPending) return <Spinner />;
  const today = todayQuery.data ?? browserToday();
  const date = chosen && chosen <= today ? chosen : today;
  const shown = serial !== null && inverters.some((inverter) => inverter.serial === serial) ? serial : null;

  return (
    <div className="card-body" data-testid="history-card">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <TabBar
          tabs={TABS}
          active={tab}
          onSelect={setTab}
          label={(one) => t(`chart.${one}`)}
          idPrefix={`${id}-history`}
          className="nav nav-pills"
        />
        {inverters.length > 0 && (
          <div className="input-group input-group-sm w-auto">
            <label className="input-group-text" htmlFor={`${id}-series`}>
              {t('chart.show')}
            </label>
            <select
              id={`${id}-series`}
              className="form-select"
              value={shown ?? ''}
              onChange={(event) => setSerial(event.target.value || null)}
            >
              <option value="">{t('chart.plant')}</option>
              {inverters.map((inverter) => (
                <option key={inverter.serial} value={inverter.serial}>
                  {inverter.name || inverter.serial}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div id={`${id}-history-panel`} role="tabpanel" aria-labelledby={`${id}-history-tab-${tab}`}>
        {tab === 'day' ? (
          <DayPanel date={date} today={today} serial={shown} onDate={setChosen} />
        ) : (
          <EnergyPanel range={tab} date={date} today={today} serial={shown} onDate={setChosen} />
        )}
      </div>
      {signedIn && (
        <div className="text-end small mt-2">
          <Link to="/settings/history">{t('chart.settings')}</Link>
        </div>
      )}
    </div>
  );
}

function Spinner() {
  return (
    <div className="card-body text-center">
      <span className="spinner-border spinner-border-sm" role="status" aria-hidden />
    </div>
  );
}

function useNames(): SeriesNames {
  const { t } = useHistoryTranslation();
  return useMemo(() => ({ plant: t('chart.plant'), string: (number) => t('chart.string', { number }) }), [t]);
}

/** Earlier / later buttons around the period's picker, "today" and the CSV button. */
function PeriodBar(props: {
  picker: ReactNode;
  earlier: () => void;
  later: (() => void) | null;
  current: (() => void) | null;
  currentLabel: string;
  csv: (() => void) | null;
  total: ReactNode;
}) {
  const { t } = useHistoryTranslation();
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
      <div className="input-group input-group-sm w-auto flex-nowrap">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={props.earlier}
          aria-label={t('chart.earlier')}
        >
          <ChevronLeft aria-hidden />
        </button>
        {props.picker}
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={props.later ?? undefined}
          disabled={!props.later}
          aria-label={t('chart.later')}
        >
          <ChevronRight aria-hidden />
        </button>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary flex-shrink-0"
        onClick={props.current ?? undefined}
        disabled={!props.current}
      >
        {props.currentLabel}
      </button>
      <div className="d-flex gap-2 align-items-center justify-content-end flex-grow-1">
        <div className="history-total small text-end" data-testid="history-total">
          {props.total}
        </div>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary flex-shrink-0"
          onClick={props.csv ?? undefined}
          disabled={!props.csv}
          title={t('chart.csvTitle')}
        >
          <Download aria-hidden className="me-1" />
          {t('chart.csv')}
        </button>
      </div>
    </div>
  );
}

function QueryState({ error, pending }: { error: Error | null; pending: boolean }) {
  const { t } = useHistoryTranslation();
  if (error) {
    const body = (error as { body?: unknown }).body;
    const text = body ? responseAlert(t, body).text : error.message;
    return (
      <div className="alert alert-danger" role="alert">
        {t('chart.loadError', { message: text })}
      </div>
    );
  }
  return pending ? <Spinner /> : null;
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

function DayPanel(props: {
  date: string;
  today: string;
  serial: string | null;
  onDate: (date: string) => void;
}) {
  const { t } = useHistoryTranslation();
  const f = useFormat();
  const names = useNames();
  const { date, today, serial } = props;
  const query = useQuery(historyPowerQuery(date, serial, date === today));
  const view = useMemo(
    () => (query.data ? powerView(query.data, serial, names) : null),
    [query.data, serial, names],
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
        csv={view && filled ? () => saveText(powerCsv(view), csvFileName('day', date, serial)) : null}
        total={
          totals?.energyWh != null && totals.peakW != null ? (
            <>
              {t('chart.energy')}: <strong>{energyLabel(f, totals.energyWh / 1000)}</strong> ·{' '}
              {t('chart.peak')}: <strong>{f.unit(totals.peakW, 'W')}</strong>
            </>
          ) : null
        }
      />
      <QueryState error={query.error} pending={query.isPending} />
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
              xTicks={hourTicks(view.from, view.to, zone, 3).map(
                (tick): ChartTick => ({ at: tick.at, label: `${String(tick.hour).padStart(2, '0')}:00` }),
              )}
              yLabel={(value) => f.unit(value, 'W')}
              valueLabel={(value) => (value === null ? '–' : f.unit(value, 'W'))}
              pointLabel={(i) => {
                const start = view.time[i] ?? view.from;
                return `${clock.format(start * 1000)}–${clock.format((start + view.step) * 1000)}`;
              }}
              title={t('chart.powerTitle', { series: view.series[0]?.label, date: dayLabel })}
            />
            <Legend series={view.series} />
          </>
        ) : (
          <p className="text-body-secondary my-4 text-center">{t('chart.noDay')}</p>
        ))}
    </>
  );
}

/** kWh with the digits the scale needs; a total under 1 kWh gets three (Wh exact). */
function energyLabel(f: Formatters, kwh: number, step?: number): string {
  const digits = step === undefined ? (Math.abs(kwh) < 1 ? 3 : 2) : step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
  return f.unit(kwh, 'kWh', digits);
}

function EnergyPanel(props: {
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
    `${month}-${String(Math.min(dayOf, daysInMonth(month))).padStart(2, '0')}`;
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
        csv={view && filled ? () => saveText(energyCsv(view), csvFileName(range, period, serial)) : null}
        total={
          total !== null ? (
            <>
              {t('chart.total')}: <strong>{energyLabel(f, total / 1000)}</strong>
            </>
          ) : null
        }
      />
      <QueryState error={query.error} pending={query.isPending} />
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

export default withQuery(HistoryCard);
