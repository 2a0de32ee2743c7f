import { describe, expect, it } from 'vitest';
import { gatewayChipId, SERVICE_DATA_DIR } from '../../src/config/identity';

describe('gatewayChipId', () => {
  it("keeps the host's chip id in the service's data directory", () => {
    expect(gatewayChipId(SERVICE_DATA_DIR, 0x1a2b3c)).toBe(0x1a2b3c);
    expect(gatewayChipId(`${SERVICE_DATA_DIR}/`, 0x1a2b3c)).toBe(0x1a2b3c);
  });

  it('gives every other data directory on the host its own, stable 24-bit chip id', () => {
    const ids = ['/srv/dtu/roof-a', '/srv/dtu/roof-b', '/srv/dtu/roof-c'].map((dir) =>
      gatewayChipId(dir, 0x1a2b3c),
    );
    expect(new Set([0x1a2b3c, ...ids]).size).toBe(4);
    expect(ids.every((id) => id >= 0 && id < 2 ** 24)).toBe(true);
    expect(gatewayChipId('/srv/dtu/roof-a', 0x1a2b3c)).toBe(ids[0]);
    expect(gatewayChipId('/srv/dtu/roof-a', 0x000001)).not.toBe(ids[0]);
  });
});
