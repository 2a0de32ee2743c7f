/** Builds an engine on a ManualClock, the scripted FakeRadio and a bus that records live events. */
import { ManualClock } from '@dtu-console/clock';
import { EventBus } from '../../src/bus';
import { type EngineLog, InverterEngine } from '../../src/engine/engine';
import { LiveModel } from '../../src/engine/live-model';
import {
  type EngineInverterSettings,
  type EngineSettings,
  engineSettings,
  inverterSettings,
} from '../../src/engine/settings';
import type { EngineTime } from '../../src/engine/time';
import { FakeRadio, fixedTime } from './fake-radio';

/** 2024-06-21 10:00 UTC = 12:00 CEST. */
export const NOON = Date.UTC(2024, 5, 21, 10, 0, 0);

export interface HarnessOptions {
  start?: number;
  synchronised?: boolean;
  inverters?: (Partial<EngineInverterSettings> & { serial: string })[];
  pollIntervalS?: number;
  time?: EngineTime;
  /** A clock of the test's own (e.g. one that can be set back); default a ManualClock at `start`. */
  clock?: ManualClock;
  log?: EngineLog;
}

/** A ManualClock whose time can be set back or forward, as a manual time set or an SNTP answer does. */
export class SettableClock extends ManualClock {
  #offset = 0;

  override now(): number {
    return super.now() + this.#offset;
  }

  /** Moves "now" by `ms` at once; timers keep running in elapsed time. */
  shift(ms: number): void {
    this.#offset += ms;
  }
}

export function harness(options: HarnessOptions = {}) {
  const clock = options.clock ?? new ManualClock(options.start ?? NOON, options.synchronised ?? true);
  const radio = new FakeRadio(clock);
  const bus = new EventBus();
  const events: { serial: string; change: string }[] = [];
  bus.on('live:inverter', (serial, change) => events.push({ serial, change }));
  const live = new LiveModel({ bus, now: () => clock.now() });
  const settings: EngineSettings = engineSettings({
    dtu: { pollIntervalS: options.pollIntervalS ?? 5 },
    inverters: (options.inverters ?? []).map((inv, id) => inverterSettings({ id, order: id, ...inv })),
  });
  const engine = new InverterEngine({
    clock,
    radio,
    live,
    time: options.time ?? fixedTime(),
    settings,
    ...(options.log ? { log: options.log } : {}),
  });
  return { clock, radio, bus, live, engine, events, settings };
}

export const HM800 = '114182345678';
export const HM400 = '112182216549';
export const HMS800 = '114483010203';
