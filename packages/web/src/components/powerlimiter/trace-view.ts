/**
 * The limiter trace (GET /api/powerlimiter/trace) as the history chart's line input: slots of the trace's
 * spacing over its window, ending at its last point (the gateway's clock, not the browser's).
 */
import type { PowerLimiterTrace, PowerLimiterTracePoint } from '@dtu-console/contract/powerlimiter/api';
import type { ChartSeries } from '../history/view';

export interface TraceView {
  /** Unix seconds: slot starts, the first slot, the end, the slot length. */
  time: number[];
  from: number;
  to: number;
  step: number;
  series: ChartSeries[];
}

export interface TraceNames {
  production: string;
  grid: string;
  limit: string;
}

type Field = 'production' | 'grid_power' | 'limit';

/**
 * One value per slot. Points are a little more than one spacing apart, so now and then a slot stays empty:
 * it takes its left neighbour's value, so the line does not break; longer gaps (no data) stay gaps.
 */
function slotValues(
  points: readonly PowerLimiterTracePoint[],
  field: Field,
  from: number,
  step: number,
  count: number,
) {
  const values: Array<number | null> = new Array(count).fill(null);
  for (const point of points) {
    const slot = Math.floor((point.time / 1000 - from) / step);
    if (slot >= 0 && slot < count) values[slot] = point[field];
  }
  for (let i = 1; i < count - 1; i++) {
    if (values[i] === null && values[i - 1] !== null && values[i + 1] !== null)
      values[i] = values[i - 1] ?? null;
  }
  return values;
}

export function traceView(trace: PowerLimiterTrace, names: TraceNames): TraceView | null {
  const last = trace.points.at(-1);
  if (!last) return null;
  const step = trace.spacing_ms / 1000;
  const count = Math.round(trace.window_ms / trace.spacing_ms);
  const to = Math.floor(last.time / 1000 / step) * step + step;
  const from = to - count * step;
  const time = Array.from({ length: count }, (_, i) => from + i * step);
  const series: ChartSeries[] = [
    {
      key: 'production',
      label: names.production,
      values: slotValues(trace.points, 'production', from, step, count),
    },
    { key: 'grid', label: names.grid, values: slotValues(trace.points, 'grid_power', from, step, count) },
    { key: 'limit', label: names.limit, values: slotValues(trace.points, 'limit', from, step, count) },
  ];
  return { time, from, to, step, series };
}

/** Ticks on the full five minutes inside the window. */
export function minuteTicks(from: number, to: number, every = 300): number[] {
  const ticks: number[] = [];
  for (let at = Math.ceil(from / every) * every; at <= to; at += every) ticks.push(at);
  return ticks;
}
