/**
 * `npm run bench`: builds the console, runs every measurement against real gateway processes and writes
 * `bench/out/bench-report.md` and `bench/out/bench-report.json`; exits with 1 when a budget fails.
 * BENCH_ONLY=bytes,first-value,first-paint-render,lighthouse,live-latency,fanout,rest,rss,scale,radio,limiter,battery,install runs a part.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureBattery } from './battery';
import { measureConsoleBytes } from './console-bytes';
import { measureFanout } from './fanout';
import { measureFirstPaintRender } from './first-paint-render';
import { measureFirstValue } from './first-value';
import { measureInstall } from './install';
import { configurePlant, root, startGateway } from './lib/gateway';
import { environment, markdown, passes, type Section } from './lib/report';
import { sleep } from './lib/stats';
import { measureLighthouse } from './lighthouse';
import { measureLimiter } from './limiter';
import { measureLiveLatency } from './live-latency';
import { measureRadio } from './radio';
import { measureRest } from './rest';
import { measureRss } from './rss';
import { measureScale } from './scale';

const out = fileURLToPath(new URL('./out/', import.meta.url));
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());
const wanted = (id: string) => !only || only.includes(id);

async function main(): Promise<void> {
  execFileSync('node', [join(root, 'scripts/ensure-build.mjs')], { stdio: 'inherit' });
  const env = environment();
  const sections: Section[] = [];
  const step = async (id: string, run: () => Promise<Section>) => {
    if (!wanted(id)) return;
    console.log(`bench: ${id}…`);
    const section = await run();
    sections.push(section);
    for (const result of section.results) {
      console.log(
        `  ${result.name}: ${Number.isFinite(result.value) ? result.value.toFixed(2) : result.value} ${result.unit}${result.budget ? (passes(result) ? ' ok' : ' FAIL') : ''}`,
      );
    }
  };

  // The console as the first start serves it (two inverters): bytes and time to first value.
  if (wanted('bytes') || wanted('first-value') || wanted('first-paint-render')) {
    const gateway = await startGateway();
    try {
      if (wanted('bytes') || wanted('first-value')) {
        const measured = await measureConsoleBytes(gateway);
        if (wanted('bytes')) sections.push(measured.section);
        await step('first-value', () => measureFirstValue(gateway, measured.firstLoads));
      }
      // In this process, with the snapshot this gateway serves: what one uncached render of / costs.
      await step('first-paint-render', () => measureFirstPaintRender(gateway));
    } finally {
      await gateway.stop();
    }
  }
  // A gateway of its own: the loads before would leave its caches warmer than a phone finds them.
  if (wanted('lighthouse')) {
    const gateway = await startGateway();
    try {
      await step('lighthouse', () => measureLighthouse(gateway));
    } finally {
      await gateway.stop();
    }
  }

  // The bench plant: 10 inverters at 1 Hz, its radio samples logged for the latency measurements.
  if (wanted('live-latency') || wanted('fanout') || wanted('rest')) {
    const sampleLog = join(tmpdir(), `dtu-bench-samples-${process.pid}.log`);
    const gateway = await startGateway({ env: { BENCH_SAMPLE_LOG: sampleLog } });
    try {
      await configurePlant(gateway, 10);
      // Every inverter answers its first polls (device info, limits) before the measurements.
      await sleep(20_000);
      await step('live-latency', () => measureLiveLatency(gateway, sampleLog));
      await step('fanout', () => measureFanout(gateway, sampleLog));
      await step('rest', () => measureRest(gateway));
    } finally {
      await gateway.stop();
      rmSync(sampleLog, { force: true });
    }
  }
  await step('rss', () => measureRss());
  // 10, 50 and 100 inverters, a gateway each.
  await step('scale', () => measureScale());
  await step('radio', () => measureRadio());
  // The power limiter over a simulated day, in-process on a ManualClock (no gateway process).
  await step('limiter', () => measureLimiter());
  // The limiter with a battery over two simulated days, in-process too.
  await step('battery', () => measureBattery());
  // The owner's npm package: packed, installed from the registry, started at 1/8 of a core.
  await step('install', () => measureInstall());

  env.loadAfter = loadavg();
  const failures = sections.flatMap((section) =>
    section.results.filter((result) => !passes(result)).map((result) => `${section.title}: ${result.name}`),
  );
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'bench-report.md'), markdown(env, sections, failures));
  writeFileSync(
    join(out, 'bench-report.json'),
    `${JSON.stringify({ environment: env, sections, failures }, (_key, value) => (value === Number.POSITIVE_INFINITY ? 'Infinity' : value), 2)}\n`,
  );
  console.log(`\nbench: report in ${join(out, 'bench-report.md')}`);
  if (failures.length > 0) {
    console.log(`bench: ${failures.length} budget(s) failed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

await main();
