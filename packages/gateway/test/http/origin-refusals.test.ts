import { ManualClock } from '@dtu-console/clock';
import { describe, expect, it } from 'vitest';
import { OriginRefusals, REFUSAL_LOG_INTERVAL_MS } from '../../src/http/origin-refusals';

function refusals() {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  const warnings: string[] = [];
  const tracker = new OriginRefusals({
    clock,
    log: { warn: (line: string) => warnings.push(line) } as never,
  });
  return { clock, warnings, tracker };
}

describe('OriginRefusals', () => {
  it('counts every refusal per kind, from 0', () => {
    const { tracker } = refusals();
    expect(tracker.counts()).toEqual({ api: 0, websocket: 0 });
    tracker.refused('api', 'http://evil.example', 'POST /api/power/config');
    tracker.refused('api', 'http://evil.example', 'POST /api/power/config');
    tracker.refused('websocket', 'http://evil.example', 'GET /console');
    expect(tracker.counts()).toEqual({ api: 2, websocket: 1 });
  });

  it('logs once per origin and hour', async () => {
    const { clock, warnings, tracker } = refusals();
    tracker.refused('api', 'http://evil.example', 'POST /api/power/config');
    tracker.refused('websocket', 'http://evil.example', 'GET /console');
    tracker.refused('api', 'http://other.example', 'POST /api/dtu/config');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('http://evil.example');
    expect(warnings[0]).toContain('POST /api/power/config');
    expect(warnings[1]).toContain('http://other.example');
    await clock.advance(REFUSAL_LOG_INTERVAL_MS - 1);
    tracker.refused('api', 'http://evil.example', 'POST /api/power/config');
    expect(warnings).toHaveLength(2);
    await clock.advance(1);
    tracker.refused('api', 'http://evil.example', 'POST /api/power/config');
    expect(warnings).toHaveLength(3);
  });

  it('stays bounded under a flood of origin names and still logs new ones', () => {
    const { warnings, tracker } = refusals();
    for (let i = 0; i < 1000; i += 1) tracker.refused('api', `http://n${i}.example`, 'POST /api/x');
    expect(warnings).toHaveLength(1000);
    expect(tracker.counts().api).toBe(1000);
  });
});
