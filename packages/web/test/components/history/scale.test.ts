import { describe, expect, it } from 'vitest';
import { niceRange, niceScale } from '../../../src/components/history/scale';

describe('axis scale', () => {
  it('picks round axis steps', () => {
    expect(niceScale(2231)).toEqual({ top: 3000, step: 1000, ticks: [0, 1000, 2000, 3000] });
    expect(niceScale(1800)).toEqual({ top: 2000, step: 500, ticks: [0, 500, 1000, 1500, 2000] });
    expect(niceScale(16.37)).toMatchObject({ top: 20, step: 5 });
    expect(niceScale(0)).toMatchObject({ top: 1, step: 0.25 });
    expect(niceScale(0.9).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
    // Below zero (grid power in export): the bottom on a step too, zero among the ticks.
    expect(niceRange(0, 2231)).toEqual({ bottom: 0, top: 3000, step: 1000, ticks: [0, 1000, 2000, 3000] });
    expect(niceRange(-350, 1200)).toEqual({
      bottom: -500,
      top: 1500,
      step: 500,
      ticks: [-500, 0, 500, 1000, 1500],
    });
    expect(niceRange(-80, -20)).toMatchObject({ bottom: -80, top: 0, step: 20 });
    expect(niceRange(-2100, 2300)).toMatchObject({ bottom: -3000, top: 3000, step: 1000 });
  });
});
