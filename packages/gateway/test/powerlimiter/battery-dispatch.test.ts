/** Dispatch by role: solar first, the battery-fed inverters for the rest up to the battery's cap. */
import { describe, expect, it } from 'vitest';
import { dispatchByRole } from '../../src/powerlimiter/battery-dispatch';
import type { DispatchInverter } from '../../src/powerlimiter/dispatch';

const inverter = (
  serial: string,
  upperW: number,
  sunCapW: number | null = null,
  lowerW = 10,
): DispatchInverter => ({
  serial,
  lowerW,
  upperW,
  sunCapW,
  probeW: 20,
});

describe('dispatch by role', () => {
  it('gives the battery-fed inverters only what the sun-held solar ones cannot', () => {
    const { limits, standby } = dispatchByRole(1000, [inverter('S', 800, 600)], [inverter('B', 800)], 5000);
    expect(standby).toEqual([]);
    // The solar inverter may go to its sun plus the probe (620 W) but gives 600 W: the battery the rest.
    expect(limits.get('S')).toBe(620);
    expect(limits.get('B')).toBe(400);
  });

  it('caps the battery-fed inverters at the battery rules’ cap, however large the demand', () => {
    const { limits } = dispatchByRole(
      3000,
      [inverter('S', 800, 200)],
      [inverter('B1', 800), inverter('B2', 800)],
      500,
    );
    expect((limits.get('B1') ?? 0) + (limits.get('B2') ?? 0)).toBeLessThanOrEqual(500);
    expect(limits.get('B1')).toBe(limits.get('B2'));
  });

  it('puts them in standby when no discharge is allowed, and leaves the solar inverters as they were', () => {
    const { limits, standby } = dispatchByRole(1000, [inverter('S', 800)], [inverter('B', 800)], 0);
    expect(standby).toEqual(['B']);
    expect(limits.has('B')).toBe(false);
    expect(limits.get('S')).toBe(800);
  });

  it('lets the cap win over their lowest limits', () => {
    const { limits } = dispatchByRole(
      0,
      [],
      [inverter('B1', 800, null, 100), inverter('B2', 800, null, 100)],
      60,
    );
    expect((limits.get('B1') ?? 0) + (limits.get('B2') ?? 0)).toBeLessThanOrEqual(60);
  });

  it('without battery-fed inverters is the plain dispatch', () => {
    const { limits, standby } = dispatchByRole(500, [inverter('S1', 800), inverter('S2', 800)], [], 0);
    expect(standby).toEqual([]);
    expect(limits.get('S1')).toBe(250);
  });
});
