/**
 * The cost of one render of the live view's first paint (docs/console.md, First paint), as the gateway pays
 * it for a page of `/` whose snapshot is not cached: the built console's SSR bundle loaded by the gateway's
 * own loader, given the snapshot a real gateway serves (the two inverters of a first start) and each
 * language's first-load texts. Every render gets a snapshot of its own (the total power differs), so the
 * renderer's cache never answers. Median and p95 over RENDERS renders per language, after WARM_UP renders
 * that are not counted (module and JIT warm-up), against the budgets below. Was a micro-benchmark inside
 * the unit tests until it moved here: a unit test states what a render contains, the bench what it costs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE_LANGUAGES, type LivedataStatus } from '@dtu-console/contract';
import { consoleTextsReader } from '../../packages/gateway/src/http/console-language';
import { loadFirstPaintRenderer } from '../../packages/gateway/src/http/first-paint/renderer';
import { type BenchGateway, root } from './lib/gateway';
import type { Result, Section } from './lib/report';
import { median, percentile } from './lib/stats';

const WARM_UP = 20;
const RENDERS = 200;
/**
 * A render the gateway pays at most once per language and snapshot (a few times a minute on a busy
 * plant); a Raspberry Pi 4 is roughly three times slower than this machine, and the page must still leave
 * well inside the 100 ms a first byte may take on the garden Wi-Fi link (first-value.ts).
 */
const BUDGET_MEDIAN_MS = 10;
const BUDGET_P95_MS = 25;

export async function measureFirstPaintRender(gateway: BenchGateway): Promise<Section> {
  const dist = join(root, 'packages/web/dist');
  const problems: string[] = [];
  const renderer = await loadFirstPaintRenderer(dist, {
    warn: (_object, message) => problems.push(message),
  });
  if (!renderer) throw new Error(`first-paint render: ${problems.join('; ') || 'no renderer'}`);
  const status = (await gateway.get('/api/livedata/status')) as LivedataStatus;
  if (status.inverters.length === 0) throw new Error('first-paint render: the gateway reports no inverter');
  const texts = consoleTextsReader();
  const indexBytes = readFileSync(join(dist, 'index.html')).length;

  const results: Result[] = [];
  const details = [
    `The snapshot of a real gateway (${status.inverters.length} inverters), ${WARM_UP} renders not counted, then ${RENDERS} renders per language with a snapshot each (no cache hit), timed with performance.now() around the gateway's render call.`,
    '',
    '| language | median | p95 | max | markup |',
    '|---|---|---|---|---|',
  ];
  let sequence = 0;
  for (const language of CONSOLE_LANGUAGES) {
    const textsJson = texts(language);
    if (textsJson === null) throw new Error(`first-paint render: no first-load texts for ${language}`);
    const times: number[] = [];
    let markupBytes = 0;
    for (let i = 0; i < WARM_UP + RENDERS; i++) {
      sequence += 1;
      const changed = { ...status, total: { ...status.total, Power: { v: sequence / 10, u: 'W', d: 1 } } };
      const changedJson = JSON.stringify(changed);
      const started = performance.now();
      const markup = renderer.render(language, textsJson, changed, changedJson);
      const took = performance.now() - started;
      // What the old unit test checked as well: a render shows the totals and the first inverter.
      if (
        markup === null ||
        !markup.includes('data-testid="total-power"') ||
        !markup.includes('inverter-panel')
      ) {
        throw new Error(
          `first-paint render: ${language} did not render the live view (${problems.join('; ')})`,
        );
      }
      markupBytes = Buffer.byteLength(markup);
      if (i >= WARM_UP) times.push(took);
    }
    const med = median(times);
    const p95 = percentile(times, 95);
    results.push(
      {
        name: `render ${language}, median`,
        value: med,
        unit: 'ms',
        budget: { op: '<=', limit: BUDGET_MEDIAN_MS },
      },
      { name: `render ${language}, p95`, value: p95, unit: 'ms', budget: { op: '<=', limit: BUDGET_P95_MS } },
    );
    details.push(
      `| ${language} | ${med.toFixed(2)} ms | ${p95.toFixed(2)} ms | ${Math.max(...times).toFixed(2)} ms | ${markupBytes} B (page shell ${indexBytes} B) |`,
    );
  }
  return { id: 'first-paint-render', title: 'First paint: render cost on the gateway', results, details };
}
