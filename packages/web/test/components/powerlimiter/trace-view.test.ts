/** The live limiter card's chart input (pure parts). */
import type { PowerLimiterTrace } from '@dtu-console/contract/powerlimiter/api';
import { describe, expect, it } from 'vitest';
import { traceView } from '../../../src/components/powerlimiter/trace-view';

describe('the limiter chart input', () => {
  const at = (s: number) => Date.UTC(2025, 5, 21, 11, 0, 0) + s * 1000;
  const point = (s: number, grid: number | null) => ({
    time: at(s),
    grid_power: grid,
    production: 900,
    limit: 950,
  });

  it('fills slots of the spacing up to the last point, bridging a single missed slot only', () => {
    const trace: PowerLimiterTrace = {
      window_ms: 60_000,
      spacing_ms: 5000,
      points: [point(0, 10), point(5, -20), point(11, 5), point(40, 0), point(45, 3), point(56, 4)],
    };
    const view = traceView(trace, { production: 'P', grid: 'G', limit: 'L' })!;
    expect(view.step).toBe(5);
    expect(view.time).toHaveLength(12);
    expect(view.to - view.from).toBe(60);
    expect(view.to).toBe(at(60) / 1000);
    const grid = view.series.find((one) => one.key === 'grid')!.values;
    // Slots 0 … 11 cover 0 … 60 s: 0, 5, 10 filled; 15 … 35 a real gap; 50 missed once and bridged.
    expect(grid).toEqual([10, -20, 5, null, null, null, null, null, 0, 3, 3, 4]);
    expect(view.series.map((one) => one.key)).toEqual(['production', 'grid', 'limit']);
  });

  it('has nothing to draw without points', () => {
    expect(
      traceView({ window_ms: 1, spacing_ms: 1, points: [] }, { production: '', grid: '', limit: '' }),
    ).toBeNull();
  });
});
