/**
 * The radio in its own thread, for real: a whole gateway with `--radio model` whose drivers, chip models,
 * virtual air and virtual plant run in a worker thread on the real clock. Live data and a limit command
 * cross the thread boundary, a crash of the thread is said and healed, and a stopped gateway leaves no
 * thread behind. One gateway for the whole file: each start of a thread from the sources costs seconds.
 */
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SystemClock } from '@dtu-console/clock';
import { restartDelayMs, type WorkerRadio } from '@dtu-console/radio/worker/worker-radio';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../../src/app';
import { testGateway } from '../../helpers/gateway';
import { HM, HMS, NOON } from './stack';

const LONG = 90_000;
const PROFILES = join(import.meta.dirname, '../../../../../deploy/raspberry-pi/pin_mapping.json');
const FCSB_ON_CE1 = 'Raspberry Pi: nRF24L01+ on SPI0 CE0, CMT2300A on SPI1 (SDIO bridged, FCSB on CE1)';

/** The threads of this process, as the kernel counts them. */
function threads(): number {
  return readdirSync('/proc/self/task').length;
}

async function until(what: string, check: () => boolean, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function systemStatus(gateway: Gateway) {
  return (await gateway.http.inject({ method: 'GET', url: '/api/system/status' })).json();
}

describe('--radio model in its own thread', () => {
  let env: Awaited<ReturnType<typeof testGateway>>;
  let radio: WorkerRadio;
  let threadsBefore: number;
  const logged: string[] = [];

  beforeAll(async () => {
    threadsBefore = threads();
    env = await testGateway(
      { radio: 'model' },
      // Midsummer noon on the real clock: the virtual sun in the thread stands where the main clock says.
      {
        radioThread: 'worker',
        clock: new SystemClock({ startAt: NOON }),
        seed: 7,
        log: pino({ level: 'info' }, { write: (line: string) => logged.push(line) }),
      },
    );
    radio = env.gateway.ctx.plant.radio as WorkerRadio;
    await env.gateway.ctx.plant.start();
  }, LONG);

  afterAll(async () => {
    await env?.cleanup();
  });

  it(
    'gets live data from both inverters through the thread and ends a limit command Ok',
    async () => {
      const { live, engine } = env.gateway.ctx.plant;
      expect(radio.threadId).toBeGreaterThan(0);
      await until('live data', () => [HM, HMS].every((serial) => live.inverter(serial)?.hasData === true));
      for (const serial of [HM, HMS]) expect(live.inverter(serial)!.producing, serial).toBe(true);
      // The RSSI the CMT2300A latched crosses the thread beside the frame's bytes.
      expect(live.inverter(HMS)!.radioStats.rssi).toBeGreaterThan(-80);

      expect(engine.setLimit(HMS, { value: 50, type: 1 })).toBe('queued');
      await until('the limit', () => live.inverter(HMS)!.limitSetStatus !== 'Pending');
      expect(live.inverter(HMS)!.limitSetStatus).toBe('Ok');
      // The virtual inverter in the thread took it: the live model reads it back from its answer.
      await until('the limit read back', () => Math.abs(live.inverter(HMS)!.limitRelative - 50) < 0.5);

      const body = await systemStatus(env.gateway);
      expect(body).toMatchObject({
        radio_mode: 'model',
        radio_simulated: false,
        nrf_connected: true,
        cmt_connected: true,
        radio_problems: [],
      });
      // The thread's own counts and loop delay come back by message; the main loop is measured apart.
      expect(body.radio_chips.cmt.received).toBeGreaterThan(0);
      expect(body.radio_chips.nrf.acked).toBeGreaterThan(0);
      expect(body.radio_chips.loop_delay_ms.max).toBeGreaterThanOrEqual(0);
      expect(body.radio_chips.main_loop_delay_ms.max).toBeGreaterThanOrEqual(0);
    },
    LONG,
  );

  it(
    'says plainly when the thread crashes, answers silence meanwhile, and restarts it',
    async () => {
      const { live } = env.gateway.ctx.plant;
      const before = radio.threadId;
      radio.injectCrash('boom in the radio thread');
      await until('the crash', () => radio.threadId === undefined || radio.threadId !== before);
      const down = await systemStatus(env.gateway);
      expect(down.nrf_connected).toBe(false);
      expect(down.radio_problems).toEqual([
        expect.stringMatching(
          /^nRF24: the radio thread stopped \(boom in the radio thread\); it restarts in 1 s$/,
        ),
        expect.stringMatching(/^CMT2300A: the radio thread stopped \(boom in the radio thread\)/),
      ]);
      expect(logged.join('')).toMatch(/Radio: the radio thread stopped \(boom in the radio thread\)/);
      await expect(
        radio.transmit({ radio: 'NRF24', frame: new Uint8Array(16), windowMs: 50 }),
      ).resolves.toEqual([]);

      await until('the restart', () => radio.status().cmt.connected && radio.status().nrf.connected);
      expect(radio.threadId).not.toBe(before);
      expect((await systemStatus(env.gateway)).radio_problems).toEqual([]);
      expect(logged.join('')).toMatch(/Radio: the radio thread runs again/);
      // Fresh data from the new thread's plant.
      const restartedAt = env.gateway.ctx.clock.now();
      await until('data after the restart', () =>
        [HM, HMS].every((serial) => live.inverter(serial)!.lastUpdateEpochMs > restartedAt),
      );
    },
    LONG,
  );

  it(
    'leaves no thread behind when the gateway stops',
    async () => {
      expect(threads()).toBeGreaterThan(threadsBefore);
      await env.gateway.ctx.plant.stop();
      expect(radio.threadId).toBeUndefined();
      expect(threads()).toBeLessThanOrEqual(threadsBefore);
    },
    LONG,
  );
});

describe('--radio hardware in its own thread', () => {
  it(
    'brings the devices’ problems back in plain words and stays up',
    async () => {
      const env = await testGateway({ radio: 'hardware' }, { radioThread: 'worker' });
      try {
        await writeFile(join(env.dataDir, 'pin_mapping.json'), await readFile(PROFILES));
        await env.gateway.ctx.config.update('device', (device) => ({ ...device, pinmapping: FCSB_ON_CE1 }));
        await env.gateway.ctx.plant.start();
        const body = await systemStatus(env.gateway);
        expect(body).toMatchObject({ radio_mode: 'hardware', nrf_connected: false, cmt_connected: false });
        // Whatever this host lacks (the FFI, the devices), each chip says it; nothing pretends.
        expect(body.radio_problems).toHaveLength(2);
        expect(body.radio_problems[0]).toMatch(/^nRF24: .*(spidev|unavailable)/);
        expect(body.radio_problems[1]).toMatch(/^CMT2300A: .*(spidev|unavailable)/);
        await env.gateway.ctx.plant.stop();
        expect((env.gateway.ctx.plant.radio as WorkerRadio).threadId).toBeUndefined();
      } finally {
        await env.cleanup();
      }
    },
    LONG,
  );
});

describe('restart back-off of the radio thread', () => {
  it('waits 1 s after the first crash, doubled per crash in a row, at most a minute', () => {
    expect([0, 1, 2, 5, 6, 7, 40].map((crashes) => restartDelayMs(crashes))).toEqual([
      1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
    ]);
    expect([0, 1, 2].map((crashes) => restartDelayMs(crashes, { first: 50, max: 120 }))).toEqual([
      50, 100, 120,
    ]);
  });
});
