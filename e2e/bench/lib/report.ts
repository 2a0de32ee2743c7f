/** What each measurement hands the runner, and the report it writes (Markdown and JSON). */
import { cpus, loadavg } from 'node:os';

export interface Budget {
  /** The result passes when `value <op> limit`. */
  op: '<=' | '<' | '>=';
  limit: number;
}

export interface Result {
  name: string;
  value: number;
  unit: 'KB' | 'ms' | 'req/s' | 'MB' | '%' | 'ratio' | 'count';
  budget?: Budget;
}

export interface Section {
  id: string;
  title: string;
  results: Result[];
  /** Markdown lines with details (tables, conditions). */
  details: string[];
}

export function passes(result: Result): boolean {
  const { budget, value } = result;
  if (!budget) return true;
  if (!Number.isFinite(value)) return false;
  if (budget.op === '<=') return value <= budget.limit;
  if (budget.op === '<') return value < budget.limit;
  return value >= budget.limit;
}

function shown(value: number, unit: Result['unit']): string {
  if (!Number.isFinite(value)) return 'n/a';
  const digits = unit === 'KB' || unit === 'MB' || unit === '%' ? 1 : unit === 'ratio' ? 2 : 0;
  const number = value.toFixed(digits);
  return unit === 'ratio' || unit === 'count' ? number : `${number} ${unit}`;
}

export interface Environment {
  startedAt: string;
  node: string;
  cpus: number;
  cpuModel: string;
  loadBefore: number[];
  loadAfter?: number[];
}

export function environment(): Environment {
  return {
    startedAt: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadBefore: loadavg(),
  };
}

export function markdown(env: Environment, sections: Section[], failures: string[]): string {
  const load = (l: number[] | undefined) => (l ? l.map((x) => x.toFixed(2)).join(' / ') : '?');
  const lines = [
    '# dtu-console bench report',
    '',
    `${env.startedAt} · Node ${env.node} · ${env.cpus} × ${env.cpuModel}`,
    `Load average (1 / 5 / 15 min) before: ${load(env.loadBefore)}, after: ${load(env.loadAfter)}.`,
    'Timings are wall-clock on this machine: other work on it (a load average above its core count) makes them pessimistic.',
    '',
    '| measurement | value | budget | |',
    '|---|---|---|---|',
  ];
  for (const section of sections) {
    for (const result of section.results) {
      const budget = result.budget ? `${result.budget.op} ${shown(result.budget.limit, result.unit)}` : '';
      const verdict = result.budget ? (passes(result) ? 'ok' : '**FAIL**') : '';
      lines.push(
        `| ${section.title}: ${result.name} | ${shown(result.value, result.unit)} | ${budget} | ${verdict} |`,
      );
    }
  }
  lines.push('');
  if (failures.length > 0) lines.push(`**${failures.length} budget(s) failed.**`, '');
  for (const section of sections) {
    if (section.details.length === 0) continue;
    lines.push(`## ${section.title}`, '', ...section.details, '');
  }
  return `${lines.join('\n')}\n`;
}
