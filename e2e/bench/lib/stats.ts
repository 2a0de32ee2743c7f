/** Percentiles and formatting for the bench report. */

/** The p-th percentile (0..100) by nearest rank; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export const KB = 1024;
export const MB = 1024 * 1024;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
