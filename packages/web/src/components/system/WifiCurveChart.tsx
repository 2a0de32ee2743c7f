/**
 * System info: the day's power curve a Wi-Fi device keeps itself, drawn with the history's chart. Loaded
 * only when a device has sent one (most plants have no Wi-Fi device).
 */
import type { WifiPowerCurve } from '@dtu-console/contract/wifi/api';
import { useFormat } from '../../i18n/format';
import '../../styles/history.scss';
import { type ChartTick, HistoryChart } from '../history/HistoryChart';
import { useWifiTranslation } from '../wifi/useWifiTranslation';

const HOUR_S = 3600;

export default function WifiCurveChart({ name, curve }: { name: string; curve: WifiPowerCurve }) {
  const { t } = useWifiTranslation();
  const f = useFormat();
  const time = curve.power_w.map((_, index) => curve.start + index * curve.step_s);
  const from = curve.start;
  const to = curve.start + Math.max(1, curve.power_w.length) * curve.step_s;
  // The gateway's wall clock is the device's: times in the browser's zone, as System info shows others.
  const clock = new Intl.DateTimeFormat(f.locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const ticks: ChartTick[] = [];
  for (let at = Math.ceil(from / (3 * HOUR_S)) * 3 * HOUR_S; at < to; at += 3 * HOUR_S) {
    ticks.push({ at, label: clock.format(at * 1000) });
  }
  return (
    <figure className="mb-0" data-testid="wifi-curve">
      <figcaption className="small text-body-secondary mb-1">
        {t('wifi.diagnostics.curve', { name })}
      </figcaption>
      <HistoryChart
        kind="line"
        time={time}
        from={from}
        to={to}
        step={curve.step_s}
        series={[{ key: 'device', label: name, values: curve.power_w }]}
        xTicks={ticks}
        yLabel={(value) => f.unit(value, 'W')}
        valueLabel={(value) => (value === null ? '–' : f.unit(value, 'W'))}
        pointLabel={(index) => {
          const start = time[index] ?? from;
          return `${clock.format(start * 1000)}–${clock.format((start + curve.step_s) * 1000)}`;
        }}
        title={t('wifi.diagnostics.curve', { name })}
      />
    </figure>
  );
}
