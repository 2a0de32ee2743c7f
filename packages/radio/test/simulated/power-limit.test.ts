/**
 * A virtual inverter follows a new limit as a real one does: the read-back shows it at once, the output
 * holds for the dead time, then ramps at the family's rate (docs/limiter.md).
 */
import { LIMIT_RESPONSE, limitResponseMs } from '@dtu-console/contract';
import { LimitType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { PowerLimit } from '../../src/simulated/power-limit';
import { limitRequest, MIDSUMMER, SERIALS, STARTUP_HZ, setup } from './helpers';

const NOON = MIDSUMMER + 11 * 3_600_000;
const limitCommand = (limitType: LimitType, limit: number) => ({
  kind: 'limit' as const,
  limitType,
  limit,
  wireValue: 0,
  typeWord: 0,
  encoding: undefined,
});

describe('PowerLimit dead time and ramp', () => {
  it('holds, then ramps up at the HM rate and down at the faster rate', () => {
    const { delayMs, rampUpPercentPerS, rampDownPercentPerS } = LIMIT_RESPONSE.NRF24;
    const limit = new PowerLimit(800, 'NRF24');
    limit.set(limitCommand(LimitType.AbsoluteNonPersistent, 200), 0);
    expect(limit.activeW()).toBe(200);
    expect(limit.effectiveW(delayMs)).toBe(800);
    const downMs = (600 / ((rampDownPercentPerS * 800) / 100)) * 1000;
    expect(limit.effectiveW(delayMs + downMs / 2)).toBeCloseTo(500, 6);
    expect(limit.effectiveW(delayMs + downMs)).toBe(200);
    expect(limitResponseMs(LIMIT_RESPONSE.NRF24, 75, false)).toBeCloseTo(delayMs + downMs, 6);

    const t0 = 100_000;
    limit.set(limitCommand(LimitType.AbsoluteNonPersistent, 600), t0);
    const upMs = (400 / ((rampUpPercentPerS * 800) / 100)) * 1000;
    expect(limit.effectiveW(t0 + delayMs)).toBe(200);
    expect(limit.effectiveW(t0 + delayMs + upMs / 4)).toBeCloseTo(300, 6);
    expect(limit.effectiveW(t0 + delayMs + upMs)).toBe(600);
  });

  it('starts a new command from where the output is, mid-ramp', () => {
    const { delayMs } = LIMIT_RESPONSE.CMT;
    const limit = new PowerLimit(2000, 'CMT');
    limit.set(limitCommand(LimitType.AbsoluteNonPersistent, 0), 0);
    const mid = limit.effectiveW(delayMs + 500);
    expect(mid).toBeLessThan(2000);
    expect(mid).toBeGreaterThan(0);
    limit.set(limitCommand(LimitType.AbsoluteNonPersistent, 2000), delayMs + 500);
    expect(limit.effectiveW(2 * delayMs + 500)).toBeCloseTo(mid, 6);
  });

  it('waits longer for a persistent limit', () => {
    const limit = new PowerLimit(800, 'NRF24');
    limit.set(limitCommand(LimitType.RelativePersistent, 50), 0);
    expect(limit.effectiveW(LIMIT_RESPONSE.NRF24.delayMs + 1000)).toBe(800);
    expect(limit.effectiveW(LIMIT_RESPONSE.NRF24.persistentDelayMs + 10_000)).toBe(400);
  });

  it('a virtual HM-800 at noon: output unchanged right after the ack, at the cap after the response time', async () => {
    const HM = SERIALS.HM_2CH;
    const sim = setup({ start: NOON, serials: [HM], settings: { cmtFrequencyHz: STARTUP_HZ } });
    const before = (await sim.dtu.runData(HM))!.ac.power;
    expect(before).toBeGreaterThan(500);
    const request = limitRequest(HM, LimitType.AbsoluteNonPersistent, 200);
    expect(await sim.dtu.control(HM, request)).toBe(true);
    await sim.clock.advance(1000);
    expect((await sim.dtu.runData(HM))!.ac.power).toBeGreaterThan(before - 20);
    await sim.clock.advance(limitResponseMs(LIMIT_RESPONSE.NRF24, 100, false));
    const after = (await sim.dtu.runData(HM))!.ac.power;
    expect(after).toBeLessThanOrEqual(200);
    expect(after).toBeGreaterThan(190);
  });
});
