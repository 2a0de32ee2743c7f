import type { PowerLimiterTrace } from '@dtu-console/contract/powerlimiter/api';
import { useMemo } from 'react';
import { useFormat } from '../../i18n/format';
import { HistoryChart } from '../history/HistoryChart';
import '../../styles/history.scss';
import { useLimiterTranslation } from './labels';
import { minuteTicks, traceView } from './trace-view';

/** Grid power, production and the governed limits over the last 15 minutes, on the history chart. */
export default function LimiterChart({ trace }: { trace: PowerLimiterTrace }) {
  const { t } = useLimiterTranslation();
  const f = useFormat();
  const names = useMemo(
    () => ({ production: t('card.production'), grid: t('card.grid'), limit: t('card.limitSum') }),
    [t],
  );
  const view = useMemo(() => traceView(trace, names), [trace, names]);
  const clock = useMemo(
    () => new Intl.DateTimeFormat(f.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    [f.locale],
  );
  const short = useMemo(
    () => new Intl.DateTimeFormat(f.locale, { hour: '2-digit', minute: '2-digit' }),
    [f.locale],
  );
  if (!view) return <p className="text-body-secondary my-3 text-center">{t('card.noTrace')}</p>;
  return (
    <div data-testid="limiter-chart">
      <HistoryChart
        kind="line"
        time={view.time}
        from={view.from}
        to={view.to}
        step={view.step}
        series={view.series}
        xTicks={minuteTicks(view.from, view.to).map((at) => ({ at, label: short.format(at * 1000) }))}
        yLabel={(value) => f.unit(value, 'W')}
        valueLabel={(value) => (value === null ? '–' : f.unit(value, 'W'))}
        pointLabel={(i) => clock.format((view.time[i] ?? view.from) * 1000)}
        title={t('card.chartTitle')}
      />
      <div className="d-flex flex-wrap gap-3 small mt-1">
        {view.series.map((one, index) => (
          <span key={one.key} className="d-flex align-items-center gap-1">
            <span className="history-swatch" style={{ background: `var(--history-c${index})` }} />
            {one.label}
          </span>
        ))}
      </div>
    </div>
  );
}
