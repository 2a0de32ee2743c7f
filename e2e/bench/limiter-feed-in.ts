/**
 * The power limiter's feed-in cap, the grid operator's signal and imperfect meters (docs/limiter.md), on
 * the same simulated plant, house and ManualClock as limiter.ts, over a midday window:
 * - a 60 % cap with zero export off: export never above cap + hysteresis for longer than one settling
 *   time, and held at ≥ 95 % of the cap while the sun allows more;
 * - a signal stepping 100 → 30 → 0 → 100 % under a constant house load: each step settled within
 *   2 inverter response times + 1 s, with no export above the step afterwards;
 * - zero export with a meter of seeded ±30 W noise, and with one 2 s late: its day budgets hold.
 * Every scenario is compared with the same window without the limiter (what the sun would give).
 */

import type { Clock } from '@dtu-console/clock';
import { type GridSignalStatus, LIMIT_RESPONSE, limitResponseMs } from '@dtu-console/contract';
import { SeededRandom } from '@dtu-console/radio/simulated/random';
import type { GridSignalFeed } from '../../packages/gateway/src/powerlimiter/feed-in';
import type { MeterFeed, MeterReading, MeterStatus } from '../../packages/gateway/src/powermeter/types';
import type { Result } from './lib/report';
import { HouseProfile } from './limiter-house';
import { limiterRig } from './limiter-rig';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** 21 June 2025, local midnight in Berlin (the default place), as limiter.ts. */
const DAY_START = Date.UTC(2025, 5, 20, 22);
const SEED = 'limiter-bench';
const HYSTERESIS_W = 20;
/** The default plant: HM-800 and HMS-2000-4T, their rated power as module power. */
const MODULE_WP = 2800;
/** The plant polls its inverters for this long before a window starts. */
const WARM_UP = 10 * MINUTE;
const NOON = DAY_START + 13 * HOUR;
/** The windows: the cap around noon; the signal steps ten minutes apart; the meters over 6 h. */
const CAP_FROM = NOON - HOUR;
const CAP_UNTIL = NOON + HOUR;
const SIGNAL_FROM = NOON - 5 * MINUTE;
const SIGNAL_STEPS = [
  { at: NOON - 5 * MINUTE, percent: 100 },
  { at: NOON, percent: 30 },
  { at: NOON + 10 * MINUTE, percent: 0 },
  { at: NOON + 20 * MINUTE, percent: 100 },
];
const SIGNAL_UNTIL = NOON + 30 * MINUTE;
const METERS_FROM = NOON - 3 * HOUR;
const METERS_UNTIL = NOON + 3 * HOUR;
const NOISE_W = 30;
const LATENCY_MS = 2000;

/** A meter of the bench house: every second, optionally with seeded noise and a delay. */
class BenchHouseMeter implements MeterFeed {
  readonly #listeners = new Set<(reading: MeterReading) => void>();
  readonly #random: SeededRandom;
  readonly #past: { at: number; powerW: number }[] = [];
  #reading: MeterReading | undefined;
  #cancel: (() => void) | undefined;

  constructor(
    readonly clock: Clock,
    readonly gridW: () => number,
    readonly noiseW = 0,
    readonly latencyMs = 0,
  ) {
    this.#random = new SeededRandom(`${SEED}-meter-noise`);
  }

  start(): void {
    const read = () => {
      const now = this.clock.now();
      this.#past.push({ at: now, powerW: this.gridW() });
      // The value measured `latencyMs` ago arrives now: the gateway cannot tell it is late.
      while (this.#past.length > 1 && (this.#past[1]?.at ?? now) <= now - this.latencyMs) this.#past.shift();
      const measured = this.#past[0]?.powerW ?? 0;
      const noise = this.noiseW === 0 ? 0 : (this.#random.next() * 2 - 1) * this.noiseW;
      this.#reading = { powerW: measured + noise, atMs: now };
      for (const listener of this.#listeners) listener(this.#reading);
      this.#cancel = this.clock.setTimer(SECOND, read);
    };
    read();
  }

  stop(): void {
    this.#cancel?.();
  }

  status(): MeterStatus {
    const reading = this.#reading;
    if (!reading) return { source: 'simulated', valid: false };
    const ageMs = this.clock.now() - reading.atMs;
    return { source: 'simulated', valid: ageMs <= 10 * SECOND, reading, ageMs };
  }

  onReading(listener: (reading: MeterReading) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** The grid operator's signal as a schedule of steps. */
class ScheduledSignal implements GridSignalFeed {
  readonly #listeners = new Set<() => void>();
  #percent: number | null = null;
  #since: number | null = null;

  set(percent: number, now: number): void {
    if (percent === this.#percent) return;
    this.#percent = percent;
    this.#since = now;
    for (const listener of this.#listeners) listener();
  }

  status(): GridSignalStatus {
    return {
      enabled: true,
      source: 'mqtt',
      known: this.#percent !== null,
      percent: this.#percent,
      contact: null,
      lost: false,
      problem: null,
      since: this.#since,
    };
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

type Mode = 'none' | 'cap' | 'signal' | 'noise' | 'latency';

interface WindowRun {
  /** Grid power per second of the window (positive: import). */
  grid: Map<number, number>;
  load: Map<number, number>;
  production: Map<number, number>;
}

async function runWindow(mode: Mode, from: number, until: number, holdLoad: boolean): Promise<WindowRun> {
  const rig = await limiterRig({ start: from - WARM_UP, seed: SEED });
  const { clock, productionW } = rig;
  const house = new HouseProfile(DAY_START, SEED);
  if (holdLoad) house.holdW = house.loadW(from);
  const gridW = () => house.loadW(clock.now()) - productionW();
  const meter = new BenchHouseMeter(
    clock,
    gridW,
    mode === 'noise' ? NOISE_W : 0,
    mode === 'latency' ? LATENCY_MS : 0,
  );
  const signal = new ScheduledSignal();
  meter.start();
  if (mode !== 'none') {
    await rig.startLimiter(
      meter,
      (defaults) => ({
        // Zero export only for the meter cases; the cap and the signal run without it.
        enabled: mode === 'noise' || mode === 'latency',
        target_power_consumption: 0,
        target_power_consumption_hysteresis: HYSTERESIS_W,
        feed_in_cap: {
          ...defaults.feed_in_cap,
          enabled: mode === 'cap',
          percent: 60,
          module_power_wp: MODULE_WP,
        },
        grid_signal: {
          ...defaults.grid_signal,
          enabled: mode === 'signal',
          source: 'mqtt',
          mqtt: { topic: 'bench' },
        },
      }),
      signal,
    );
  }
  const run: WindowRun = { grid: new Map(), load: new Map(), production: new Map() };
  while (clock.now() < until) {
    const now = clock.now();
    const due = SIGNAL_STEPS.filter((step) => step.at <= Math.max(now, SIGNAL_FROM)).at(-1);
    if (due) signal.set(due.percent, now);
    await clock.advance(SECOND);
    const at = clock.now();
    if (at < from) continue;
    const load = house.loadW(at);
    const production = productionW();
    run.grid.set(at, load - production);
    run.load.set(at, load);
    run.production.set(at, production);
  }
  await rig.stop();
  meter.stop();
  return run;
}

/** The slowest full-range response of the plant's inverters (an HM: dead time plus its ramp), ms. */
function responseMs(): number {
  return Math.max(
    limitResponseMs(LIMIT_RESPONSE.NRF24, 100, true),
    limitResponseMs(LIMIT_RESPONSE.CMT, 100, true),
  );
}

/** Longest stretch (ms) during which export was above `limitW + HYSTERESIS_W`. */
function longestAbove(
  grid: Map<number, number>,
  limitW: (at: number) => number,
  from: number,
  until: number,
) {
  let longest = 0;
  let startedAt: number | undefined;
  for (const [at, power] of grid) {
    if (at < from || at >= until) continue;
    if (-power > limitW(at) + HYSTERESIS_W) {
      startedAt ??= at - SECOND;
      longest = Math.max(longest, at - startedAt);
    } else startedAt = undefined;
  }
  return longest;
}

function exportWh(run: WindowRun): number {
  let wh = 0;
  for (const power of run.grid.values()) if (power < 0) wh -= power / 3600;
  return wh;
}

function importWh(run: WindowRun): number {
  let wh = 0;
  for (const power of run.grid.values()) if (power > 0) wh += power / 3600;
  return wh;
}

export interface FeedInResults {
  results: Result[];
  details: string[];
}

export async function measureFeedIn(): Promise<FeedInResults> {
  const settleBudget = 2 * responseMs() + SECOND;
  const capW = (MODULE_WP * 60) / 100;

  // --- the 60 % cap ---
  const capFree = await runWindow('none', CAP_FROM, CAP_UNTIL, false);
  const capped = await runWindow('cap', CAP_FROM, CAP_UNTIL, false);
  const aboveCap = longestAbove(capped.grid, () => capW, CAP_FROM, CAP_UNTIL);
  // While the sun allows: without the limiter the export would have been above the cap.
  const sunny = [...capFree.grid].filter(([at, power]) => -power >= capW && capped.grid.has(at));
  const heldShare =
    sunny.length === 0
      ? 0
      : (sunny.filter(([at]) => -(capped.grid.get(at) ?? 0) >= 0.95 * capW).length / sunny.length) * 100;

  // --- the grid operator's signal ---
  const signalFree = await runWindow('none', SIGNAL_FROM, SIGNAL_UNTIL, true);
  const signalled = await runWindow('signal', SIGNAL_FROM, SIGNAL_UNTIL, true);
  const stepRows: string[] = [];
  const stepResults: Result[] = [];
  for (let i = 1; i < SIGNAL_STEPS.length; i++) {
    const step = SIGNAL_STEPS[i]!;
    const end = SIGNAL_STEPS[i + 1]?.at ?? SIGNAL_UNTIL;
    const stepW = (MODULE_WP * step.percent) / 100;
    // Settled: export within the hysteresis of what is allowed and possible (the step, or less sun).
    let lastOff = step.at;
    for (const [at, power] of signalled.grid) {
      if (at <= step.at || at >= end) continue;
      const possible = Math.min(stepW, -(signalFree.grid.get(at) ?? 0));
      if (Math.abs(-power - possible) > HYSTERESIS_W) lastOff = at;
    }
    const settled = lastOff >= end - SECOND ? Number.POSITIVE_INFINITY : lastOff - step.at;
    let overshoot = 0;
    for (const [at, power] of signalled.grid) {
      if (at < step.at + settleBudget || at >= end) continue;
      overshoot = Math.max(overshoot, -power - stepW);
    }
    stepResults.push(
      {
        name: `signal step to ${step.percent} %: settling`,
        value: settled,
        unit: 'ms',
        budget: { op: '<=', limit: settleBudget },
      },
      {
        name: `signal step to ${step.percent} %: export above the step once settled (W)`,
        value: Math.max(0, overshoot),
        unit: 'count',
        budget: { op: '<=', limit: HYSTERESIS_W },
      },
    );
    stepRows.push(
      `| ${SIGNAL_STEPS[i - 1]!.percent} → ${step.percent} % (${stepW} W) | ${(settled / 1000).toFixed(1)} s | ${Math.max(0, overshoot).toFixed(1)} W |`,
    );
  }

  // --- zero export with imperfect meters ---
  const metersFree = await runWindow('none', METERS_FROM, METERS_UNTIL, false);
  const freeExport = exportWh(metersFree);
  const freeImport = importWh(metersFree);
  let loadWh = 0;
  for (const load of metersFree.load.values()) loadWh += load / 3600;
  const meterRows: string[] = [];
  const meterResults: Result[] = [];
  for (const [mode, label] of [
    ['noise', `meter with ±${NOISE_W} W noise`],
    ['latency', `meter ${LATENCY_MS / 1000} s late`],
  ] as const) {
    const run = await runWindow(mode, METERS_FROM, METERS_UNTIL, false);
    const exported = freeExport > 0 ? (exportWh(run) / freeExport) * 100 : 0;
    const extra = ((importWh(run) - freeImport) / loadWh) * 100;
    meterResults.push(
      { name: `${label}: export, % of without`, value: exported, unit: '%', budget: { op: '<=', limit: 2 } },
      {
        name: `${label}: extra import, % of the load`,
        value: extra,
        unit: '%',
        budget: { op: '<=', limit: 3 },
      },
    );
    meterRows.push(`| ${label} | ${exported.toFixed(2)} % | ${extra.toFixed(2)} % |`);
  }

  const results: Result[] = [
    {
      name: '60 % cap: longest export above cap + hysteresis',
      value: aboveCap,
      unit: 'ms',
      budget: { op: '<=', limit: settleBudget },
    },
    {
      name: '60 % cap: time at ≥ 95 % of the cap while the sun allows',
      value: heldShare,
      unit: '%',
      budget: { op: '>=', limit: 95 },
    },
    ...stepResults,
    ...meterResults,
  ];
  const details = [
    '',
    `Feed-in cap and grid signal (zero export off), module power ${MODULE_WP} Wp, hysteresis ${HYSTERESIS_W} W; one settling time = 2 response times + 1 s = ${settleBudget / 1000} s.`,
    '',
    `60 % cap (${capW} W), 12:00–14:00: export above cap + hysteresis for at most ${(aboveCap / 1000).toFixed(0)} s at a time; the sun allowed more than the cap for ${sunny.length} s, of which ${heldShare.toFixed(1)} % were held at ≥ 95 % of the cap.`,
    '',
    '| signal step (house load held) | settled after | export above the step once settled |',
    '|---|---|---|',
    ...stepRows,
    '',
    `Zero export with imperfect meters, ${(METERS_FROM - DAY_START) / HOUR}:00–${(METERS_UNTIL - DAY_START) / HOUR}:00 (without the limiter: ${freeExport.toFixed(0)} Wh exported, ${freeImport.toFixed(0)} Wh imported):`,
    '',
    '| meter | export, % of without (≤ 2 %) | extra import, % of the load (≤ 3 %) |',
    '|---|---|---|',
    ...meterRows,
  ];
  return { results, details };
}
