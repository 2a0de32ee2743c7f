import { useId } from 'react';
import { useFormat } from '../../i18n/format';
import { type ChartTick, HistoryChart } from './HistoryChart';
import { useHistoryTranslation } from './labels';
import type { BatteryView, PowerView } from './view';

/** The state-of-charge axis: always the whole 0–100 %, so days compare at a glance. */
const SOC_TICKS = [0, 25, 50, 75, 100];

/**
 * The battery of a day under its power chart: the battery's power as a filled line (charging above zero,
 * discharging below) and its state of charge as a line on its own 0–100 % axis at the right.
 */
export function BatteryChart(props: {
  view: PowerView;
  battery: BatteryView;
  xTicks: ChartTick[];
  pointLabel: (index: number) => string;
  /** The day as the power chart's title names it. */
  dayLabel: string;
}) {
  const { t } = useHistoryTranslation();
  const f = useFormat();
  const headingId = useId();
  const { view, battery } = props;
  const percent = (value: number | null, digits = 1) => (value === null ? '–' : f.unit(value, '%', digits));
  return (
    <section className="mt-4" data-testid="history-battery" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6 mb-1">
        {t('chart.battery')}
      </h3>
      <HistoryChart
        kind="line"
        time={view.time}
        from={view.from}
        to={view.to}
        step={view.step}
        series={[battery.power]}
        right={{
          series: [battery.soc],
          bottom: 0,
          top: 100,
          ticks: SOC_TICKS,
          yLabel: (value) => percent(value, 0),
          valueLabel: (value) => percent(value),
        }}
        xTicks={props.xTicks}
        yLabel={(value) => f.unit(value, 'W')}
        valueLabel={(value) => (value === null ? '–' : f.unit(value, 'W'))}
        pointLabel={props.pointLabel}
        title={t('chart.batteryTitle', { date: props.dayLabel })}
      />
      <div className="d-flex flex-wrap gap-3 small mt-1">
        {[battery.power, battery.soc].map((one) => (
          <span key={one.key} className="d-flex align-items-center gap-1">
            <span className="history-swatch" style={{ background: `var(--history-c${one.colour ?? 0})` }} />
            {one.label}
          </span>
        ))}
      </div>
      <p className="small text-body-secondary mt-1 mb-0">{t('chart.batteryHint')}</p>
    </section>
  );
}
