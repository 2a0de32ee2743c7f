/** The host facts a metrics render needs, for tests that read only the live values. */
import type { GlobalFacts } from '../../src/output/prometheus';

/** Placeholder facts (no assertion of those tests reads them); `patch` replaces whole keys. */
export function globalFacts(patch: Partial<GlobalFacts> = {}): GlobalFacts {
  return {
    hostname: 'h',
    gitHash: 'g',
    configVersion: '1',
    arch: 'a',
    mac: 'm',
    uptimeS: 1,
    heap: { size: 1, free: 1, biggestBlock: 1, minFree: 1 },
    wifi: { rssi: 0, bssid: '' },
    ...patch,
  };
}
