import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { wifiCurveFollowedQuery } from '../../api/wifi';
import { useFormat } from '../../i18n/format';
import { curveOnSteps, deviceCurveFor } from './device-curve';
import { type ChartTick, HistoryChart } from './HistoryChart';
import { useHistoryTranslation } from './labels';
import type { PowerView } from './view';

/** The device's line takes a colour of its own, apart from the inverter's filled curve above it. */
const DEVICE_COLOUR = 3;

/**
 * Under a Wi-Fi inverter's day: the power curve its device keeps itself (also while the gateway was off),
 * on the same steps and axis as the gateway's curve. A device that sent none says so; nothing is drawn
 * for it then, and no gap is filled.
 */
export function DeviceCurve(props: {
  serial: string;
  date: string;
  today: string;
  view: PowerView;
  xTicks: ChartTick[];
  pointLabel: (index: number) => string;
  dayLabel: string;
}) {
  const { t } = useHistoryTranslation();
  const f = useFormat();
  const headingId = useId();
  const { view, serial } = props;
  const query = useQuery({ ...wifiCurveFollowedQuery, enabled: props.date === props.today });
  const found = query.data ? deviceCurveFor(query.data, serial) : null;
  const values = useMemo(
    () => (found && found.kind !== 'none' ? curveOnSteps(found.curve, view.time, view.step) : null),
    [found, view],
  );
  const note = (text: string) => (
    <p className="small text-body-secondary mt-3 mb-0" data-testid="history-device-curve-none">
      {text}
    </p>
  );
  // The devices keep only the current day.
  if (props.date !== props.today) return note(t('chart.deviceCurvePast'));
  if (query.error) return note(t('chart.deviceCurveError', { message: query.error.message }));
  if (!found) return null;
  if (!values?.some((value) => value !== null))
    return note(t('chart.deviceCurveNone', { device: found.device }));
  const label = t('chart.deviceCurve', { device: found.device });
  return (
    <section className="mt-4" data-testid="history-device-curve" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6 mb-1">
        {label}
      </h3>
      <HistoryChart
        kind="line"
        time={view.time}
        from={view.from}
        to={view.to}
        step={view.step}
        series={[{ key: 'device', label, values, colour: DEVICE_COLOUR }]}
        xTicks={props.xTicks}
        yLabel={(value) => f.unit(value, 'W')}
        valueLabel={(value) => (value === null ? '–' : f.unit(value, 'W'))}
        pointLabel={props.pointLabel}
        title={t('chart.deviceCurveTitle', { device: found.device, date: props.dayLabel })}
      />
      <p className="small text-body-secondary mt-1 mb-0">
        {found.kind === 'device'
          ? t('chart.deviceCurveWhole', { count: found.inverters })
          : t('chart.deviceCurveHint')}
      </p>
    </section>
  );
}
