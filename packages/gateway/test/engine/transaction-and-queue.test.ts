import { ManualClock } from '@dtu-console/clock';
import {
  buildDataRequest,
  DataType,
  decodeRunData,
  encodeResponseFragments,
  encodeRunData,
  ok,
  ResponseCommand,
} from '@dtu-console/hoymiles';
import type { Radio, RadioRequest } from '@dtu-console/radio/radio';
import { describe, expect, it } from 'vitest';
import { CommandQueue, type QueuedCommand } from '../../src/engine/command-queue';
import { RadioStatistics } from '../../src/engine/radio-stats';
import { runTransaction } from '../../src/engine/transaction';

const INV = '114182345678';
const DTU = '199980112345';

/** A radio that plays back one scripted answer per transmission. */
function scriptedRadio(clock: ManualClock, answers: ((request: RadioRequest) => Uint8Array[])[]) {
  const requests: RadioRequest[] = [];
  const radio: Radio = {
    name: 'scripted',
    configure() {},
    status: () => ({
      nrf: { configured: true, connected: true, pvariant: true },
      cmt: { configured: false, connected: false },
    }),
    start() {},
    stop() {},
    async transmit(request) {
      requests.push(request);
      const answer = answers.shift()?.(request) ?? [];
      await clock.sleep(request.windowMs);
      return answer;
    },
  };
  return { radio, requests };
}

const state = {
  dc: [
    { voltage: 30, current: 1, power: 30, yieldDay: 10, yieldTotal: 1 },
    { voltage: 30, current: 1, power: 30, yieldDay: 10, yieldTotal: 1 },
  ],
  ac: { voltage: 230, current: 0.2, power: 55, reactivePower: 0, frequency: 50, powerFactor: 1 },
  temperature: 20,
  eventLogCount: 0,
};
const fragments = encodeResponseFragments({
  inverter: INV,
  dtu: DTU,
  command: 0x15,
  payload: encodeRunData('HM_2CH', state),
});

function runDataTransaction(clock: ManualClock, radio: Radio, stats: RadioStatistics) {
  return runTransaction(
    { radio, clock, stats },
    {
      radio: 'NRF24',
      frame: buildDataRequest({ inverter: INV, dtu: DTU, dataType: DataType.RunData, time: 1 }),
      windowMs: 500,
      responseCommand: ResponseCommand.DataResponse,
      inverter: INV,
      dtu: DTU,
      decode: (payload) => decodeRunData('HM_2CH', payload),
    },
  );
}

describe('runTransaction', () => {
  it('resends when nothing arrives, re-requests a missing fragment, and counts each step', async () => {
    const clock = new ManualClock(0);
    const { radio, requests } = scriptedRadio(clock, [
      () => [],
      () => fragments.filter((_, i) => i !== 1),
      () => [fragments[1]!],
    ]);
    const stats = new RadioStatistics();
    const done = runDataTransaction(clock, radio, stats);
    await clock.advance(2000);
    const result = await done;
    expect(result.ok).toBe(true);
    expect(requests.map((r) => r.windowMs)).toEqual([500, 500, 100]);
    expect(requests[2]!.frame.length).toBe(11);
    expect(stats.value).toMatchObject({ tx_request: 1, tx_re_request: 1, rx_success: 1, rx_fail_nothing: 0 });
  });

  it('fails as "nothing" after 1 send + 4 resends, as "corrupt" when the payload is rejected', async () => {
    const clock = new ManualClock(0);
    const silent = scriptedRadio(clock, []);
    const stats = new RadioStatistics();
    const done = runDataTransaction(clock, silent.radio, stats);
    await clock.advance(3000);
    expect(await done).toMatchObject({ ok: false, failure: 'nothing' });
    expect(silent.requests.length).toBe(5);
    // A valid-CRC answer that is too short for the family (low light) is corrupt.
    const short = encodeResponseFragments({
      inverter: INV,
      dtu: DTU,
      command: 0x15,
      payload: Uint8Array.of(0, 1, 2, 3),
      appendCrc16: true,
    });
    const truncated = scriptedRadio(clock, [() => short]);
    const second = runDataTransaction(clock, truncated.radio, stats);
    await clock.advance(1000);
    expect(await second).toMatchObject({ ok: false, failure: 'corrupt' });
    expect(stats.value).toMatchObject({ tx_request: 2, rx_fail_nothing: 1, rx_fail_corrupt: 1 });
  });

  it("takes an HM's answer naming itself twice, and counts another DTU's answer without using it", async () => {
    const clock = new ManualClock(0);
    const payload = encodeRunData('HM_2CH', state);
    const hmShaped = encodeResponseFragments({ inverter: INV, dtu: INV, command: 0x15, payload });
    const foreign = encodeResponseFragments({
      inverter: INV,
      dtu: '199980119999',
      command: 0x15,
      payload: encodeRunData('HM_2CH', { ...state, temperature: 99 }),
    });
    const { radio } = scriptedRadio(clock, [() => [...foreign, ...hmShaped]]);
    const stats = new RadioStatistics();
    const done = runDataTransaction(clock, radio, stats);
    await clock.advance(1000);
    const result = await done;
    expect(result.ok && result.value.temperature).toBe(20);
    expect(stats.value).toMatchObject({ tx_request: 1, tx_re_request: 0, rx_success: 1 });
    expect(stats.otherDtuFrames).toBe(foreign.length);
    stats.reset();
    expect(stats.otherDtuFrames).toBe(0);
  });

  it('takes the signal strength a radio attaches to a frame', async () => {
    const clock = new ManualClock(0);
    const tagged = fragments.map((f) => Object.assign(f.slice(), { rssi: -71 }));
    const { radio } = scriptedRadio(clock, [() => tagged]);
    const stats = new RadioStatistics();
    const done = runDataTransaction(clock, radio, stats);
    await clock.advance(1000);
    await done;
    expect(stats.value.rssi).toBe(-71);
  });

  it('counts no answer once the statistics were reset while the command was on air', async () => {
    const clock = new ManualClock(0);
    const { radio } = scriptedRadio(clock, [() => fragments]);
    const stats = new RadioStatistics();
    const done = runDataTransaction(clock, radio, stats);
    stats.reset();
    await clock.advance(1000);
    expect((await done).ok).toBe(true);
    expect(stats.value.rx_success).toBe(0);
  });

  it('decodes with the given function and hands back the payload', async () => {
    const clock = new ManualClock(0);
    const { radio } = scriptedRadio(clock, [() => fragments]);
    const done = runTransaction(
      { radio, clock },
      {
        radio: 'NRF24',
        frame: buildDataRequest({ inverter: INV, dtu: DTU, dataType: DataType.RunData, time: 1 }),
        windowMs: 500,
        responseCommand: ResponseCommand.DataResponse,
        inverter: INV,
        dtu: DTU,
        decode: (payload) => ok(payload.length),
      },
    );
    await clock.advance(1000);
    expect(await done).toMatchObject({ ok: true, value: 44 });
  });
});

describe('CommandQueue', () => {
  function command(log: string[], key: string, priority: 'command' | 'poll'): QueuedCommand {
    return {
      key,
      serial: 1,
      kind: key,
      priority,
      run: async () => {
        log.push(`start ${key}`);
      },
      dropped: () => log.push(`dropped ${key}`),
    };
  }

  it('runs one at a time, user commands before polls, and drops identical commands', async () => {
    const clock = new ManualClock(0);
    const queue = new CommandQueue({ clock });
    const log: string[] = [];
    expect(queue.enqueue(command(log, 'a', 'poll'))).toBe(true);
    expect(queue.enqueue(command(log, 'a', 'poll'))).toBe(false);
    queue.enqueue(command(log, 'b', 'poll'));
    queue.enqueue(command(log, 'c', 'command'));
    queue.start();
    await clock.advance(10);
    expect(log).toEqual(['start c', 'start a', 'start b']);
    await queue.idle();
  });

  it('abandons a command past its deadline and goes on', async () => {
    const clock = new ManualClock(0);
    const queue = new CommandQueue({ clock, deadlineMs: 1000 });
    let aborted = false;
    const log: string[] = [];
    queue.enqueue({
      key: 'stuck',
      serial: 1,
      kind: 'stuck',
      priority: 'poll',
      run: (signal) =>
        new Promise(() => {
          signal.addEventListener('abort', () => {
            aborted = true;
          });
        }),
    });
    queue.enqueue(command(log, 'next', 'poll'));
    queue.start();
    await clock.advance(999);
    expect(log).toEqual([]);
    await clock.advance(1);
    expect(aborted).toBe(true);
    expect(log).toEqual(['start next']);
  });

  it('stop() drops what waits and tells each command', async () => {
    const clock = new ManualClock(0);
    const queue = new CommandQueue({ clock });
    const log: string[] = [];
    queue.enqueue(command(log, 'a', 'poll'));
    queue.enqueue(command(log, 'b', 'command'));
    queue.stop();
    expect(log).toEqual(['dropped a', 'dropped b']);
    expect(queue.size).toBe(0);
  });
});
