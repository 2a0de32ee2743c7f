/**
 * The physical model behind the virtual inverters: the sun over the plant, clear-sky irradiance, passing
 * clouds, temperatures, the grid, and how an inverter turns module power into AC under a limit.
 * Pure functions plus `Sky`, whose randomness is a deterministic function of time (see SmoothNoise).
 */
import { getPosition } from 'suncalc';
import { type Random, SmoothNoise } from './random';

export interface Location {
  latitude: number;
  longitude: number;
}

export interface SunPosition {
  /** Apparent elevation above the horizon, degrees (negative at night). */
  elevationDeg: number;
  /** Degrees clockwise from north (180 = south). */
  azimuthDeg: number;
}

const DEG = Math.PI / 180;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export function sunPosition(timeMs: number, location: Location): SunPosition {
  const p = getPosition(new Date(timeMs), location.latitude, location.longitude);
  return { elevationDeg: p.altitude, azimuthDeg: p.azimuth };
}

export interface ClearSkyIrradiance {
  /** Direct normal irradiance, W/m². */
  dni: number;
  /** Diffuse horizontal irradiance, W/m². */
  dhi: number;
  /** Global horizontal irradiance, W/m². */
  ghi: number;
}

/**
 * Clear-sky irradiance from the sun's elevation: Haurwitz for the global value, Meinel with the
 * Kasten–Young air mass for the direct beam, diffuse = the rest (at least 10 % of global).
 */
export function clearSkyIrradiance(elevationDeg: number): ClearSkyIrradiance {
  if (!(elevationDeg > 0)) return { dni: 0, dhi: 0, ghi: 0 };
  const sinH = Math.sin(elevationDeg * DEG);
  const airMass = 1 / (sinH + 0.50572 * (elevationDeg + 6.07995) ** -1.6364);
  const dni = 1353 * 0.7 ** (airMass ** 0.678);
  const ghi = 1098 * sinH * Math.exp(-0.057 / sinH);
  const dhi = Math.max(ghi - dni * sinH, 0.1 * ghi);
  return { dni, dhi, ghi };
}

export interface Orientation {
  /** Module tilt from horizontal, degrees. */
  tiltDeg: number;
  /** Direction the modules face, degrees clockwise from north. */
  azimuthDeg: number;
}

/** Modules facing the equator at 30°: the usual balcony/roof mount. */
export function defaultOrientation(location: Location): Orientation {
  return { tiltDeg: 30, azimuthDeg: location.latitude >= 0 ? 180 : 0 };
}

/** Irradiance on the module plane (W/m²): beam by incidence angle, isotropic diffuse, 20 % ground albedo. */
export function planeOfArrayIrradiance(
  sun: SunPosition,
  sky: ClearSkyIrradiance,
  orientation: Orientation,
): number {
  if (sky.ghi <= 0) return 0;
  const h = sun.elevationDeg * DEG;
  const tilt = orientation.tiltDeg * DEG;
  const cosIncidence =
    Math.sin(h) * Math.cos(tilt) +
    Math.cos(h) * Math.sin(tilt) * Math.cos((sun.azimuthDeg - orientation.azimuthDeg) * DEG);
  const beam = sky.dni * Math.max(0, cosIncidence);
  const diffuse = (sky.dhi * (1 + Math.cos(tilt))) / 2;
  const ground = (sky.ghi * 0.2 * (1 - Math.cos(tilt))) / 2;
  return beam + diffuse + ground;
}

/** Share of clear-sky irradiance that passes a cloud cover of 0..1 (Kasten–Czeplak). */
export function cloudTransmission(cover: number): number {
  return 1 - 0.75 * clamp01(cover) ** 3.4;
}

export interface SkyOptions {
  random: Random;
  /**
   * Mean cloud cover 0 (always clear) … 1 (overcast). Undefined: the weather changes from day to day,
   * from clear days to grey ones, with clouds passing in between.
   */
  cloudiness?: number;
}

/** Integration grid of the virtual inverters' yields (and of their wake/sleep decisions). */
export const SIMULATION_STEP_MS = 60_000;

/**
 * Grid instants the sky keeps (two days of steps, about 1 MB): a new inverter catches up a day of steps
 * (virtual-inverter.ts), so the inverters added after the first one find the whole day computed. A cache
 * smaller than a day was cleared during every catch-up and missed for each of them: 1,440 fresh states per
 * inverter, kept just long enough to reach the old generation (at 100 inverters about 60 MB of heap that
 * V8 did not give back).
 */
const SKY_CACHE_STEPS = 2 * 1440;

/** Everything about the plant's surroundings at one moment; the same for all its inverters. */
export interface SkyState {
  timeMs: number;
  sun: SunPosition;
  clearSky: ClearSkyIrradiance;
  /** 0..1 */
  cloudCover: number;
  /** Multiplies the clear-sky irradiance, 0.25..1. */
  transmission: number;
  /** Air temperature, °C. */
  ambientC: number;
  /** Grid voltage deviation from nominal, shared by the plant's inverters, −1..1 (scaled by the grid). */
  gridVoltageNoise: number;
  /** Grid frequency deviation, Hz. */
  gridFrequencyOffsetHz: number;
}

interface SkyNoise {
  /** The day's mean cloud cover (period one day). */
  weather: SmoothNoise;
  /** Passing clouds (25 min). */
  passing: SmoothNoise;
  /** Short gaps and thick spots (4 min). */
  gusts: SmoothNoise;
  /** Warmer or cooler spells (3 h). */
  warmth: SmoothNoise;
  volts: SmoothNoise;
  hertz: SmoothNoise;
}

/**
 * Sun, clouds, air temperature and grid noise at a location. Cloud cover is value noise over time at three
 * scales (the day's weather, passing clouds, gusts), seeded per location: a function of time, so every
 * inverter and every question about the same moment sees the same sky.
 */
export class Sky {
  readonly #random: Random;
  readonly #cloudiness: number | undefined;
  readonly #noise = new Map<string, SkyNoise>();
  readonly #cache = new Map<string, SkyState>();
  #last: { timeMs: number; latitude: number; longitude: number; state: SkyState } | undefined;

  constructor(options: SkyOptions) {
    this.#random = options.random;
    this.#cloudiness = options.cloudiness === undefined ? undefined : clamp01(options.cloudiness);
  }

  at(timeMs: number, location: Location): SkyState {
    // Only the integration grid is shared between inverters: the plant integrates over the same whole
    // steps. Any other instant (an answer's "now") is asked by one inverter, a few times in a row: the last
    // one is kept. Caching those too would keep each alive until the next clear, long enough to be promoted
    // to the old generation.
    if (timeMs % SIMULATION_STEP_MS !== 0) {
      const last = this.#last;
      if (
        last?.timeMs === timeMs &&
        last.latitude === location.latitude &&
        last.longitude === location.longitude
      ) {
        return last.state;
      }
      const state = this.#compute(timeMs, location);
      this.#last = { timeMs, latitude: location.latitude, longitude: location.longitude, state };
      return state;
    }
    const key = `${timeMs}|${location.latitude}|${location.longitude}`;
    const cached = this.#cache.get(key);
    if (cached) return cached;
    const state = this.#compute(timeMs, location);
    if (this.#cache.size >= SKY_CACHE_STEPS) this.#cache.clear();
    this.#cache.set(key, state);
    return state;
  }

  #compute(timeMs: number, location: Location): SkyState {
    const { weather, passing, gusts, warmth, volts, hertz } = this.#noiseFor(location);
    const sun = sunPosition(timeMs, location);
    const clearSky = clearSkyIrradiance(sun.elevationDeg);

    const days = timeMs / DAY_MS;
    const mean = this.#cloudiness ?? weather.at(days) ** 1.6 * 0.95;
    // Passing clouds vary most on half-cloudy days and not at all on clear or overcast ones.
    const swing = 4 * mean * (1 - mean);
    const detail = 0.7 * passing.at(timeMs / (25 * 60_000)) + 0.3 * gusts.at(timeMs / (4 * 60_000));
    const cloudCover = mean <= 0 ? 0 : clamp01(mean + (detail - 0.5) * 2 * swing);

    return {
      timeMs,
      sun,
      clearSky,
      cloudCover,
      transmission: cloudTransmission(cloudCover),
      ambientC:
        ambientTemperature(timeMs, location, cloudCover) + (warmth.at(timeMs / (3 * HOUR_MS)) - 0.5) * 3,
      gridVoltageNoise: (volts.at(timeMs / (20 * 60_000)) - 0.5) * 2,
      gridFrequencyOffsetHz: (hertz.at(timeMs / 45_000) - 0.5) * 0.06,
    };
  }

  #noiseFor(location: Location): SkyNoise {
    // Clouds belong to a place: another location (rounded to ~1 km) gets other weather.
    const place = `${location.latitude.toFixed(2)},${location.longitude.toFixed(2)}`;
    let noise = this.#noise.get(place);
    if (!noise) {
      const random = this.#random.fork(`sky:${place}`);
      const next = () => new SmoothNoise(random);
      noise = {
        weather: next(),
        passing: next(),
        gusts: next(),
        warmth: next(),
        volts: next(),
        hertz: next(),
      };
      this.#noise.set(place, noise);
    }
    return noise;
  }
}

/** Day of the year, 0-based, UTC. */
function dayOfYear(timeMs: number): number {
  const date = new Date(timeMs);
  return (timeMs - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY_MS;
}

/**
 * Air temperature: a seasonal mean (warmest late July in the north), warmer towards the equator, and a
 * daily swing peaking mid-afternoon solar time, damped under clouds.
 */
export function ambientTemperature(timeMs: number, location: Location, cloudCover = 0): number {
  const season = Math.cos((2 * Math.PI * (dayOfYear(timeMs) - 200)) / 365.25);
  const hemisphere = location.latitude >= 0 ? 1 : -1;
  const mean = 11 + (45 - Math.abs(location.latitude)) * 0.35 + 8 * season * hemisphere;
  const solarHour = (((timeMs / HOUR_MS + location.longitude / 15) % 24) + 24) % 24;
  const daily = Math.cos((2 * Math.PI * (solarHour - 15)) / 24);
  return mean + 6 * (1 - 0.5 * cloudCover) * daily;
}

/** Module temperature: ambient plus heating by sunlight (about +25 K at 800 W/m², NOCT-like). */
export function moduleTemperature(ambientC: number, poaWm2: number): number {
  return ambientC + poaWm2 * 0.031;
}

/** Crystalline modules lose about 0.4 % of their power per kelvin above 25 °C. */
export function temperatureDerating(moduleC: number): number {
  return Math.max(0.5, 1 - 0.004 * (moduleC - 25));
}

/** Maximum-power-point voltage of one 60/108-cell module: ~34 V at STC, lower when hot or in weak light. */
export function mppVoltage(poaWm2: number, moduleC: number): number {
  const light = 1 + 0.035 * Math.log(Math.max(poaWm2, 5) / 1000);
  return Math.max(18, 34 * light * (1 - 0.0035 * (moduleC - 25)));
}

/** Open-circuit voltage belonging to an MPP voltage. */
export function openCircuitVoltage(mppV: number): number {
  return mppV * 1.2;
}

/**
 * Conversion efficiency at a load (DC power / rated power): ~95 % at light load, ~96.7 % around half
 * load, slightly lower at full load.
 */
export function inverterEfficiency(load: number): number {
  const x = Math.max(0, load);
  return 0.972 * (1 - 0.03 * Math.exp(-x / 0.12)) - 0.008 * x;
}

/** Power factor: close to 1 under load, lower at light load. */
export function powerFactor(load: number): number {
  return 0.999 - 0.04 * Math.exp(-Math.max(0, load) / 0.08);
}

/** Nominal grid values of the CMT country (0 Europe, 1 North America, 2 Brazil). */
export interface GridNominal {
  voltage: number;
  frequency: number;
}

export function gridNominal(country: number): GridNominal {
  if (country === 1) return { voltage: 240, frequency: 60 };
  if (country === 2) return { voltage: 220, frequency: 60 };
  return { voltage: 230, frequency: 50 };
}

/** What one DC input could deliver at its maximum power point right now. */
export interface StringSupply {
  /** W at the MPP (after irradiance, clouds, temperature and the string's own losses). */
  availableW: number;
  mppV: number;
}

export interface StringSpec {
  /** Peak power of the module(s) on the input at STC, W. */
  peakW: number;
  /** Fixed losses of this input (soiling, shading, mismatch), 0..1, multiplies its power. */
  factor: number;
}

/** Supply of one input under the given plane-of-array irradiance (already cloud-attenuated). */
export function stringSupply(spec: StringSpec, poaWm2: number, moduleC: number, noise = 1): StringSupply {
  if (poaWm2 <= 0 || spec.peakW <= 0) return { availableW: 0, mppV: 0 };
  const availableW = spec.peakW * (poaWm2 / 1000) * temperatureDerating(moduleC) * spec.factor * noise;
  return { availableW: Math.max(0, availableW), mppV: mppVoltage(poaWm2, moduleC) };
}

export interface InverterControl {
  on: boolean;
  /** The active limit in W (already converted from % of the rated power). */
  limitW: number;
}

export interface InverterElectrics {
  ratedPowerW: number;
  /** Inputs sharing one MPP tracker, e.g. [[0, 1], [2, 3]]. */
  voltageGroups: readonly (readonly number[])[];
  /**
   * Power distribution logic (HMS-4T from fw 1.1.12): the limit caps the AC total and strong inputs make up
   * for weak ones. Without it the limit is split evenly over the inputs, each capped at its share.
   */
  pdl: boolean;
}

export interface DcPoint {
  voltage: number;
  current: number;
  power: number;
}

export interface Operation {
  dc: DcPoint[];
  /** Σ DC power drawn, W. */
  dcPowerW: number;
  acPowerW: number;
  /** Efficiency applied, 0..1 (0 when nothing flows). */
  efficiency: number;
  /** AC power / rated power, 0..1. */
  load: number;
}

/**
 * The operating point: how much DC each input delivers and what comes out on the AC side, given what the
 * modules could deliver, the on/off state and the active limit. A throttled input moves its voltage from
 * the MPP towards open circuit; a switched-off inverter draws nothing (open-circuit voltage, no current).
 */
export function operate(
  supply: readonly StringSupply[],
  control: InverterControl,
  electrics: InverterElectrics,
): Operation {
  const n = supply.length;
  const cap = Math.max(0, Math.min(electrics.ratedPowerW, control.limitW));
  const drawn = supply.map((s) => (control.on ? s.availableW : 0));
  const available = drawn.reduce((a, b) => a + b, 0);

  if (control.on && available > 0) {
    // The efficiency depends on the load, which depends on the cap: one refinement step is plenty.
    let eff = inverterEfficiency(Math.min(available, cap) / electrics.ratedPowerW);
    for (let pass = 0; pass < 2; pass++) {
      const dcCap = eff > 0 ? cap / eff : 0;
      if (electrics.pdl) {
        const scale = available > dcCap ? dcCap / available : 1;
        for (let c = 0; c < n; c++) drawn[c] = supply[c]!.availableW * scale;
      } else {
        const share = dcCap / n;
        for (let c = 0; c < n; c++) drawn[c] = Math.min(supply[c]!.availableW, share);
      }
      eff = inverterEfficiency(drawn.reduce((a, b) => a + b, 0) / electrics.ratedPowerW);
    }
  }

  const dcPowerW = drawn.reduce((a, b) => a + b, 0);
  const efficiency = dcPowerW > 0 ? inverterEfficiency(dcPowerW / electrics.ratedPowerW) : 0;
  const acPowerW = Math.min(dcPowerW * efficiency, cap);

  const voltage = supply.map((s, c) => {
    if (s.mppV <= 0) return 0;
    const voc = openCircuitVoltage(s.mppV);
    if (s.availableW <= 0) return voc;
    const throttle = clamp01(1 - drawn[c]! / s.availableW);
    return s.mppV + (voc - s.mppV) * throttle;
  });
  // Inputs on one tracker share its voltage; the group's first input sets it.
  for (const group of electrics.voltageGroups) {
    const leader = group[0];
    if (leader === undefined) continue;
    const groupPower = group.reduce((sum, c) => sum + (drawn[c] ?? 0), 0);
    if (groupPower > 0) {
      // The tracker settles where the group's power-weighted voltage lies.
      const weighted = group.reduce((sum, c) => sum + (voltage[c] ?? 0) * (drawn[c] ?? 0), 0) / groupPower;
      for (const c of group) voltage[c] = weighted;
    } else {
      for (const c of group) voltage[c] = voltage[leader] ?? 0;
    }
  }
  const dc: DcPoint[] = drawn.map((power, c) => {
    const v = voltage[c] ?? 0;
    return { voltage: v, current: v > 0 ? power / v : 0, power };
  });
  return { dc, dcPowerW, acPowerW, efficiency, load: acPowerW / electrics.ratedPowerW };
}

/** Inverter temperature: air, sun on the housing and its own losses. */
export function inverterTemperature(ambientC: number, poaWm2: number, load: number): number {
  return ambientC + 4 + poaWm2 * 0.008 + 18 * load;
}

export function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}
