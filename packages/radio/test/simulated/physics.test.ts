import { describe, expect, it } from 'vitest';
import {
  clearSkyIrradiance,
  defaultOrientation,
  inverterEfficiency,
  mppVoltage,
  operate,
  planeOfArrayIrradiance,
  Sky,
  type StringSupply,
  sunPosition,
} from '../../src/simulated/physics';
import { SeededRandom } from '../../src/simulated/random';
import { LOCATION, MIDSUMMER } from './helpers';

const HOUR = 3_600_000;

describe('sun and clear sky', () => {
  it('puts the midsummer sun at ~62° at solar noon and below the horizon at midnight', () => {
    const noon = sunPosition(MIDSUMMER + 11.33 * HOUR, LOCATION);
    expect(noon.elevationDeg).toBeGreaterThan(61.5);
    expect(noon.elevationDeg).toBeLessThan(63);
    expect(Math.abs(noon.azimuthDeg - 180)).toBeLessThan(3);
    expect(sunPosition(MIDSUMMER - 1 * HOUR, LOCATION).elevationDeg).toBeLessThan(-10);
  });

  it('gives no irradiance below the horizon and more the higher the sun', () => {
    expect(clearSkyIrradiance(-5)).toEqual({ dni: 0, dhi: 0, ghi: 0 });
    expect(clearSkyIrradiance(0).ghi).toBe(0);
    let previous = 0;
    for (const elevation of [1, 5, 10, 20, 40, 62, 90]) {
      const { ghi, dni, dhi } = clearSkyIrradiance(elevation);
      expect(ghi).toBeGreaterThan(previous);
      expect(dni).toBeGreaterThan(0);
      expect(dhi).toBeGreaterThan(0);
      previous = ghi;
    }
    const high = clearSkyIrradiance(62);
    expect(high.ghi).toBeGreaterThan(850);
    expect(high.ghi).toBeLessThan(1000);
  });

  it('gives equator-facing modules about 1000 W/m² at noon and only diffuse light with the sun behind them', () => {
    const orientation = defaultOrientation(LOCATION);
    expect(orientation.azimuthDeg).toBe(180);
    expect(defaultOrientation({ latitude: -33.9, longitude: 18.4 }).azimuthDeg).toBe(0);
    const noonSun = sunPosition(MIDSUMMER + 11.33 * HOUR, LOCATION);
    const poa = planeOfArrayIrradiance(noonSun, clearSkyIrradiance(noonSun.elevationDeg), orientation);
    expect(poa).toBeGreaterThan(900);
    expect(poa).toBeLessThan(1150);
    const behind = { elevationDeg: 10, azimuthDeg: 0 };
    const sky = clearSkyIrradiance(10);
    const diffuseOnly = planeOfArrayIrradiance(behind, sky, orientation);
    expect(diffuseOnly).toBeLessThan(sky.dhi + sky.ghi * 0.1);
  });
});

describe('Sky', () => {
  const times = Array.from({ length: 24 * 60 }, (_, i) => MIDSUMMER + i * 60_000);

  it('is clear all day with cloudiness 0', () => {
    const sky = new Sky({ random: new SeededRandom(1), cloudiness: 0 });
    for (const t of times) expect(sky.at(t, LOCATION).transmission).toBe(1);
  });

  it('has the same clouds for the same seed and place, other clouds for another seed or place', () => {
    const cover = (sky: Sky, location = LOCATION) => times.map((t) => sky.at(t, location).cloudCover);
    const a = cover(new Sky({ random: new SeededRandom(1) }));
    expect(a).toEqual(cover(new Sky({ random: new SeededRandom(1) })));
    expect(a).not.toEqual(cover(new Sky({ random: new SeededRandom(2) })));
    expect(a).not.toEqual(
      cover(new Sky({ random: new SeededRandom(1) }), { latitude: 48.1, longitude: 11.6 }),
    );
  });

  it('moves clouds smoothly and varies them over days', () => {
    const sky = new Sky({ random: new SeededRandom(3) });
    const week = Array.from({ length: 7 * 24 * 60 }, (_, i) => sky.at(MIDSUMMER + i * 60_000, LOCATION));
    const covers = week.map((s) => s.cloudCover);
    const transmissions = week.map((s) => s.transmission);
    expect(Math.min(...covers)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...covers)).toBeLessThanOrEqual(1);
    expect(Math.min(...transmissions)).toBeGreaterThanOrEqual(0.25);
    expect(Math.max(...transmissions)).toBeLessThanOrEqual(1);
    // A cloud edge may pass within minutes, but the cover never jumps.
    const steps = covers.slice(1).map((c, i) => Math.abs(c - covers[i]!));
    expect(Math.max(...steps)).toBeLessThan(0.25);
    expect(Math.max(...covers) - Math.min(...covers)).toBeGreaterThan(0.3);
    // Some days are clearer than others: the daily mean cover differs.
    const daily = [0, 1, 2, 3, 4, 5, 6].map(
      (d) => covers.slice(d * 1440, (d + 1) * 1440).reduce((a, b) => a + b, 0) / 1440,
    );
    expect(Math.max(...daily) - Math.min(...daily)).toBeGreaterThan(0.1);
  });

  it('has a warm afternoon and a cooler night in summer, and a grid near its nominal values', () => {
    const sky = new Sky({ random: new SeededRandom(4), cloudiness: 0 });
    const afternoon = sky.at(MIDSUMMER + 13 * HOUR, LOCATION).ambientC;
    const night = sky.at(MIDSUMMER + 2 * HOUR, LOCATION).ambientC;
    expect(afternoon).toBeGreaterThan(night + 5);
    expect(afternoon).toBeGreaterThan(18);
    expect(afternoon).toBeLessThan(35);
    for (const t of times) {
      const s = sky.at(t, LOCATION);
      expect(Math.abs(s.gridFrequencyOffsetHz)).toBeLessThanOrEqual(0.03);
      expect(Math.abs(s.gridVoltageNoise)).toBeLessThanOrEqual(1);
    }
  });
});

describe('inverter electrics', () => {
  const electrics = { ratedPowerW: 800, voltageGroups: [[0], [1]], pdl: false };
  const supply = (a: number, b: number): StringSupply[] => [
    { availableW: a, mppV: 32 },
    { availableW: b, mppV: 32 },
  ];

  it('converts 94–97.5 % of the DC power, depending on the load', () => {
    for (let load = 0.05; load <= 1; load += 0.05) {
      expect(inverterEfficiency(load)).toBeGreaterThan(0.94);
      expect(inverterEfficiency(load)).toBeLessThan(0.975);
    }
    expect(inverterEfficiency(0.5)).toBeGreaterThan(inverterEfficiency(0.05));
  });

  it('keeps the MPP voltage of a module between 25 and 40 V', () => {
    for (const poa of [30, 100, 400, 800, 1100]) {
      for (const moduleC of [-5, 25, 45, 70]) {
        expect(mppVoltage(poa, moduleC)).toBeGreaterThan(25);
        expect(mppVoltage(poa, moduleC)).toBeLessThan(40);
      }
    }
  });

  it('delivers the MPP power minus losses when unlimited, with current = P / V', () => {
    const op = operate(supply(300, 280), { on: true, limitW: 800 }, electrics);
    expect(op.dcPowerW).toBeCloseTo(580, 6);
    expect(op.acPowerW).toBeLessThan(op.dcPowerW);
    expect(op.acPowerW).toBeGreaterThan(op.dcPowerW * 0.94);
    for (const p of op.dc) expect(p.current).toBeCloseTo(p.power / p.voltage, 9);
    expect(op.dc[0]!.voltage).toBeCloseTo(32, 9);
  });

  it('caps AC at the limit and at the rated power, throttling the inputs towards open circuit', () => {
    const limited = operate(supply(300, 280), { on: true, limitW: 200 }, electrics);
    expect(limited.acPowerW).toBeLessThanOrEqual(200 + 1e-9);
    expect(limited.acPowerW).toBeGreaterThan(195);
    expect(limited.dcPowerW).toBeGreaterThan(limited.acPowerW);
    expect(limited.dc[0]!.voltage).toBeGreaterThan(32);
    const rated = operate(supply(600, 600), { on: true, limitW: 5000 }, electrics);
    expect(rated.acPowerW).toBeLessThanOrEqual(800 + 1e-9);
  });

  it('splits the limit evenly over the inputs without PDL, lets strong inputs make up with PDL', () => {
    const weakStrong = supply(50, 400);
    const even = operate(weakStrong, { on: true, limitW: 400 }, electrics);
    expect(even.dc[0]!.power).toBeCloseTo(50, 6);
    expect(even.dc[1]!.power).toBeLessThan(215);
    expect(even.acPowerW).toBeLessThan(260);
    const pdl = operate(weakStrong, { on: true, limitW: 400 }, { ...electrics, pdl: true });
    expect(pdl.acPowerW).toBeGreaterThan(399);
    expect(pdl.acPowerW).toBeLessThanOrEqual(400 + 1e-9);
  });

  it('draws nothing when switched off: open-circuit voltage, no current, no AC', () => {
    const off = operate(supply(300, 280), { on: false, limitW: 800 }, electrics);
    expect(off.acPowerW).toBe(0);
    expect(off.dcPowerW).toBe(0);
    for (const p of off.dc) {
      expect(p.current).toBe(0);
      expect(p.voltage).toBeCloseTo(32 * 1.2, 9);
    }
  });

  it('shares one voltage within an MPPT group', () => {
    const op = operate(
      [
        { availableW: 300, mppV: 31 },
        { availableW: 100, mppV: 33 },
      ],
      { on: true, limitW: 1500 },
      { ratedPowerW: 1500, voltageGroups: [[0, 1]], pdl: false },
    );
    expect(op.dc[0]!.voltage).toBe(op.dc[1]!.voltage);
    expect(op.dc[1]!.current).toBeCloseTo(op.dc[1]!.power / op.dc[1]!.voltage, 9);
  });
});
