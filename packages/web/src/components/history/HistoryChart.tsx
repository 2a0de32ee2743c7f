import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { niceRange } from './scale';
import type { ChartSeries } from './view';

/**
 * The console's own small SVG chart (docs/console.md, "History"): a filled line with further lines for a
 * day curve, optionally lines on a second axis at the right (a battery's charge in %), bars for energy;
 * ticks, a hover readout and a width that follows its box. Colours are CSS variables of history.scss, so
 * light and dark themes each get their own.
 */

export interface ChartTick {
  /** Unix seconds (line) or bar index (bars). */
  at: number;
  label: string;
}

interface ChartBase {
  series: ChartSeries[];
  xTicks: ChartTick[];
  /** An axis label; `step` is the distance between ticks (for the decimals). */
  yLabel: (value: number, step: number) => string;
  /** The readout's value text; null shows a dash. */
  valueLabel: (value: number | null) => string;
  /** The readout's heading for point `index`. */
  pointLabel: (index: number) => string;
  /** Names the chart for screen readers (what, when, total). */
  title: string;
}

/** A second value axis at the right of a line chart, with its own fixed range, labels and lines. */
export interface ChartRightAxis {
  series: ChartSeries[];
  bottom: number;
  top: number;
  /** The values labelled on the axis. */
  ticks: number[];
  yLabel: (value: number) => string;
  /** The readout's value text of its series; null shows a dash. */
  valueLabel: (value: number | null) => string;
}

export type HistoryChartProps =
  | (ChartBase & {
      kind: 'line';
      time: number[];
      from: number;
      to: number;
      step: number;
      right?: ChartRightAxis;
    })
  | (ChartBase & { kind: 'bar' });

const HEIGHT = 240;
const PAD = { top: 12, right: 10, bottom: 24 };
const FALLBACK_WIDTH = 640;
/** Approximate width of a digit of the 11 px axis text, for the room the y labels need. */
const CHAR_WIDTH = 6.6;
/** How far the readout looks for a point with data on either side of the pointer, in pixels. */
const SNAP_PX = 16;

const colour = (index: number) => `var(--history-c${index % 6})`;
/** A series' colour: its own choice, else its position. */
const colourOf = (one: ChartSeries, index: number) => colour(one.colour ?? index);

/** The box's width, followed as it changes (phone rotation, window size). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    if (box.clientWidth > 0) setWidth(box.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** SVG path of a series: one `M … L …` run per stretch without gaps. */
function linePath(values: Array<number | null>, x: (i: number) => number, y: (v: number) => number): string {
  let path = '';
  let open = false;
  values.forEach((value, i) => {
    if (value === null) {
      open = false;
      return;
    }
    path += `${open ? 'L' : 'M'}${x(i).toFixed(1)} ${y(value).toFixed(1)}`;
    open = true;
  });
  return path;
}

/** The index with data nearest to `index` within `reach` steps (a lone point is hard to hit), else `index`. */
function nearestWithData(series: ChartSeries[], index: number, reach: number): number {
  const filled = (i: number) => series.some((one) => one.values[i] != null);
  for (let distance = 0; distance <= reach; distance++) {
    if (filled(index - distance)) return index - distance;
    if (filled(index + distance)) return index + distance;
  }
  return index;
}

/** Points without a neighbour that has data: a line through them would draw nothing, so they get a dot. */
function isolated(values: Array<number | null>): number[] {
  return values.flatMap((value, i) =>
    value !== null && (values[i - 1] ?? null) === null && (values[i + 1] ?? null) === null ? [i] : [],
  );
}

/** The area under a series down to the base line, one closed shape per stretch without gaps. */
function areaPath(
  values: Array<number | null>,
  x: (i: number) => number,
  y: (v: number) => number,
  base: number,
) {
  let path = '';
  let run: number[] = [];
  const close = () => {
    if (run.length === 0) return;
    const first = run[0] as number;
    const last = run[run.length - 1] as number;
    path += `M${x(first).toFixed(1)} ${base}`;
    for (const i of run) path += `L${x(i).toFixed(1)} ${y(values[i] as number).toFixed(1)}`;
    path += `L${x(last).toFixed(1)} ${base}Z`;
    run = [];
  };
  values.forEach((value, i) => {
    if (value === null) close();
    else run.push(i);
  });
  close();
  return path;
}

/**
 * Every n-th tick, n as small as lets the widest label fit between two neighbours (uniform: 1, 3, 5 … rather
 * than a pattern that changes with the labels' lengths).
 */
function spaced(ticks: ChartTick[], at: (value: number) => number): ChartTick[] {
  if (ticks.length < 2) return ticks;
  const widest = Math.max(...ticks.map((tick) => tick.label.length)) * CHAR_WIDTH + 8;
  const gap = Math.abs(at((ticks[1] as ChartTick).at) - at((ticks[0] as ChartTick).at)) || 1;
  const every = Math.ceil(widest / gap);
  return ticks.filter((_, i) => i % every === 0);
}

export function HistoryChart(props: HistoryChartProps) {
  const { ref, width } = useWidth();
  const [hover, setHover] = useState<number | null>(null);
  const { series } = props;
  const right = props.kind === 'line' ? props.right : undefined;
  const rightSeries = right?.series ?? [];
  // Right-axis series take the colours after the left ones unless they choose their own.
  const rightColour = (one: ChartSeries, index: number) => colourOf(one, series.length + index);
  const count = series[0]?.values.length ?? 0;
  let max = 0;
  let min = 0;
  for (const one of series) {
    for (const value of one.values) {
      if (value === null) continue;
      if (value > max) max = value;
      if (value < min) min = value;
    }
  }
  const scale = niceRange(min, max);
  const left =
    Math.max(...scale.ticks.map((tick) => props.yLabel(tick, scale.step).length)) * CHAR_WIDTH + 10;
  const padRight = right
    ? Math.max(...right.ticks.map((tick) => right.yLabel(tick).length)) * CHAR_WIDTH + 10
    : PAD.right;
  const plotWidth = Math.max(width - left - padRight, 10);
  const bottom = HEIGHT - PAD.bottom;
  const y = (value: number) =>
    bottom - ((value - scale.bottom) / (scale.top - scale.bottom)) * (bottom - PAD.top);
  const yRight = (value: number) =>
    right
      ? bottom - ((value - right.bottom) / (right.top - right.bottom || 1)) * (bottom - PAD.top)
      : y(value);
  // Every series drawn, on its axis: the left ones, then the right ones in the colours after them.
  const plotted = [
    ...series.map((one, index) => ({
      one,
      fill: colourOf(one, index),
      toY: y,
      valueLabel: props.valueLabel,
      main: index === 0,
    })),
    ...rightSeries.map((one, index) => ({
      one,
      fill: rightColour(one, index),
      toY: yRight,
      valueLabel: right?.valueLabel ?? props.valueLabel,
      main: false,
    })),
  ];
  // Areas, bars and the axis stand on zero, which is the bottom unless a value is below it.
  const base = Math.round(y(0) * 10) / 10;

  const band = plotWidth / Math.max(count, 1);
  const x =
    props.kind === 'line'
      ? (i: number) =>
          left +
          (((props.time[i] ?? props.from) + props.step / 2 - props.from) / (props.to - props.from)) *
            plotWidth
      : (i: number) => left + band * (i + 0.5);
  const tickX =
    props.kind === 'line'
      ? (at: number) => left + ((at - props.from) / (props.to - props.from)) * plotWidth
      : (at: number) => x(at);

  const pick = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const px = ((event.clientX - box.left) / (box.width || width)) * width;
    if (count === 0) return;
    let index: number;
    if (props.kind === 'bar') index = Math.floor((px - left) / band);
    else {
      const at = props.from + ((px - left) / plotWidth) * (props.to - props.from) - props.step / 2;
      index = Math.round((at - (props.time[0] ?? props.from)) / props.step);
    }
    index = Math.min(Math.max(index, 0), count - 1);
    setHover(
      props.kind === 'line'
        ? nearestWithData([...series, ...rightSeries], index, Math.ceil(SNAP_PX / band))
        : index,
    );
  };

  const readoutLeft = hover === null ? 0 : x(hover);
  return (
    <div className="history-chart" ref={ref}>
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={props.title}
        onPointerMove={pick}
        onPointerDown={pick}
        onPointerLeave={() => setHover(null)}
      >
        <g className="history-grid">
          {scale.ticks.map((tick) => (
            <g key={tick}>
              <line x1={left} x2={left + plotWidth} y1={y(tick)} y2={y(tick)} />
              <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
                {props.yLabel(tick, scale.step)}
              </text>
            </g>
          ))}
          {right?.ticks.map((tick) => (
            <text
              key={`right-${tick}`}
              className="history-right"
              x={left + plotWidth + 6}
              y={yRight(tick)}
              dy="0.32em"
              textAnchor="start"
            >
              {right.yLabel(tick)}
            </text>
          ))}
          {spaced(props.xTicks, tickX).map((tick) => (
            <text key={tick.at} x={tickX(tick.at)} y={HEIGHT - 6} textAnchor="middle">
              {tick.label}
            </text>
          ))}
        </g>
        {props.kind === 'line' ? (
          <>
            <path
              className="history-area"
              d={areaPath(series[0]?.values ?? [], x, y, base)}
              style={{ fill: series[0] ? colourOf(series[0], 0) : colour(0) }}
            />
            {plotted.map(({ one, fill, toY, main }) => (
              <path
                key={one.key}
                className={main ? 'history-line history-main' : 'history-line'}
                d={linePath(one.values, x, toY)}
                style={{ stroke: fill }}
              />
            ))}
            {plotted.map(({ one, fill, toY }) =>
              isolated(one.values).map((i) => (
                <circle
                  key={`${one.key}-${i}`}
                  cx={x(i)}
                  cy={toY(one.values[i] as number)}
                  r={2.5}
                  style={{ fill }}
                />
              )),
            )}
            {hover !== null && (
              <>
                <line className="history-guide" x1={x(hover)} x2={x(hover)} y1={PAD.top} y2={bottom} />
                {plotted.map(({ one, fill, toY }) => {
                  const value = one.values[hover];
                  return value == null ? null : (
                    <circle
                      key={one.key}
                      className="history-marker"
                      cx={x(hover)}
                      cy={toY(value)}
                      r={3.5}
                      style={{ fill }}
                    />
                  );
                })}
              </>
            )}
          </>
        ) : (
          series[0]?.values.map((value, i) =>
            value === null ? null : (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: a bar is its period's slot
                key={i}
                className={hover === i ? 'history-bar history-bar-hover' : 'history-bar'}
                x={x(i) - band * 0.35}
                width={Math.max(band * 0.7, 1)}
                y={y(value)}
                height={Math.max(base - y(value), value > 0 ? 1 : 0)}
                style={{ fill: series[0] ? colourOf(series[0], 0) : colour(0) }}
              />
            ),
          )
        )}
        <line className="history-axis" x1={left} x2={left + plotWidth} y1={base} y2={base} />
      </svg>
      {hover !== null && (
        <div
          className="history-readout"
          data-testid="history-readout"
          style={readoutLeft > width / 2 ? { right: width - readoutLeft + 8 } : { left: readoutLeft + 8 }}
        >
          <div className="fw-semibold">{props.pointLabel(hover)}</div>
          {plotted.map(({ one, fill, valueLabel }) => (
            <div key={one.key} className="d-flex gap-2 align-items-center">
              <span className="history-swatch" style={{ background: fill }} />
              <span className="flex-grow-1">{one.label}</span>
              <span className="fw-semibold text-nowrap">{valueLabel(one.values[hover] ?? null)}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
