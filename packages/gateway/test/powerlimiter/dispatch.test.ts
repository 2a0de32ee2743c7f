import { describe, expect, it } from 'vitest';
import { capOf, dispatch } from '../../src/powerlimiter/dispatch';

const inv = (serial: string, lowerW: number, upperW: number, sunCapW: number | null = null) => ({
  serial,
  lowerW,
  upperW,
  sunCapW,
  probeW: 20,
});

describe('dispatch by headroom', () => {
  it('splits a total over free inverters in proportion to their headroom', () => {
    const limits = dispatch(1400, [inv('a', 0, 800), inv('b', 0, 2000)]);
    expect(limits.get('a')).toBe(400);
    expect(limits.get('b')).toBe(1000);
  });

  it('gives a sun-limited inverter no more than its output plus the probe; the rest goes to the others', () => {
    const limits = dispatch(1500, [inv('shaded', 0, 800, 100), inv('sunny', 0, 2000)]);
    expect(limits.get('shaded')).toBeLessThanOrEqual(120);
    expect((limits.get('shaded') ?? 0) + (limits.get('sunny') ?? 0)).toBe(1500);
    expect(capOf(inv('shaded', 0, 800, 100))).toBe(120);
  });

  it('never goes below the lower limits (no standby), even for a total of 0', () => {
    const limits = dispatch(0, [inv('a', 30, 800), inv('b', 50, 2000)]);
    expect(limits.get('a')).toBe(30);
    expect(limits.get('b')).toBe(50);
  });

  it('never above the upper limits, whatever is asked', () => {
    const limits = dispatch(10_000, [inv('a', 0, 600), inv('b', 100, 1500)]);
    expect(limits.get('a')).toBe(600);
    expect(limits.get('b')).toBe(1500);
  });

  it('a lower limit above what the sun gives still holds', () => {
    expect(capOf(inv('a', 200, 800, 50))).toBe(200);
    expect(dispatch(100, [inv('a', 200, 800, 50)]).get('a')).toBe(200);
  });
});
