/**
 * A host whose loop is held up (a busy machine, a long garbage collection) still sees the chips as they
 * are: the real drivers on the chip models, with the radio timer replaced by one that behaves like Node's
 * loop. Time runs on while nothing runs; when the loop comes back every timer that came due meanwhile runs
 * at once, late, in order of due time, each driver wait resuming after its own deadline. A real chip went
 * on meanwhile, so a driver that looks after its deadline must find the state a real chip would show, not
 * a false time-out (ModelTime, src/radio/model/model-time.ts).
 */

import { ManualClock } from '@dtu-console/clock';
import type { RadioTimer } from '@dtu-console/radio/radio-timer';
import { describe, expect, it } from 'vitest';
import { bareModelRadio, NOON, runDataRequest } from './stack';

/** Node's timers on a loop the test holds up: `holdUp(ms)` lets time pass with nothing running. */
class HeldUpLoop implements RadioTimer {
  #now = 0;
  #order = 0;
  #timers: { due: number; order: number; run: () => void }[] = [];

  now(): number {
    return this.#now;
  }

  setTimer(ms: number, callback: () => void): () => void {
    // Like setTimeout: under 1 ms counts as 1 ms.
    const timer = { due: this.#now + Math.max(1, ms), order: this.#order++, run: callback };
    this.#timers.push(timer);
    return () => {
      this.#timers = this.#timers.filter((other) => other !== timer);
    };
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimer(ms, resolve));
  }

  /** Time passes and nothing runs. */
  holdUp(ms: number): void {
    this.#now += ms;
  }

  /** One turn of the loop after `ms`: every timer due by then runs, in order, with the promises each frees. */
  async turn(ms: number): Promise<void> {
    this.#now += ms;
    for (;;) {
      const due = this.#timers
        .filter((timer) => timer.due <= this.#now)
        .sort((a, b) => a.due - b.due || a.order - b.order)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((timer) => timer !== due);
      due.run();
      await Promise.resolve();
      await Promise.resolve();
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const build = (loop: HeldUpLoop) => bareModelRadio(new ManualClock(NOON), loop, 3);
const request = (radio: 'NRF24' | 'CMT') => runDataRequest(radio, NOON);

/** Turns the loop 1 ms at a time until `work` settles, holding it up for `holdMs` at each of `at`. */
async function drive<T>(loop: HeldUpLoop, work: Promise<T>, holds: readonly { at: number; ms: number }[]) {
  let settled = false;
  void work.finally(() => {
    settled = true;
  });
  for (let step = 0; !settled && step < 5_000; step++) {
    for (const hold of holds) if (hold.at === step) loop.holdUp(hold.ms);
    await loop.turn(1);
  }
  return work;
}

describe('a held-up host and the chip models', () => {
  for (const radio of ['NRF24', 'CMT'] as const) {
    it(`${radio}: the loop held up 15 or 80 ms anywhere in the set-up and the exchange: no false time-out`, async () => {
      // Hold-ups longer than each driver deadline (a CMT2300A mode change 10 ms, an nRF24 send 60 ms), at
      // every ms of the first 60: inside the set-up, a mode change, a send, an ack wait, the listen.
      for (let at = 0; at < 60; at++) {
        const loop = new HeldUpLoop();
        const model = build(loop);
        const holds = [{ at, ms: at % 2 === 0 ? 80 : 15 }];
        await drive(loop, Promise.resolve(model.radio.start()), holds);
        await drive(loop, model.radio.transmit(request(radio)), holds);
        const status = model.radio.status();
        const diagnostics = model.radio.diagnostics();
        const part = radio === 'NRF24' ? 'nrf' : 'cmt';
        expect(status[part].connected, `held up at ${at} ms: ${status[part].reason}`).toBe(true);
        expect(diagnostics[part]?.ioErrors, `held up at ${at} ms`).toBe(0);
        expect(radio === 'NRF24' ? model.nrfModel.errors : model.cmtModel.errors).toEqual([]);
      }
    });
  }
});
