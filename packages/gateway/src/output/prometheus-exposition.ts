/**
 * The Prometheus text exposition format 0.0.4: label and HELP escaping, number formatting, and the
 * collector that prints every metric family as one group (HELP, TYPE, then all its samples).
 * Own code rather than prom-client, which cannot write a number with the decimals OpenDTU's families keep
 * and was slower by a measurement (ARCHITECTURE.md, Dependencies).
 */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type MetricType = 'gauge' | 'counter';
export type Labels = readonly (readonly [name: string, value: string])[];

/** Label value escaping of the text format: backslash, double quote and line feed. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** HELP text escaping: backslash and line feed. */
function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** Collects samples per metric family (in first-use order) and prints each family as one group. */
export class Exposition {
  readonly #families = new Map<string, { help: string; type: MetricType; samples: string[] }>();

  add(name: string, help: string, type: MetricType, labels: Labels, value: string): void {
    let family = this.#families.get(name);
    if (!family) {
      family = { help, type, samples: [] };
      this.#families.set(name, family);
    }
    const labelText =
      labels.length === 0 ? '' : `{${labels.map(([k, v]) => `${k}="${escapeLabelValue(v)}"`).join(',')}}`;
    family.samples.push(`${name}${labelText} ${value}`);
  }

  text(): string {
    const lines: string[] = [];
    for (const [name, family] of this.#families) {
      lines.push(
        `# HELP ${name} ${escapeHelp(family.help)}`,
        `# TYPE ${name} ${family.type}`,
        ...family.samples,
      );
    }
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  }
}

/** A number as the text format reads it; `digits` fixes the decimals (`%f` is 6). */
export function num(value: number, digits?: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  return digits === undefined ? String(value) : value.toFixed(digits);
}
