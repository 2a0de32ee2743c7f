import { describe, expect, it } from 'vitest';
import { SimulatedCounters } from '../../../src/powermeter/sources/simulated';

describe("the simulated meter's counters", () => {
  it('count drawn and fed-in energy from each reading over the time since the one before', () => {
    const counters = new SimulatedCounters();
    counters.add(3600, 0); // the first reading counts nothing
    counters.add(3600, 1000); // 3600 W for 1 s = 1 Wh drawn
    counters.add(-1800, 3000); // 1800 W fed in for 2 s = 1 Wh
    counters.add(0, 4000);
    expect(counters.importWh).toBeCloseTo(1, 9);
    expect(counters.exportWh).toBeCloseTo(1, 9);
  });

  it('count nothing over a gap of more than a minute, nor when the clock goes back', () => {
    const counters = new SimulatedCounters();
    counters.add(1000, 0);
    counters.add(1000, 120_000);
    counters.add(1000, 60_000);
    expect(counters.importWh).toBe(0);
    counters.add(1000, 61_000);
    expect(counters.importWh).toBeCloseTo(1000 / 3600, 9);
  });
});
