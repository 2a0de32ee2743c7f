/** The battery's minutes: only a fresh reading of a switched-on battery counts, each value by how long it held. */
import { batteryStatus } from '@dtu-console/contract/battery/fixtures';
import { describe, expect, it } from 'vitest';
import { BATTERY_POWER, BATTERY_SOC, BatteryMinutes, batteryValues } from '../../src/history/battery-minutes';

const t0 = Date.UTC(2025, 5, 21, 10);

describe('battery values', () => {
  it('takes the SoC and the signed power of a fresh reading', () => {
    expect(batteryValues(batteryStatus({ soc: 81, power: -643.4 }))).toEqual(
      new Map([
        [BATTERY_SOC, 81],
        [BATTERY_POWER, -643.4],
      ]),
    );
  });

  it('knows nothing of a stale, switched-off or absent battery, and never makes a 0 of a missing value', () => {
    expect(batteryValues(batteryStatus({ stale: true }))).toBeNull();
    expect(batteryValues(batteryStatus({ enabled: false }))).toBeNull();
    expect(batteryValues(undefined)).toBeNull();
    expect(batteryValues(batteryStatus({ soc: null, power: null }))).toBeNull();
    expect(batteryValues(batteryStatus({ soc: null, power: 120 }))).toEqual(new Map([[BATTERY_POWER, 120]]));
  });
});

describe('battery minutes', () => {
  it('weights each sample by how long it held: charge positive, discharge negative', () => {
    const minutes = new BatteryMinutes();
    minutes.sample(t0, batteryStatus({ soc: 50, power: 1000 }));
    minutes.sample(t0 + 45_000, batteryStatus({ soc: 54, power: -200 }));
    const rows = minutes.take(t0 + 60_000);
    expect(rows).toEqual([
      { channel: BATTERY_SOC, t: t0 / 1000, value: 51, s: 60 },
      { channel: BATTERY_POWER, t: t0 / 1000, value: 700, s: 60 },
    ]);
  });

  it('leaves the time of a stale reading uncovered, so a minute without any is no row at all', () => {
    const minutes = new BatteryMinutes();
    minutes.sample(t0, batteryStatus({ soc: 60, power: 300 }));
    minutes.sample(t0 + 20_000, batteryStatus({ stale: true }));
    minutes.sample(t0 + 60_000, batteryStatus({ stale: true }));
    minutes.sample(t0 + 120_000, batteryStatus({ stale: true }));
    const rows = minutes.take(t0 + 120_000);
    // The first minute: 20 s of data; the second: none (not 0).
    expect(rows).toEqual([
      { channel: BATTERY_SOC, t: t0 / 1000, value: 60, s: 20 },
      { channel: BATTERY_POWER, t: t0 / 1000, value: 300, s: 20 },
    ]);
  });

  it('forgets what it held once cleared', () => {
    const minutes = new BatteryMinutes();
    minutes.sample(t0, batteryStatus());
    minutes.clear();
    minutes.sample(t0 + 30_000, undefined);
    expect(minutes.take(t0 + 60_000, true)).toEqual([]);
  });
});
