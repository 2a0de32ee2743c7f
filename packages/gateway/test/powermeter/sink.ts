import type { MeterSource } from '../../src/powermeter/sources/source';
import type { MeterProblem, MeterReading } from '../../src/powermeter/types';

/** Starts a source and keeps what it reports. */
export function collect(source: MeterSource) {
  const readings: MeterReading[] = [];
  const problems: MeterProblem[] = [];
  source.start({ reading: (r) => readings.push(r), problem: (p) => problems.push(p) });
  return { readings, problems };
}

export async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
