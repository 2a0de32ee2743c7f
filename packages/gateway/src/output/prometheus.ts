/**
 * GET /api/prometheus/metrics as text: OpenDTU's families under their kept names (prometheus-opendtu.ts),
 * then the families named as Prometheus expects (prometheus-families.ts). docs/metrics.md lists both.
 */
import type { LiveModel } from '../engine/live-model';
import { Exposition } from './prometheus-exposition';
import { addMetricFamilies } from './prometheus-families';
import type { MetricSource } from './prometheus-group';
import { addOpenDtuMetrics, type GlobalFacts } from './prometheus-opendtu';

export { escapeLabelValue, PROMETHEUS_CONTENT_TYPE } from './prometheus-exposition';
export type { GlobalFacts } from './prometheus-opendtu';

/** What only the gateway around the live model knows. */
export interface MetricExtras {
  /** The engine's day period; false when not given. */
  daylight?: boolean;
  /** The open alerts (src/alerts/). */
  alerts?: MetricSource['alerts'];
  alertsOpened?: MetricSource['alertsOpened'];
  limiter?: MetricSource['limiter'];
  meter?: MetricSource['meter'];
  radioChips?: MetricSource['radioChips'];
  crossOriginRefused?: MetricSource['crossOriginRefused'];
  wifiDevices?: MetricSource['wifiDevices'];
  battery?: MetricSource['battery'];
  solarCharger?: MetricSource['solarCharger'];
}

/** The whole exposition. */
export function renderMetrics(facts: GlobalFacts, live: LiveModel, extras: MetricExtras = {}): string {
  const out = new Exposition();
  addOpenDtuMetrics(out, facts, live);
  const { daylight = false, ...rest } = extras;
  addMetricFamilies(out, { live, daylight, ...rest });
  return out.text();
}
