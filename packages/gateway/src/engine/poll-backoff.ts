/**
 * Which rounds an inverter that does not answer is probed in. A silent inverter costs five full answer
 * windows per request (1 send + 4 resends), about five answering inverters' worth of air time; probing it
 * in every round would make offline inverters slow all the others down. So each is probed at once when
 * first seen silent, then after 2, 4 and from then on every 8 rounds; and no round probes more than one in
 * eight of the silent inverters (the oldest probe first), so inverters that went silent together (a
 * breaker, the evening) spread their probes over the rounds. The first answer ends the back-off.
 */

import { backoffDelay } from '@dtu-console/contract';

/** Most rounds between two probes of a silent inverter. */
export const MAX_PROBE_GAP_ROUNDS = 8;
/** Rounds between the first probe and the second. */
const FIRST_PROBE_GAP_ROUNDS = 2;

interface Probe {
  nextRound: number;
  /** Probes so far in this silence: the back-off's attempt. */
  probes: number;
  lastRound: number;
}

export interface PollCandidate {
  serial: number;
  /** Polled but not answering when the round starts. */
  unanswered: boolean;
}

export class PollBackoff {
  #probes = new Map<number, Probe>();

  /** The serials that get a turn in `round`, out of `candidates` (in turn order). */
  select(round: number, candidates: readonly PollCandidate[]): Set<number> {
    const selected = new Set<number>();
    const next = new Map<number, Probe>();
    const due: { serial: number; probe: Probe }[] = [];
    let silent = 0;
    for (const { serial, unanswered } of candidates) {
      if (!unanswered) {
        selected.add(serial);
        continue;
      }
      silent++;
      const probe = this.#probes.get(serial) ?? { nextRound: round, probes: 0, lastRound: -1 };
      next.set(serial, probe);
      if (round >= probe.nextRound) due.push({ serial, probe });
    }
    const budget = Math.max(1, Math.ceil(silent / MAX_PROBE_GAP_ROUNDS));
    due.sort((a, b) => a.probe.lastRound - b.probe.lastRound);
    for (const { serial, probe } of due.slice(0, budget)) {
      probe.nextRound =
        round + backoffDelay(probe.probes, { base: FIRST_PROBE_GAP_ROUNDS, max: MAX_PROBE_GAP_ROUNDS });
      probe.probes++;
      probe.lastRound = round;
      selected.add(serial);
    }
    // Answering and removed inverters lose their back-off.
    this.#probes = next;
    return selected;
  }
}
