/**
 * The gateway's test clock: playwright.config.ts starts the gateway with `--test-clock`, so a spec moves
 * simulated time with POST /api/test/clock instead of waiting for it. Every timer due in the span runs at
 * its own moment (the poll cycle and the simulated inverters, the history's minute writer, the alert
 * windows, the power limiter), so what a spec sees is what those minutes would have brought.
 *
 * The one gateway is shared by every spec and starts at a summer noon: advance minutes, not hours, so the
 * plant stays in daylight for the specs after this one.
 */
import { type APIRequestContext, expect } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USER } from './session';

const admin = { authorization: `Basic ${Buffer.from(`${ADMIN_USER}:${ADMIN_PASSWORD}`).toString('base64')}` };

/** Moves the gateway clock forward by `ms` of simulated time; resolves once every timer due has run. */
export async function advanceClock(request: APIRequestContext, ms: number): Promise<void> {
  const answer = await request.post('/api/test/clock', {
    headers: admin,
    form: { data: JSON.stringify({ advance_ms: ms }) },
  });
  expect(answer.status(), 'the gateway runs without --test-clock').toBe(200);
  expect((await answer.json()).code).toBe(31001);
}

/**
 * Asks `probe`, then advances `stepMs` and asks again, until it answers something truthy or `maxMs` of
 * simulated time have passed; returns the last answer for the spec to assert on.
 */
export async function advanceUntil<T>(
  request: APIRequestContext,
  { stepMs, maxMs }: { stepMs: number; maxMs: number },
  probe: () => Promise<T>,
): Promise<T> {
  let answer = await probe();
  for (let advanced = 0; !answer && advanced < maxMs; advanced += stepMs) {
    await advanceClock(request, stepMs);
    answer = await probe();
  }
  return answer;
}
