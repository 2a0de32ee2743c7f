/**
 * What one virtual inverter produces: the DC its modules deliver under the sky, its operating point, the AC
 * reading it reports, and the yields it adds up. Its fixed traits (how the modules face, what each input
 * loses, the quirks of its feed line) come from its own random stream.
 */
import type { FamilyId, FamilyInfo, RunDataPhases, RunDataState } from '@dtu-console/hoymiles';
import {
  defaultOrientation,
  gridNominal,
  type InverterElectrics,
  inverterTemperature,
  type Location,
  moduleTemperature,
  type Operation,
  type Orientation,
  operate,
  planeOfArrayIrradiance,
  powerFactor,
  type Sky,
  type SkyState,
  type StringSpec,
  type StringSupply,
  stringSupply,
} from './physics';
import { type Random, SmoothNoise } from './random';

/**
 * A DC source other than the modules (a battery bus): at `timeMs`, its voltage and the most it can give.
 * Every input sees it whole, as inputs wired in parallel to one battery do.
 */
export type DcFeed = (timeMs: number) => { voltageV: number; availableW: number };

/** The inverter's state at one moment. */
export interface Sample {
  timeMs: number;
  sky: SkyState;
  poa: number;
  supply: StringSupply[];
  availableW: number;
  operation: Operation;
}

export interface EnergyOptions {
  family: FamilyId;
  info: FamilyInfo;
  electrics: InverterElectrics;
  random: Random;
  sky: Sky;
  location(): Location;
  /** Peak power per DC input, W; 0 or missing = a default for the model. */
  maxPowerW: readonly number[] | undefined;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export class InverterEnergy {
  readonly #family: FamilyId;
  readonly #info: FamilyInfo;
  readonly #electrics: InverterElectrics;
  readonly #sky: Sky;
  readonly #location: () => Location;
  readonly #orientationOffset: { tilt: number; azimuth: number };
  readonly #stringFactors: number[];
  readonly #stringNoise: SmoothNoise[];
  readonly #gridNoise: SmoothNoise;
  readonly #phaseOffsets: [number, number, number];
  #peakW: number[] = [];
  /** Share of light each input gets (1 = none shaded); a fault tests set. */
  #shading: number[] = [];
  /** Fed from a battery instead of its modules; undefined: the modules under the sky. */
  #feed: DcFeed | undefined;
  #yieldDayWh: number[];
  #yieldTotalWh: number[];

  constructor(options: EnergyOptions) {
    this.#family = options.family;
    this.#info = options.info;
    this.#electrics = options.electrics;
    this.#sky = options.sky;
    this.#location = options.location;
    // The traits are drawn in this order, so a seed gives the same plant as before.
    const r = options.random;
    this.#orientationOffset = { tilt: r.between(-8, 8), azimuth: r.between(-12, 12) };
    const inputs = this.#info.dcInputs;
    this.#stringFactors = Array.from({ length: inputs }, () => r.between(0.92, 1));
    this.#stringNoise = Array.from({ length: inputs }, () => new SmoothNoise(r));
    this.#gridNoise = new SmoothNoise(r);
    this.#phaseOffsets = [r.between(-0.8, 0.8), r.between(-0.8, 0.8), r.between(-0.8, 0.8)];
    this.setMaxPower(options.maxPowerW);
    const age = r.between(0.3, 4); // years in service
    this.#yieldTotalWh = this.#peakW.map((peak) => peak * 1.0 * 365 * age * r.between(0.9, 1.1));
    this.#yieldDayWh = this.#peakW.map(() => 0);
  }

  /** Peak power per input: the configured max power, else the rated power over the inputs plus 10 %. */
  setMaxPower(maxPowerW: readonly number[] | undefined): void {
    const fallback = Math.round((this.#electrics.ratedPowerW / this.#info.dcInputs) * 1.1);
    this.#peakW = Array.from({ length: this.#info.dcInputs }, (_, c) => {
      const configured = maxPowerW?.[c] ?? 0;
      return configured > 0 ? configured : fallback;
    });
  }

  /** Shades input `channel` to `factor` (0..1) of its light; 1 removes the shade. */
  setShading(channel: number, factor: number): void {
    this.#shading[channel] = Math.min(1, Math.max(0, factor));
  }

  /** Feeds the inputs from `feed` (a battery bus); undefined gives them back to the modules. */
  setFeed(feed: DcFeed | undefined): void {
    this.#feed = feed;
  }

  get fed(): boolean {
    return this.#feed !== undefined;
  }

  get peakW(): readonly number[] {
    return this.#peakW;
  }

  get yieldDayWh(): readonly number[] {
    return this.#yieldDayWh;
  }

  get yieldTotalWh(): readonly number[] {
    return this.#yieldTotalWh;
  }

  /** The state at `timeMs` with the inverter switched as given. */
  sample(timeMs: number, control: { on: boolean; limitW: number }): Sample {
    const location = this.#location();
    const sky = this.#sky.at(timeMs, location);
    const poa = planeOfArrayIrradiance(sky.sun, sky.clearSky, this.#orientation(location)) * sky.transmission;
    const feed = this.#feed?.(timeMs);
    if (feed) return this.#fedSample(timeMs, sky, control, feed);
    const moduleC = moduleTemperature(sky.ambientC, poa);
    const supply = this.#peakW.map((peakW, c) => {
      const spec: StringSpec = { peakW, factor: (this.#stringFactors[c] ?? 1) * (this.#shading[c] ?? 1) };
      // Small per-input wobble on top of the plant's clouds (±2 %, smooth over two minutes).
      const wobble = 1 + 0.04 * ((this.#stringNoise[c]?.at(timeMs / 120_000) ?? 0.5) - 0.5);
      return stringSupply(spec, poa, moduleC, wobble);
    });
    const operation = operate(supply, control, this.#electrics);
    return { timeMs, sky, poa, supply, availableW: sum(supply.map((s) => s.availableW)), operation };
  }

  /**
   * Fed from a battery: every input sees the battery's voltage and what it can give; the tracker draws what
   * the limit allows and the voltage stays the battery's (no throttling towards open circuit). The light on
   * the housing is left out: a battery-fed inverter often hangs indoors.
   */
  #fedSample(
    timeMs: number,
    sky: SkyState,
    control: { on: boolean; limitW: number },
    feed: { voltageV: number; availableW: number },
  ): Sample {
    const availableW = Math.max(0, feed.availableW);
    const voltageV = availableW > 0 ? feed.voltageV : 0;
    const supply = this.#peakW.map(() => ({ availableW, mppV: voltageV }));
    const operation = operate(supply, control, this.#electrics);
    operation.dc = operation.dc.map((point) => ({
      voltage: voltageV,
      current: voltageV > 0 ? point.power / voltageV : 0,
      power: point.power,
    }));
    return { timeMs, sky, poa: 0, supply, availableW: availableW * supply.length, operation };
  }

  /** Adds the energy between two samples `hours` apart to the yields. */
  add(prev: Sample, cur: Sample, hours: number): void {
    for (let c = 0; c < this.#info.dcInputs; c++) {
      const energy = (((prev.operation.dc[c]?.power ?? 0) + (cur.operation.dc[c]?.power ?? 0)) / 2) * hours;
      this.#yieldDayWh[c] = (this.#yieldDayWh[c] ?? 0) + energy;
      this.#yieldTotalWh[c] = (this.#yieldTotalWh[c] ?? 0) + energy;
    }
  }

  /** A start: today's yield starts over. */
  restart(): void {
    this.#yieldDayWh = this.#yieldDayWh.map(() => 0);
  }

  /** Enough DC to run the electronics; a little hysteresis so it does not flicker at dawn. */
  wakeW(): number {
    return Math.max(3, this.#electrics.ratedPowerW * 0.006);
  }

  sleepW(): number {
    return this.wakeW() * 0.6;
  }

  /** Below this in the afternoon its inputs are too low: dusk. */
  duskW(): number {
    return this.wakeW() * 4;
  }

  isAfternoon(timeMs: number): boolean {
    const solarHour = (((timeMs / 3_600_000 + this.#location().longitude / 15) % 24) + 24) % 24;
    return solarHour > 12;
  }

  /** The values a run-data answer reports for `sample` (grid of the region `country`). */
  reading(sample: Sample, country: number, eventLogCount: number): RunDataState {
    const { operation, sky } = sample;
    const nominal = gridNominal(country);
    const ac = operation.acPowerW;
    // The grid of the plant, plus the voltage rise this inverter's own current causes on its feed line.
    const own = (this.#gridNoise.at(sample.timeMs / 30_000) - 0.5) * 0.8;
    const voltage = nominal.voltage * (1 + 0.012 * sky.gridVoltageNoise) + 4 * operation.load + own;
    const frequency = nominal.frequency + sky.gridFrequencyOffsetHz;
    const pf = ac > 0 ? powerFactor(operation.load) : 0;
    const reactive = ac > 0 ? -ac * Math.tan(Math.acos(pf)) : 0;
    const temperature = inverterTemperature(sky.ambientC, sample.poa, operation.load);

    let acVoltage = voltage;
    let acCurrent = ac > 0 ? ac / (voltage * pf) : 0;
    let phases: RunDataPhases | null = null;
    if (this.#info.acPhases === 3) {
      const toNeutral = this.#phaseOffsets.map((o) => voltage + o) as [number, number, number];
      const lineToLine = [0, 1, 2].map(
        (i) => (Math.sqrt(3) * ((toNeutral[i] ?? 0) + (toNeutral[(i + 1) % 3] ?? 0))) / 2,
      ) as [number, number, number];
      const current = toNeutral.map((v) => (ac > 0 ? ac / 3 / (v * pf) : 0)) as [number, number, number];
      phases = { voltageToNeutral: toNeutral, voltageLineToLine: lineToLine, current };
      // On the wire AC voltage is Ph1-Ph2; AC current is Ph1 (HMT-4T) or the sum of the phases (HMT-6T).
      acVoltage = lineToLine[0];
      acCurrent = this.#family === 'HMT_6CH' ? sum(current) : current[0];
    }
    return {
      dc: operation.dc.map((point, c) => ({
        ...point,
        yieldDay: this.#yieldDayWh[c] ?? 0,
        yieldTotal: (this.#yieldTotalWh[c] ?? 0) / 1000,
      })),
      ac: {
        voltage: acVoltage,
        current: acCurrent,
        power: ac,
        reactivePower: reactive,
        frequency,
        powerFactor: pf,
      },
      phases,
      temperature,
      eventLogCount,
    };
  }

  #orientation(location: Location): Orientation {
    const base = defaultOrientation(location);
    return {
      tiltDeg: base.tiltDeg + this.#orientationOffset.tilt,
      azimuthDeg: base.azimuthDeg + this.#orientationOffset.azimuth,
    };
  }
}
