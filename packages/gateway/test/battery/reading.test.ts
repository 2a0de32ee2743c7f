import { describe, expect, it } from 'vitest';
import { validateBattery, validateCharger } from '../../src/battery/reading';

describe('battery reading validation', () => {
  it('keeps values in range and refuses the rest by name', () => {
    const { reading, refused } = validateBattery({
      socPercent: 101,
      voltageV: 52.7,
      currentA: Number.NaN,
      temperatureC: -41,
      dischargeCurrentLimitA: 370,
      alarms: [],
      warnings: [],
    });
    expect(refused.sort()).toEqual(['currentA', 'socPercent', 'temperatureC']);
    expect(reading).toEqual({ voltageV: 52.7, dischargeCurrentLimitA: 370, alarms: [], warnings: [] });
  });

  it('refuses negative solar power', () => {
    expect(validateCharger({ solarPowerW: -5, batteryVoltageV: 52 }).refused).toEqual(['solarPowerW']);
  });
});
