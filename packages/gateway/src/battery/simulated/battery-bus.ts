/**
 * The simulated battery bus: a virtual LFP battery charged by a virtual MPPT under the plant's own sky (the
 * same seeded clouds as the simulated inverters) and discharged by the inverters fed from it. It integrates
 * energy in fixed steps of the gateway clock, so the state of charge follows charge and discharge with the
 * pack's losses, and an MPPT in front of a full battery delivers only what the bus takes. The inverters fed
 * from it read `feed()`: the pack's voltage and what it can give (the MPPT's sun alone once the BMS has
 * cut the empty pack off). No I/O.
 */
import { BatteryLimits } from '@dtu-console/contract';
import {
  defaultOrientation,
  type Location,
  moduleTemperature,
  planeOfArrayIrradiance,
  SIMULATION_STEP_MS as SKY_STEP_MS,
  Sky,
  temperatureDerating,
} from '@dtu-console/radio/simulated/physics';
import { SeededRandom } from '@dtu-console/radio/simulated/random';

/** Integration step, ms: short enough that a limiter's 1-s changes show in the current. */
export const BUS_STEP_MS = 1000;
/** A clock jump longer than this (a suspended host, a test clock moved by days) is not integrated. */
const MAX_GAP_MS = 2 * 86_400_000;
/** The pack's charge and discharge efficiency: 97 % each way, about 94 % round trip (LFP). */
export const CHARGE_EFFICIENCY = 0.97;
export const DISCHARGE_EFFICIENCY = 0.97;
/** Internal resistance of the pack, Ω: the voltage sags under discharge and rises under charge. */
const PACK_RESISTANCE_OHM = 0.025;
/** The MPPT's own conversion efficiency. */
const MPPT_EFFICIENCY = 0.97;
/** Above this state of charge the MPPT holds the voltage (absorption), then floats. */
const ABSORPTION_SOC = 95;
const FLOAT_SOC = 99.5;
const CELLS = 16;
/** The most the BMS lets out before its over-current protection trips, A (1 C of the 100 Ah pack). */
export const BMS_TRIP_CURRENT_A = 100;

/** Open-circuit voltage of one LFP cell over the state of charge (typical datasheet curve). */
const CELL_OCV: readonly [soc: number, volts: number][] = [
  [0, 2.8],
  [5, 3.1],
  [10, 3.2],
  [20, 3.25],
  [40, 3.28],
  [60, 3.3],
  [80, 3.32],
  [95, 3.35],
  [100, 3.45],
];

export function cellOpenCircuitV(soc: number): number {
  const s = Math.min(100, Math.max(0, soc));
  for (let i = 1; i < CELL_OCV.length; i++) {
    const [s1, v1] = CELL_OCV[i] as [number, number];
    const [s0, v0] = CELL_OCV[i - 1] as [number, number];
    if (s <= s1) return v0 + ((v1 - v0) * (s - s0)) / (s1 - s0);
  }
  return 3.45;
}

export interface BusState {
  atMs: number;
  socPercent: number;
  voltageV: number;
  /** Into the battery, A (negative while discharging). */
  currentA: number;
  /** Into the battery, W (negative while discharging). */
  powerW: number;
  temperatureC: number;
  /** What the MPPT delivers now, W. */
  solarPowerW: number;
  chargeState: 'off' | 'bulk' | 'absorption' | 'float';
}

export interface BatteryBusOptions {
  /** Gateway clock, ms since the epoch. */
  now: () => number;
  seed: string;
  location: () => Location;
  /**
   * DC power the inverters fed from the bus draw now, W. Left out, nothing discharges the bus: no inverter
   * is fed from the battery until the power limiter gives one the battery role.
   */
  drawnDcW?: () => number;
  capacityWh?: number;
  solarWp?: number;
  startSoc?: number;
}

export class SimulatedBatteryBus {
  readonly #options: BatteryBusOptions;
  readonly #sky: Sky;
  readonly #capacityWh: number;
  readonly #solarWp: number;
  #soc: number;
  #state: BusState | undefined;
  #alarms: string[] = [];

  constructor(options: BatteryBusOptions) {
    this.#options = options;
    // The plant's own sky: the same seed and fork as the simulated inverters', so the clouds agree.
    this.#sky = new Sky({ random: new SeededRandom(options.seed).fork('sky') });
    this.#capacityWh = options.capacityWh ?? BatteryLimits.simulatedCapacityWh;
    this.#solarWp = options.solarWp ?? BatteryLimits.simulatedSolarWp;
    this.#soc = options.startSoc ?? BatteryLimits.simulatedStartSoc;
  }

  /** The bus now: integrated from the last call up to the clock's time. */
  state(): BusState {
    const now = this.#options.now();
    let last = this.#state;
    if (!last || now - last.atMs > MAX_GAP_MS || now < last.atMs) {
      last = this.#step(now, 0);
      this.#state = last;
      return last;
    }
    while (now - last.atMs >= BUS_STEP_MS) {
      last = this.#step(last.atMs + BUS_STEP_MS, BUS_STEP_MS);
    }
    this.#state = last;
    return last;
  }

  /**
   * What an inverter fed from the bus sees at `atMs`: the pack's voltage as last integrated, and what it
   * can give, the pack up to its BMS's trip current plus the MPPT's sun. An empty pack is cut off by its BMS,
   * and only the sun comes through. It does not integrate (the inverters' draw is read while integrating).
   */
  feed(atMs: number): { voltageV: number; availableW: number } {
    const last = this.#state;
    const voltageV = last?.voltageV ?? CELLS * cellOpenCircuitV(this.#soc);
    const solarW = this.availableSolarW(atMs);
    const packW = this.#soc > 0 ? BMS_TRIP_CURRENT_A * voltageV : 0;
    return { voltageV, availableW: packW + solarW };
  }

  /** The BMS's alarms now (a test or the bench raises one; a real pack's BMS raises them itself). */
  get alarms(): readonly string[] {
    return this.#alarms;
  }

  /**
   * Raises the BMS alarms given; [] clears them. The pack keeps its switch closed: stopping the discharge
   * is the limiter's work, as with a BMS that reports an alarm and asks, before it trips.
   */
  setAlarms(alarms: readonly string[]): void {
    this.#alarms = [...alarms];
  }

  /** What the MPPT's panels could give now, W (before the battery's acceptance). */
  availableSolarW(atMs: number): number {
    // Between the sky's minute grid (which it keeps for the whole plant), interpolated.
    const from = atMs - (atMs % SKY_STEP_MS);
    const share = (atMs - from) / SKY_STEP_MS;
    const a = this.#solarAt(from);
    return share === 0 ? a : a + (this.#solarAt(from + SKY_STEP_MS) - a) * share;
  }

  #solarAt(gridMs: number): number {
    const location = this.#options.location();
    const sky = this.#sky.at(gridMs, location);
    const poa =
      planeOfArrayIrradiance(sky.sun, sky.clearSky, defaultOrientation(location)) * sky.transmission;
    const derate = temperatureDerating(moduleTemperature(sky.ambientC, poa));
    return Math.max(0, (this.#solarWp * poa * derate * MPPT_EFFICIENCY) / 1000);
  }

  /** One step of `dtMs` ending at `atMs`: the MPPT and the inverters move energy, the charge follows. */
  #step(atMs: number, dtMs: number): BusState {
    const hours = dtMs / 3_600_000;
    const dischargeDcW = Math.max(0, this.#options.drawnDcW?.() ?? 0);
    const available = this.availableSolarW(atMs);
    // A full battery takes nothing more: the MPPT then delivers only what the inverters draw.
    const roomWh = ((100 - this.#soc) / 100) * this.#capacityWh;
    const acceptW = hours > 0 ? roomWh / CHARGE_EFFICIENCY / hours + dischargeDcW : available;
    const taperW =
      this.#soc >= ABSORPTION_SOC
        ? dischargeDcW + (available * (100 - this.#soc)) / (100 - ABSORPTION_SOC)
        : available;
    const solarW = Math.min(available, acceptW, taperW);
    const netW = solarW - dischargeDcW;
    // Stored energy: a charge loses on the way in, a discharge takes more out than it delivers.
    const storedWh = netW >= 0 ? netW * CHARGE_EFFICIENCY * hours : (netW / DISCHARGE_EFFICIENCY) * hours;
    const emptyRoomWh = (this.#soc / 100) * this.#capacityWh;
    const movedWh = Math.max(-emptyRoomWh, Math.min(roomWh, storedWh));
    this.#soc = Math.min(100, Math.max(0, this.#soc + (movedWh / this.#capacityWh) * 100));
    const ocv = CELLS * cellOpenCircuitV(this.#soc);
    const currentA = netW / ocv;
    const voltageV = ocv + currentA * PACK_RESISTANCE_OHM;
    const sky = this.#sky.at(atMs - (atMs % SKY_STEP_MS), this.#options.location());
    return {
      atMs,
      socPercent: Math.round(this.#soc * 10) / 10,
      voltageV: Math.round(voltageV * 100) / 100,
      currentA: Math.round(currentA * 100) / 100,
      powerW: Math.round(netW * 10) / 10,
      // Indoors: the pack sits a few kelvin above a room that follows the outside air a little.
      temperatureC: Math.round((18 + (sky.ambientC - 10) * 0.2 + Math.abs(currentA) * 0.05) * 10) / 10,
      solarPowerW: Math.round(solarW * 10) / 10,
      chargeState:
        solarW <= 0
          ? 'off'
          : this.#soc >= FLOAT_SOC
            ? 'float'
            : this.#soc >= ABSORPTION_SOC
              ? 'absorption'
              : 'bulk',
    };
  }
}
