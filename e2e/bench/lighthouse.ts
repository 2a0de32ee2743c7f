/**
 * Lighthouse (12.2, the last line that runs on Node 20), mobile preset with simulated throttling, on the
 * live view (`/`, signed out: what a phone on the garden Wi-Fi opens) and the login: median of 3 runs of
 * each. Budgets: performance ≥ 95, accessibility 100, best practices 100; FCP, LCP, TBT and CLS reported
 * beside the scores. Chromium is the system's, started by Playwright with a debugging port Lighthouse
 * drives.
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../chromium';
import { type BenchGateway, freePort } from './lib/gateway';
import type { Result, Section } from './lib/report';
import { median } from './lib/stats';

const RUNS = 3;
const PAGES = ['/', '/login'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
const BUDGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
};
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
] as const;

interface Run {
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** Audits of a category below its budget that failed (their titles). */
  failed: string[];
}

export async function measureLighthouse(gateway: BenchGateway): Promise<Section> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const details = [
    `Lighthouse ${RUNS} runs per page, mobile preset (emulated phone, simulated throttling), median scores ` +
      '(0–100) and metrics (ms; CLS as a ratio). Failed audits of any run are listed below the table.',
    '',
    '| page | performance | accessibility | best practices | FCP | LCP | TBT | CLS |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const results: Result[] = [];
  const failedLines: string[] = [];
  try {
    for (const path of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const answer = await lighthouse(`${gateway.base}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
        const lhr = answer?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
        const scores: Record<string, number> = {};
        const failed: string[] = [];
        for (const category of CATEGORIES) {
          const entry = lhr.categories[category];
          scores[category] = Math.round((entry?.score ?? 0) * 100);
          if (scores[category] < BUDGET[category]) {
            for (const ref of entry?.auditRefs ?? []) {
              const audit = lhr.audits[ref.id];
              if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
                failed.push(`${category}: ${audit.title} (${audit.displayValue ?? audit.score})`);
              }
            }
          }
        }
        const metrics: Record<string, number> = {};
        for (const [id] of METRICS) metrics[id] = lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({ scores, metrics, failed });
      }
      const score = (category: string) => median(runs.map((run) => run.scores[category] ?? 0));
      const metric = (id: string) => median(runs.map((run) => run.metrics[id] ?? Number.NaN));
      details.push(
        `| \`${path}\` | ${CATEGORIES.map((category) => score(category)).join(' | ')} | ` +
          `${METRICS.map(([id]) => (id === 'cumulative-layout-shift' ? metric(id).toFixed(3) : Math.round(metric(id)))).join(' | ')} |`,
      );
      for (const line of new Set(runs.flatMap((run) => run.failed)))
        failedLines.push(`- \`${path}\` ${line}`);
      for (const category of CATEGORIES) {
        results.push({
          name: `\`${path}\`: ${category}, median score`,
          value: score(category),
          unit: 'count',
          budget: { op: '>=', limit: BUDGET[category] },
        });
      }
      for (const [id, short] of METRICS) {
        results.push({
          name: `\`${path}\`: ${short}, median`,
          value: metric(id),
          unit: id === 'cumulative-layout-shift' ? 'ratio' : 'ms',
        });
      }
    }
  } finally {
    await browser.close();
  }
  if (failedLines.length > 0) details.push('', 'Audits that cost points:', '', ...failedLines);
  return { id: 'lighthouse', title: 'Lighthouse (mobile)', details, results };
}
