import { localDateOf } from '@dtu-console/contract/common/format';
import { describe, expect, it } from 'vitest';
import { shiftDay, shiftMonth, zonedTimestamp } from '../../../src/components/history/calendar';

describe('calendar', () => {
  it('shifts days and months across month and year ends', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });

  it("reads the gateway's local date from its time status", () => {
    expect(localDateOf('Sunday, June 21 2026 12:00:06')).toBe('2026-06-21');
    expect(localDateOf('Thursday, January 01 1970 00:00:00')).toBe('1970-01-01');
    expect(localDateOf('--')).toBeNull();
  });

  it('writes UTC as +00:00', () => {
    expect(zonedTimestamp('UTC')(0)).toBe('1970-01-01T00:00+00:00');
  });
});
