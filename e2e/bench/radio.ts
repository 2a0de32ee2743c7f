/**
 * `--radio model` under load: 10 inverters through the real drivers and the chip models, which run in the
 * radio thread (packages/radio/src/worker/). Two gateways from the same start: one left alone, one with 500
 * live WebSocket clients and REST at saturation from its first poll on, so each one's loop-delay figures
 * (monitorEventLoopDelay since start, from /api/system/status) belong to one condition only. Reports the
 * poll cycle (time between two run-data samples of one inverter), the fragments the CMT2300A lost to FIFO
 * overruns, and how late the radio thread's loop and the main loop ran.
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type BenchGateway, configurePlant, startGateway } from './lib/gateway';
import { LiveClients, readSamples } from './lib/live-clients';
import type { Result, Section } from './lib/report';
import { median, percentile, sleep } from './lib/stats';

const WINDOW_MS = Number(process.env.BENCH_RADIO_MS ?? 30_000);
/** Every inverter answers its first polls (device info, limits) before the window. */
const WARM_UP_MS = 20_000;
const CLIENTS = 500;
/** About the CMT2300A's time to read its one-packet FIFO before the next fragment lands (docs/hardware.md). */
const RADIO_LOOP_P99_MS = 10;
/** The poll cycle under load may be this much longer than alone (median). */
const POLL_CYCLE_GROWTH_PERCENT = 5;
const cli = join(dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

interface LoopDelay {
  p99: number;
  max: number;
}

interface RadioStatus {
  radio_chips?: {
    cmt?: { fifo_overruns: number };
    loop_delay_ms?: LoopDelay;
    main_loop_delay_ms?: LoopDelay;
  };
}

interface Phase {
  /** Poll cycles within the window, ms. */
  cycles: number[];
  /** Since start. */
  overruns: number;
  radioLoop: LoopDelay;
  mainLoop: LoopDelay;
}

/** Milliseconds between consecutive samples of the same inverter, within [from, to). */
function cycles(file: string, from: number, to: number): number[] {
  const last = new Map<string, number>();
  const gaps: number[] = [];
  for (const sample of readSamples(file)) {
    if (sample.at < from || sample.at >= to) continue;
    const before = last.get(sample.serial);
    if (before !== undefined) gaps.push(sample.at - before);
    last.set(sample.serial, sample.at);
  }
  return gaps;
}

function saturate(url: string, seconds: number): Promise<void> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, '-c', '10', '-d', String(seconds), url], () => resolve());
  });
}

const NO_DELAY: LoopDelay = { p99: Number.NaN, max: Number.NaN };

/** One gateway: configured, warmed up and measured over the window, with `load` running from the start. */
async function phase(load?: (gateway: BenchGateway) => Promise<() => Promise<void>>): Promise<Phase> {
  const sampleLog = join(tmpdir(), `dtu-bench-radio-${process.pid}-${load ? 'load' : 'idle'}.log`);
  const gateway = await startGateway({ args: ['--radio', 'model'], env: { BENCH_SAMPLE_LOG: sampleLog } });
  try {
    await configurePlant(gateway, 10);
    const stopLoad = await load?.(gateway);
    await sleep(WARM_UP_MS);
    const status = async () => (await gateway.get('/api/system/status')) as RadioStatus;
    const from = Date.now();
    await sleep(WINDOW_MS);
    const to = Date.now();
    const after = await status();
    await stopLoad?.();
    return {
      cycles: cycles(sampleLog, from, to),
      overruns: after.radio_chips?.cmt?.fifo_overruns ?? Number.NaN,
      radioLoop: after.radio_chips?.loop_delay_ms ?? NO_DELAY,
      mainLoop: after.radio_chips?.main_loop_delay_ms ?? NO_DELAY,
    };
  } finally {
    await gateway.stop();
    rmSync(sampleLog, { force: true });
  }
}

/** 500 live clients and autocannon on the status list, until the returned function ends them. */
async function busy(gateway: BenchGateway): Promise<() => Promise<void>> {
  const clients = await LiveClients.open(`${gateway.base.replace('http', 'ws')}/livedata`, CLIENTS);
  const saturated = saturate(`${gateway.base}/api/livedata/status`, (WARM_UP_MS + WINDOW_MS) / 1000);
  return async () => {
    await saturated;
    await clients.close();
  };
}

export async function measureRadio(): Promise<Section> {
  const idle = await phase();
  const loaded = await phase(busy);
  const idleCycle = median(idle.cycles);
  const loadCycle = median(loaded.cycles);
  const delays = (label: string, phase: Phase): Result[] => [
    {
      name: `radio thread loop delay ${label} (p99)`,
      value: phase.radioLoop.p99,
      unit: 'ms',
      ...(label === 'under load' ? { budget: { op: '<=', limit: RADIO_LOOP_P99_MS } } : {}),
    },
    { name: `radio thread loop delay ${label} (max)`, value: phase.radioLoop.max, unit: 'ms' },
    { name: `main loop delay ${label} (p99)`, value: phase.mainLoop.p99, unit: 'ms' },
    { name: `main loop delay ${label} (max)`, value: phase.mainLoop.max, unit: 'ms' },
  ];
  return {
    id: 'radio',
    title: 'Radio through the chip models under load',
    details: [
      `\`--radio model\`, 10 inverters (the bench plant: the HMS-2000-4T on the CMT2300A, nine HM on the nRF24, polled at 1 Hz); ` +
        'drivers, chip models, virtual air and virtual inverters in the radio thread. Two gateways: one alone, one with ' +
        `${CLIENTS} live WebSocket clients and autocannon (10 connections) on /api/livedata/status from its first poll on; ` +
        `each measured over ${WINDOW_MS / 1000} s after ${WARM_UP_MS / 1000} s of warm-up. Poll cycle: time between two ` +
        'run-data samples of one inverter. Loop delay: how late each loop ran since its start (monitorEventLoopDelay, ' +
        'net of its 10 ms sampling interval): the radio thread, where the drivers run, and the main thread, where the ' +
        'engine, HTTP and the sockets run.',
    ],
    results: [
      { name: 'poll cycle idle (median)', value: idleCycle, unit: 'ms' },
      { name: 'poll cycle under load (median)', value: loadCycle, unit: 'ms' },
      { name: 'poll cycle under load (p95)', value: percentile(loaded.cycles, 95), unit: 'ms' },
      {
        name: 'poll cycle under load vs idle (median)',
        value: (loadCycle / idleCycle - 1) * 100,
        unit: '%',
        budget: { op: '<=', limit: POLL_CYCLE_GROWTH_PERCENT },
      },
      { name: 'CMT FIFO overruns idle', value: idle.overruns, unit: 'count' },
      {
        name: 'CMT FIFO overruns under load',
        value: loaded.overruns,
        unit: 'count',
        budget: { op: '<=', limit: 0 },
      },
      ...delays('idle', idle),
      ...delays('under load', loaded),
    ],
  };
}
