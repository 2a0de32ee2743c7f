/**
 * `--radio model` under load: 10 inverters through the real drivers and the chip models, first alone, then
 * with 500 live WebSocket clients and REST at saturation. Reports the poll cycle (time between two run-data
 * samples of one inverter), the fragments the CMT2300A lost to FIFO overruns, and the worst delay of the
 * event loop the drivers run on (monitorEventLoopDelay, from /api/system/status).
 */
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { configurePlant, startGateway } from './lib/gateway';
import { LiveClients, readSamples } from './lib/live-clients';
import type { Section } from './lib/report';
import { median, percentile, sleep } from './lib/stats';

const WINDOW_MS = Number(process.env.BENCH_RADIO_MS ?? 30_000);
const CLIENTS = 500;
const cli = join(dirname(createRequire(import.meta.url).resolve('autocannon/package.json')), 'autocannon.js');

interface RadioStatus {
  radio_chips?: { cmt?: { fifo_overruns: number }; loop_delay_ms?: { p99: number; max: number } };
}

/** Seconds between consecutive samples of the same inverter, within [from, to). */
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

export async function measureRadio(): Promise<Section> {
  const sampleLog = join(tmpdir(), `dtu-bench-radio-${process.pid}.log`);
  const gateway = await startGateway({ args: ['--radio', 'model'], env: { BENCH_SAMPLE_LOG: sampleLog } });
  try {
    await configurePlant(gateway, 10);
    await sleep(20_000);
    const status = async () => (await gateway.get('/api/system/status')) as RadioStatus;
    const idleFrom = Date.now();
    const before = await status();
    await sleep(WINDOW_MS);
    const idleTo = Date.now();
    const mid = await status();
    const clients = await LiveClients.open(`${gateway.base.replace('http', 'ws')}/livedata`, CLIENTS);
    const loadFrom = Date.now();
    await saturate(`${gateway.base}/api/livedata/status`, WINDOW_MS / 1000);
    const loadTo = Date.now();
    const after = await status();
    await clients.close();
    const idle = cycles(sampleLog, idleFrom, idleTo);
    const load = cycles(sampleLog, loadFrom, loadTo);
    const overruns = (s: RadioStatus) => s.radio_chips?.cmt?.fifo_overruns ?? 0;
    const overrunsIdle = overruns(mid) - overruns(before);
    const overrunsLoad = overruns(after) - overruns(mid);
    const loop = after.radio_chips?.loop_delay_ms ?? { p99: Number.NaN, max: Number.NaN };
    return {
      id: 'radio',
      title: 'Radio through the chip models under load',
      details: [
        `\`--radio model\`, 10 inverters (the bench plant: the HMS-2000-4T on the CMT2300A, nine HM on the nRF24, polled at 1 Hz), ${WINDOW_MS / 1000} s idle, ` +
          `then ${WINDOW_MS / 1000} s with ${CLIENTS} live WebSocket clients and autocannon (10 connections) on ` +
          '/api/livedata/status. Poll cycle: time between two run-data samples of one inverter. Loop delay: ' +
          'monitorEventLoopDelay of the gateway process since the radio started.',
      ],
      results: [
        { name: 'poll cycle idle (median)', value: median(idle), unit: 'ms' },
        { name: 'poll cycle under load (median)', value: median(load), unit: 'ms' },
        { name: 'poll cycle under load (p95)', value: percentile(load, 95), unit: 'ms' },
        { name: 'CMT FIFO overruns idle', value: overrunsIdle, unit: 'count' },
        {
          name: 'CMT FIFO overruns under load',
          value: overrunsLoad,
          unit: 'count',
          budget: { op: '<=', limit: 0 },
        },
        { name: 'event loop delay p99', value: loop.p99, unit: 'ms' },
        { name: 'event loop delay max', value: loop.max, unit: 'ms' },
      ],
    };
  } finally {
    await gateway.stop();
    rmSync(sampleLog, { force: true });
  }
}
