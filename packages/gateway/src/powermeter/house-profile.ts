/**
 * The simulated house's consumption over a day (docs/meter.md): a base load, a fridge that cycles, a
 * kettle a few times a day, an oven at dinner time and an evening peak. Times are local (the gateway's
 * zone); every day differs a little, and the same seed gives the same days. Pure: the load at a moment
 * depends on nothing but the moment and the seed.
 */

export interface LocalMoment {
  /** Days since some fixed day (any count that grows by one per local day). */
  day: number;
  /** Seconds since local midnight. */
  secondOfDay: number;
}

export interface HouseLoadParts {
  base: number;
  fridge: number;
  kettle: number;
  oven: number;
  evening: number;
}

export const HOUSE = {
  baseW: 180,
  /** Slow, small wander of the base load (standby devices, a router, the heating pump). */
  baseWanderW: 15,
  fridgeW: 85,
  fridgePeriodS: 40 * 60,
  fridgeOnS: 14 * 60,
  kettleW: 2000,
  /** Planned kettle times (h), each moved by up to ±20 min per day. */
  kettleHours: [7.1, 15.5, 20.2],
  kettleJitterS: 20 * 60,
  kettleMinS: 150,
  kettleMaxS: 240,
  ovenW: 2200,
  ovenStartHour: 18,
  ovenJitterS: 20 * 60,
  /** Heating up at full power, then the thermostat switches it on and off until it is turned off. */
  ovenHeatS: 12 * 60,
  ovenOnS: 3 * 60,
  ovenOffS: 4 * 60,
  ovenTotalS: 50 * 60,
  /** Lights, television, cooking: a smooth bump between these hours, highest at its middle. */
  eveningFromHour: 17,
  eveningToHour: 23,
  eveningPeakW: 420,
} as const;

/** A number in [0, 1) from the seed and the keys: the same arguments, the same number. */
export function seededUnit(seed: string, ...keys: number[]): number {
  let h = 0x811c9dc5;
  const text = `${seed}|${keys.join('|')}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // A few rounds of mixing so neighbouring keys give unrelated numbers.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}

function fridge(seed: string, { day, secondOfDay }: LocalMoment): number {
  const offset = seededUnit(seed, 1) * HOUSE.fridgePeriodS;
  const t = (day * 86_400 + secondOfDay + offset) % HOUSE.fridgePeriodS;
  return t < HOUSE.fridgeOnS ? HOUSE.fridgeW : 0;
}

function kettle(seed: string, { day, secondOfDay }: LocalMoment): number {
  for (const [index, hour] of HOUSE.kettleHours.entries()) {
    const start = hour * 3600 + (seededUnit(seed, 2, day, index) * 2 - 1) * HOUSE.kettleJitterS;
    const length = HOUSE.kettleMinS + seededUnit(seed, 3, day, index) * (HOUSE.kettleMaxS - HOUSE.kettleMinS);
    if (secondOfDay >= start && secondOfDay < start + length) return HOUSE.kettleW;
  }
  return 0;
}

function oven(seed: string, { day, secondOfDay }: LocalMoment): number {
  const start = HOUSE.ovenStartHour * 3600 + (seededUnit(seed, 4, day) * 2 - 1) * HOUSE.ovenJitterS;
  const t = secondOfDay - start;
  if (t < 0 || t >= HOUSE.ovenTotalS) return 0;
  if (t < HOUSE.ovenHeatS) return HOUSE.ovenW;
  const cycle = (t - HOUSE.ovenHeatS) % (HOUSE.ovenOnS + HOUSE.ovenOffS);
  return cycle < HOUSE.ovenOnS ? HOUSE.ovenW : 0;
}

function evening({ secondOfDay }: LocalMoment): number {
  const from = HOUSE.eveningFromHour * 3600;
  const to = HOUSE.eveningToHour * 3600;
  if (secondOfDay <= from || secondOfDay >= to) return 0;
  const phase = (secondOfDay - from) / (to - from);
  return HOUSE.eveningPeakW * (0.5 - 0.5 * Math.cos(2 * Math.PI * phase));
}

function base(seed: string, { day, secondOfDay }: LocalMoment): number {
  // Changes once a minute, so a steady house stays steady between two readings.
  const minute = Math.floor(secondOfDay / 60);
  return HOUSE.baseW + (seededUnit(seed, 5, day, minute) * 2 - 1) * HOUSE.baseWanderW;
}

export function houseLoadParts(seed: string, moment: LocalMoment): HouseLoadParts {
  return {
    base: base(seed, moment),
    fridge: fridge(seed, moment),
    kettle: kettle(seed, moment),
    oven: oven(seed, moment),
    evening: evening(moment),
  };
}

/** The house's consumption at a local moment, W. */
export function houseLoadW(seed: string, moment: LocalMoment): number {
  const parts = houseLoadParts(seed, moment);
  return parts.base + parts.fridge + parts.kettle + parts.oven + parts.evening;
}
