/**
 * The power limiter over a simulated day (docs/limiter.md): in-process on a ManualClock, the default plant
 * (HM-800 and HMS-2000-4T) with its simulated inverters following limits after a dead time and a ramp, the
 * seeded house of limiter-house.ts read by a meter every second, target 0 W, hysteresis 20 W. The same day
 * runs twice, without the limiter and with it.
 */

import { LIMIT_RESPONSE, limitResponseMs, normalizeLimitType } from '@dtu-console/contract';
import { isPersistentLimit, type LimitType } from '@dtu-console/hoymiles';
import type { Result, Section } from './lib/report';
import { measureFeedIn } from './limiter-feed-in';
import { BenchMeter, HouseProfile } from './limiter-house';
import { limiterRig } from './limiter-rig';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** 21 June 2025, local midnight in Berlin (the default place). */
const DAY_START = Date.UTC(2025, 5, 20, 22);
const SEED = 'limiter-bench';
const METER_PERIOD_MS = 1000;
const TARGET_W = 0;
const HYSTERESIS_W = 20;
/** The 2 kW steps: up at 13:00, down at 13:10, under a load held constant from 12:50 to 13:30. */
const HOLD_FROM = DAY_START + 12 * HOUR + 50 * MINUTE;
const STEP_UP = DAY_START + 13 * HOUR;
const STEP_DOWN = STEP_UP + 10 * MINUTE;
const HOLD_UNTIL = DAY_START + 13 * HOUR + 30 * MINUTE;
/** Steady state: after the step down has settled, until the hold ends. */
const STEADY_FROM = STEP_DOWN + 3 * MINUTE;
const STEP_W = 2000;

interface DayRun {
  exportWh: number;
  importWh: number;
  loadWh: number;
  /** Import where the load exceeds what the sun gives (the run without the limiter only). */
  grid: Map<number, number>;
  commands: Map<string, number[]>;
  persistent: number;
  persistentLimitsKept: boolean;
}

async function runDay(withLimiter: boolean, hours = 24): Promise<DayRun> {
  const rig = await limiterRig({ start: DAY_START, seed: SEED });
  const { clock, plant, radio, serials, productionW } = rig;
  const house = new HouseProfile(DAY_START, SEED);
  const meter = new BenchMeter(clock, house, productionW, METER_PERIOD_MS);

  // Every limit command the engine gets, by inverter and type.
  const commands = new Map<string, number[]>();
  let persistent = 0;
  const setLimit = plant.engine.setLimit.bind(plant.engine);
  plant.engine.setLimit = (serial, command) => {
    const type = normalizeLimitType(command.type);
    if (type !== undefined && isPersistentLimit(type as LimitType)) persistent++;
    commands.set(serial, [...(commands.get(serial) ?? []), clock.now()]);
    return setLimit(serial, command);
  };

  meter.start();
  if (withLimiter) {
    await rig.startLimiter(meter, () => ({
      target_power_consumption: TARGET_W,
      target_power_consumption_hysteresis: HYSTERESIS_W,
    }));
  }

  const run: DayRun = {
    exportWh: 0,
    importWh: 0,
    loadWh: 0,
    grid: new Map(),
    commands,
    persistent,
    persistentLimitsKept: true,
  };
  const end = DAY_START + hours * HOUR;
  while (clock.now() < end) {
    await clock.advance(SECOND);
    const now = clock.now();
    if (now >= HOLD_FROM && now < HOLD_UNTIL && house.holdW === null) house.holdW = house.loadW(now);
    if (now >= HOLD_UNTIL) house.holdW = null;
    house.extraW = now >= STEP_UP && now < STEP_DOWN ? STEP_W : 0;
    const load = house.loadW(now);
    const grid = load - productionW();
    run.loadWh += load / 3600;
    if (grid > 0) run.importWh += grid / 3600;
    else run.exportWh -= grid / 3600;
    if (now >= HOLD_FROM && now < HOLD_UNTIL) run.grid.set(now, grid);
  }
  run.persistent = persistent;
  run.persistentLimitsKept = serials.every((serial) => {
    const persistentLimit = radio.inspect(serial)?.limit.persistent;
    return persistentLimit?.relative === true && persistentLimit.value === 100;
  });
  await rig.stop();
  meter.stop();
  return run;
}

/** From `from`, the time until the grid stays within the hysteresis of the target up to `until`, ms. */
function settlingMs(grid: Map<number, number>, from: number, until: number): number {
  let lastOutside = from;
  for (const [at, power] of grid) {
    if (at < from || at >= until) continue;
    if (Math.abs(power - TARGET_W) > HYSTERESIS_W) lastOutside = at;
  }
  return lastOutside === until - SECOND ? Number.POSITIVE_INFINITY : lastOutside + SECOND - from;
}

function peakToPeak(grid: Map<number, number>, from: number, until: number): number {
  const values = [...grid].filter(([at]) => at >= from && at < until).map(([, power]) => power);
  return Math.max(...values) - Math.min(...values);
}

/** The slowest full-range response of the plant's inverters (an HM: dead time plus its ramp), ms. */
function inverterResponseMs(): number {
  return Math.max(
    limitResponseMs(LIMIT_RESPONSE.NRF24, 100, true),
    limitResponseMs(LIMIT_RESPONSE.CMT, 100, true),
  );
}

export async function measureLimiter(hours = 24): Promise<Section> {
  const without = await runDay(false, hours);
  const withLimiter = await runDay(true, hours);
  const responseMs = inverterResponseMs();
  const settleBudget = 2 * responseMs + METER_PERIOD_MS;
  const settleUp = settlingMs(withLimiter.grid, STEP_UP, STEP_DOWN);
  const settleDown = settlingMs(withLimiter.grid, STEP_DOWN, HOLD_UNTIL);
  const p2p = peakToPeak(withLimiter.grid, STEADY_FROM, HOLD_UNTIL);
  const extraImport = withLimiter.importWh - without.importWh;
  const perHour = [...withLimiter.commands].map(([serial, times]) => {
    const hoursWith = new Map<number, number>();
    for (const t of times) {
      const hour = Math.floor((t - DAY_START) / HOUR);
      hoursWith.set(hour, (hoursWith.get(hour) ?? 0) + 1);
    }
    return { serial, max: Math.max(0, ...hoursWith.values()), total: times.length, hours: hoursWith.size };
  });
  const results: Result[] = [
    { name: 'export without the limiter', value: without.exportWh, unit: 'count' },
    {
      name: 'export with the limiter, % of without',
      value: without.exportWh > 0 ? (withLimiter.exportWh / without.exportWh) * 100 : 0,
      unit: '%',
      budget: { op: '<=', limit: 2 },
    },
    {
      name: 'extra import over the ideal, % of the day’s load',
      value: (extraImport / withLimiter.loadWh) * 100,
      unit: '%',
      budget: { op: '<=', limit: 3 },
    },
    {
      name: 'settling after a 2 kW step up',
      value: settleUp,
      unit: 'ms',
      budget: { op: '<=', limit: settleBudget },
    },
    {
      name: 'settling after a 2 kW step down',
      value: settleDown,
      unit: 'ms',
      budget: { op: '<=', limit: settleBudget },
    },
    {
      name: 'steady-state peak-to-peak grid power (W)',
      value: p2p,
      unit: 'count',
      budget: { op: '<=', limit: 2 * HYSTERESIS_W },
    },
    {
      name: 'persistent commands',
      value: withLimiter.persistent + (withLimiter.persistentLimitsKept ? 0 : 1),
      unit: 'count',
      budget: { op: '<=', limit: 0 },
    },
  ];
  const details = [
    `Simulated ${hours} h of 21 June at the default place, seed \`${SEED}\`; meter every ${METER_PERIOD_MS / 1000} s; target ${TARGET_W} W, hysteresis ${HYSTERESIS_W} W; inverter response (HM, full range up) ${responseMs / 1000} s, so the settling budget is ${settleBudget / 1000} s.`,
    '',
    '| measure | without limiter | with limiter | budget |',
    '|---|---|---|---|',
    `| house load | ${withLimiter.loadWh.toFixed(0)} Wh | ${withLimiter.loadWh.toFixed(0)} Wh | |`,
    `| exported | ${without.exportWh.toFixed(0)} Wh | ${withLimiter.exportWh.toFixed(0)} Wh | ≤ 2 % of without |`,
    `| imported | ${without.importWh.toFixed(0)} Wh (ideal) | ${withLimiter.importWh.toFixed(0)} Wh (+${extraImport.toFixed(0)} Wh, ${((extraImport / withLimiter.loadWh) * 100).toFixed(2)} % of the load) | ≤ +3 % of the load |`,
    `| settling, 2 kW up / down | | ${(settleUp / 1000).toFixed(1)} s / ${(settleDown / 1000).toFixed(1)} s | ≤ ${settleBudget / 1000} s |`,
    `| peak-to-peak at constant load | | ${p2p.toFixed(1)} W | ≤ ${2 * HYSTERESIS_W} W |`,
    ...perHour.map(
      (c) => `| commands to ${c.serial} | | ${c.total} in ${c.hours} h, at most ${c.max} in one hour | |`,
    ),
    `| persistent commands | | ${withLimiter.persistent} (persistent limits untouched: ${withLimiter.persistentLimitsKept ? 'yes' : 'no'}) | 0 |`,
  ];
  // The feed-in cap, the grid operator's signal and imperfect meters (limiter-feed-in.ts).
  const feedIn = await measureFeedIn();
  return {
    id: 'limiter',
    title: 'Power limiter over a simulated day',
    results: [...results, ...feedIn.results],
    details: [...details, ...feedIn.details],
  };
}
