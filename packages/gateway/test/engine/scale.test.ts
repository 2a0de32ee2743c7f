/**
 * The poll scheduler at plant sizes up to 100 inverters, against the simulated radio on a ManualClock:
 * data age bounded by max(poll interval, one round's radio time), silent inverters not slowing the others,
 * and a limit going on air mid-round after at most the one transaction on air.
 */
import { ManualClock } from '@dtu-console/clock';
import { InverterLimits } from '@dtu-console/contract';
import type { RadioRequest } from '@dtu-console/radio/radio';
import { SeededRandom, SimulatedRadio } from '@dtu-console/radio/simulated';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/bus';
import { InverterEngine } from '../../src/engine/engine';
import { LiveModel } from '../../src/engine/live-model';
import { MAX_PROBE_GAP_ROUNDS, PollBackoff } from '../../src/engine/poll-backoff';
import { AnswerWindowMs } from '../../src/engine/transaction';
import { PLANT_LOCATION, plantSettings } from '../helpers/engine-plant';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** 21 June 2024 10:00 UTC: noon in Germany, every inverter awake. */
const NOON = Date.UTC(2024, 5, 21, 10);

/** HM-1500 (4 inputs) serials. */
function serialOf(index: number): string {
  return `1161${(0x71600000 + index).toString(16)}`;
}

function plant(options: { count: number; silent?: number; pollIntervalS: number }) {
  const clock = new ManualClock(NOON);
  const radio = new SimulatedRadio({
    clock,
    random: new SeededRandom(3),
    location: () => PLANT_LOCATION,
    faults: { weakSignal: false },
    cloudiness: 0,
  });
  const serials = Array.from({ length: options.count }, (_, i) => serialOf(i));
  // The last `silent` inverters are configured but not on the air.
  radio.setInverters(serials.slice(0, options.count - (options.silent ?? 0)).map((serial) => ({ serial })));
  const bus = new EventBus();
  const live = new LiveModel({ bus, now: () => clock.now() });
  const settings = plantSettings(serials, { pollIntervalS: options.pollIntervalS });
  const engine = new InverterEngine({ clock, radio, live, settings });
  const sent: { at: number; request: RadioRequest }[] = [];
  const transmit = radio.transmit.bind(radio);
  radio.transmit = (request) => {
    sent.push({ at: clock.now(), request });
    return transmit(request);
  };
  /** Times each inverter's run data arrived. */
  const updates = new Map<string, number[]>(serials.map((s) => [s, []]));
  bus.on('live:inverter', (serial, change) => {
    if (change === 'data' && live.inverter(serial)?.hasData) updates.get(serial)?.push(clock.now());
  });
  return { clock, radio, live, engine, serials, sent, updates };
}

/** The longest time between two run-data answers of `serial` after `from`. */
function longestGap(times: readonly number[], from: number): number {
  const after = times.filter((t) => t >= from);
  let gap = 0;
  for (let i = 1; i < after.length; i++) gap = Math.max(gap, (after[i] as number) - (after[i - 1] as number));
  return gap;
}

describe('poll scheduler', () => {
  it('the contract allows 100 inverters', () => {
    expect(InverterLimits.maxInverters).toBeGreaterThanOrEqual(100);
  });

  it('polls every inverter once per interval while a round fits in it', async () => {
    // 10 inverters × one 500 ms run-data window = 5 s of air per round, interval 10 s.
    const p = plant({ count: 10, pollIntervalS: 10 });
    await p.engine.start();
    await p.clock.advance(3 * MINUTE);
    for (const serial of p.serials) {
      const times = p.updates.get(serial) ?? [];
      expect(times.length).toBeGreaterThanOrEqual(17);
      // 10 s, plus at most the read-backs earlier inverters' turns put in front of this one in this round.
      expect(longestGap(times, NOON + MINUTE)).toBeGreaterThanOrEqual(10 * SECOND - SECOND);
      expect(longestGap(times, NOON + MINUTE)).toBeLessThanOrEqual(
        10 * SECOND + 10 * AnswerWindowMs.systemConfig,
      );
    }
    await p.engine.stop();
  });

  it('with 100 inverters, data age stays within one round of radio time (not 100 intervals)', async () => {
    const p = plant({ count: 100, pollIntervalS: 5 });
    await p.engine.start();
    await p.clock.advance(10 * MINUTE);
    // After the first two rounds (event logs, device info, grid profiles) a round is 100 run-data windows
    // plus the limit read-backs: its radio time. One inverter per interval would be 100 × 5 s.
    const roundAir = 100 * (AnswerWindowMs.runData + AnswerWindowMs.systemConfig);
    for (const serial of p.serials) {
      const gap = longestGap(p.updates.get(serial) ?? [], NOON + 5 * MINUTE);
      expect(gap).toBeGreaterThan(0);
      expect(gap).toBeLessThanOrEqual(roundAir);
    }
    await p.engine.stop();
  });

  it('silent inverters do not slow the others down', async () => {
    const some = plant({ count: 100, silent: 20, pollIntervalS: 5 });
    await some.engine.start();
    await some.clock.advance(16 * MINUTE);
    const answering = some.serials.slice(0, 80);
    const worst = Math.max(
      ...answering.map((s) => longestGap(some.updates.get(s) ?? [], NOON + 10 * MINUTE)),
    );
    // A round: the 80 answering inverters' run data and read-backs, plus at most one in eight of the silent
    // ones probed (5 run-data windows each). Probing all 20 every round would add 50 s to every round.
    const answeringAir = 80 * (AnswerWindowMs.runData + AnswerWindowMs.systemConfig);
    const probeAir = Math.ceil(20 / 8) * 5 * AnswerWindowMs.runData;
    expect(worst).toBeLessThanOrEqual(answeringAir + probeAir);
    expect(worst).toBeLessThan(answeringAir + 20 * 5 * AnswerWindowMs.runData);
    for (const serial of some.serials.slice(80)) {
      expect(some.live.inverter(serial)?.reachable).toBe(false);
    }
    // Silent ones are still probed now and then (bounded: run data only, 1 send + 4 resends).
    const silentAddress = some.serials[99]?.slice(-8);
    const probes = some.sent.filter(
      (s) =>
        s.at >= NOON + 10 * MINUTE &&
        Buffer.from(s.request.frame.subarray(1, 5)).toString('hex') === silentAddress,
    );
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.length % 5).toBe(0);
    await some.engine.stop();
  });

  it('a limit sent mid-round goes on air within one transaction at 100 inverters', async () => {
    const p = plant({ count: 100, silent: 10, pollIntervalS: 5 });
    await p.engine.start();
    await p.clock.advance(3 * MINUTE + 7_321);
    const target = p.serials[42] as string;
    const asked = p.clock.now();
    expect(p.engine.setLimit(target, { value: 50, type: 1 })).toBe('queued');
    await p.clock.advance(30 * SECOND);
    const limitFrame = p.sent.find((s) => s.at >= asked && s.request.frame[0] === 0x51);
    expect(limitFrame).toBeDefined();
    // At worst the transaction on air is a silent inverter's probe: 5 run-data windows.
    expect((limitFrame?.at ?? Number.POSITIVE_INFINITY) - asked).toBeLessThanOrEqual(
      5 * AnswerWindowMs.runData,
    );
    expect(p.live.inverter(target)?.limitSetStatus).toBe('Ok');
    await p.engine.stop();
  });
});

describe('poll back-off of silent inverters', () => {
  it('probes at once, then after 2, 4 and every 8 rounds; an answer ends it', () => {
    const backoff = new PollBackoff();
    const due = (round: number, unanswered = true) =>
      backoff.select(round, [{ serial: 7, unanswered }]).has(7);
    const rounds = Array.from({ length: 40 }, (_, i) => i + 1).filter((round) => due(round));
    expect(rounds).toEqual([1, 3, 7, 15, 23, 31, 39]);
    expect(MAX_PROBE_GAP_ROUNDS).toBe(8);
    expect(due(41, false)).toBe(true);
    expect(due(42)).toBe(true);
  });

  it('probes at most one in eight silent inverters per round, the longest unprobed first', () => {
    const backoff = new PollBackoff();
    const candidates = [
      { serial: 1, unanswered: false },
      ...Array.from({ length: 20 }, (_, i) => ({ serial: 100 + i, unanswered: true })),
    ];
    const perRound: number[][] = [];
    for (let round = 1; round <= 16; round++) {
      const selected = [...backoff.select(round, candidates)];
      expect(selected).toContain(1);
      perRound.push(selected.filter((s) => s !== 1));
    }
    for (const probes of perRound) expect(probes.length).toBeLessThanOrEqual(3);
    // Every silent inverter was probed within the first rounds, none starved.
    const probed = new Set(perRound.slice(0, 8).flat());
    expect(probed.size).toBe(20);
  });
});
