/**
 * The feed-in cap and the grid operator's signal in the limiter's loop, on a manual clock against scripted
 * inverters: the export they allow, the stricter-wins rule with zero export, and the fail-safes.
 */
import { LIMIT_RESPONSE, limitResponseMs } from '@dtu-console/contract';
import { describe, expect, it } from 'vitest';
import type { LimiterSettings } from '../../src/powerlimiter/controller';
import { FakeInverter, governed, rig, settingsOf } from './fakes';

const HM = '114172220003';
const HMS = '116683554321';

function plant(hmSun = 700, hmsSun = 1800) {
  return [new FakeInverter(HM, 800, hmSun, 'NRF24'), new FakeInverter(HMS, 2000, hmsSun, 'CMT')] as const;
}

const both = [governed(HM), governed(HMS)];
const gridOf = (r: ReturnType<typeof rig>) => r.controller.status().grid_power ?? Number.NaN;

function capOnly(cap: Partial<LimiterSettings['feed_in_cap']>, more: Partial<LimiterSettings> = {}) {
  const base = settingsOf();
  return settingsOf({
    enabled: false,
    inverters: both,
    feed_in_cap: { ...base.feed_in_cap, enabled: true, ...cap },
    ...more,
  });
}

function signalOn(more: Partial<LimiterSettings> = {}) {
  const base = settingsOf();
  return settingsOf({
    enabled: false,
    inverters: both,
    feed_in_cap: { ...base.feed_in_cap, module_power_wp: 2000 },
    grid_signal: { ...base.grid_signal, enabled: true },
    ...more,
  });
}

describe('feed-in cap', () => {
  it('holds export at the cap (60 % of the module power) with zero export off', async () => {
    const [hm, hms] = plant();
    const r = rig([hm, hms], capOnly({ percent: 60, module_power_wp: 2000 }));
    await r.run(60, 300);
    expect(r.controller.state).toBe('regulating');
    // 2500 W of sun, 300 W of house: 2200 W would go out; 1200 W may.
    expect(gridOf(r)).toBeGreaterThanOrEqual(-1200 - 20);
    expect(gridOf(r)).toBeLessThanOrEqual(-1200 + 20);
    const feedIn = r.controller.status().feed_in;
    expect(feedIn).toMatchObject({ module_power_wp: 2000, cap_w: 1200, export_limit_w: 1200 });
    expect(feedIn.binding).toBe('feed_in_cap');
    // Only non-persistent limits, as for zero export.
    expect(r.controller.status().persistent_commands).toBe(0);
  });

  it('lets the inverters run free below the cap', async () => {
    const [hm, hms] = plant(200, 400);
    const r = rig([hm, hms], capOnly({ percent: 60, module_power_wp: 2000 }));
    await r.run(60, 100);
    // 600 W of sun, 100 W of house: 500 W out, well below 1200 W: all the sun is used.
    expect(hm.outputW + hms.outputW).toBe(600);
    expect(gridOf(r)).toBe(-500);
  });

  it('takes the module power from the strings when none is set, and a cap in W as given', async () => {
    const [hm, hms] = plant();
    const r = rig([hm, hms], capOnly({ percent: 50, module_power_wp: 0 }), { stringsWp: 1600 });
    await r.run(60, 0);
    expect(r.controller.status().feed_in.cap_w).toBe(800);
    expect(Math.abs(gridOf(r) + 800)).toBeLessThanOrEqual(20);
    r.setSettings(capOnly({ mode: 'watts', watts: 450 }));
    await r.run(30, 0);
    expect(r.controller.status().feed_in.cap_w).toBe(450);
    expect(Math.abs(gridOf(r) + 450)).toBeLessThanOrEqual(20);
  });

  it('with zero export on, the stricter of the two wins', async () => {
    const [hm, hms] = plant();
    // Zero export allows 500 W out; the cap 300 W: the cap wins.
    const r = rig(
      [hm, hms],
      settingsOf({
        target_power_consumption: -500,
        inverters: both,
        feed_in_cap: { enabled: true, mode: 'watts', percent: 60, watts: 300, module_power_wp: 0 },
      }),
    );
    await r.run(60, 400);
    expect(Math.abs(gridOf(r) + 300)).toBeLessThanOrEqual(20);
    expect(r.controller.status().feed_in.binding).toBe('feed_in_cap');
    // Zero export at 0 W is stricter than a 300 W cap.
    r.setSettings(
      settingsOf({
        target_power_consumption: 0,
        inverters: both,
        feed_in_cap: { enabled: true, mode: 'watts', percent: 60, watts: 300, module_power_wp: 0 },
      }),
    );
    await r.run(60, 400);
    expect(Math.abs(gridOf(r))).toBeLessThanOrEqual(20);
    expect(r.controller.status().feed_in.binding).toBe('zero_export');
  });

  it('without a valid reading caps the total production at the cap, from the start and when the meter is lost', async () => {
    const [hm, hms] = plant();
    const r = rig([hm, hms], capOnly({ mode: 'watts', watts: 900 }));
    await r.run(10, null);
    expect(r.controller.state).toBe('waiting_for_meter');
    expect(hm.limitW + hms.limitW).toBeCloseTo(900, -1);
    expect(r.controller.status().feed_in.production_cap_w).toBe(900);
    await r.run(60, 200);
    expect(r.controller.status().feed_in.production_cap_w).toBeNull();
    expect(hm.outputW + hms.outputW).toBeGreaterThan(1000);
    await r.run(12, null);
    expect(r.controller.state).toBe('fallback');
    expect(hm.limitW + hms.limitW).toBeCloseTo(900, -1);
    // With zero export on too, the lower of base load and cap holds.
    r.setSettings({ ...capOnly({ mode: 'watts', watts: 900 }), enabled: true, base_load_limit: 400 });
    await r.run(3, null);
    expect(hm.limitW + hms.limitW).toBeCloseTo(400, -1);
    expect(r.controller.status().feed_in.production_cap_w).toBe(400);
  });

  it('switched off again: inverters get their maximum back', async () => {
    const [hm, hms] = plant();
    const r = rig([hm, hms], capOnly({ mode: 'watts', watts: 500 }));
    await r.run(60, 0);
    expect(hms.limitW).toBeLessThan(2000);
    r.setSettings(settingsOf({ enabled: false, inverters: both }));
    await r.run(2, 0);
    expect(r.controller.state).toBe('off');
    expect(hms.sent.at(-1)).toEqual({ value: 100, relative: true });
  });
});

describe('grid signal', () => {
  it('sends nothing before the signal is known after a start', async () => {
    const [hm, hms] = plant();
    const r = rig([hm, hms], signalOn());
    await r.run(30, 300);
    expect(r.controller.state).toBe('waiting_for_signal');
    expect(hm.sent.length + hms.sent.length).toBe(0);
    r.signal.set(60);
    await r.run(30, 300);
    expect(r.controller.state).toBe('regulating');
    expect(Math.abs(gridOf(r) + 1200)).toBeLessThanOrEqual(20);
    expect(r.controller.status().feed_in).toMatchObject({ signal_w: 1200, binding: 'grid_signal' });
  });

  it('a step down takes effect within 2 response times + 1 s, acted on at once', async () => {
    const [hm, hms] = plant();
    const r = rig([hm, hms], signalOn());
    r.signal.set(100);
    await r.run(60, 300);
    // 100 % of 2000 Wp: 2000 W may go out, the sun gives 2500 W, the house takes 300.
    expect(Math.abs(gridOf(r) + 2000)).toBeLessThanOrEqual(20);
    r.signal.set(30);
    const budgetMs = 2 * limitResponseMs(LIMIT_RESPONSE.NRF24, 100, false) + 1000;
    const start = r.clock.now();
    let settledAt: number | undefined;
    while (r.clock.now() - start < budgetMs + 5000) {
      await r.run(1, 300);
      if (settledAt === undefined && gridOf(r) >= -600 - 20) settledAt = r.clock.now();
    }
    expect(settledAt).toBeDefined();
    expect(settledAt! - start).toBeLessThanOrEqual(budgetMs);
    expect(Math.abs(gridOf(r) + 600)).toBeLessThanOrEqual(20);
  });

  it('the strictest of signal, cap and zero export wins', async () => {
    const [hm, hms] = plant();
    const base = signalOn();
    const r = rig([hm, hms], {
      ...base,
      enabled: true,
      target_power_consumption: -1500,
      feed_in_cap: { ...base.feed_in_cap, enabled: true, percent: 50 },
    });
    r.signal.set(60);
    await r.run(60, 200);
    // Zero export 1500 W, signal 1200 W, cap 1000 W: the cap.
    expect(r.controller.status().feed_in).toMatchObject({ export_limit_w: 1000, binding: 'feed_in_cap' });
    expect(Math.abs(gridOf(r) + 1000)).toBeLessThanOrEqual(20);
    r.signal.set(0);
    await r.run(20, 200);
    expect(r.controller.status().feed_in).toMatchObject({ export_limit_w: 0, binding: 'grid_signal' });
    expect(Math.abs(gridOf(r))).toBeLessThanOrEqual(20);
  });

  it('a lost source keeps the last step', async () => {
    const [hm, hms] = plant();
    const r = rig([hm, hms], signalOn());
    r.signal.set(30);
    await r.run(60, 300);
    r.signal.lose('No signal for 5 minutes');
    await r.run(60, 300);
    const feedIn = r.controller.status().feed_in;
    expect(feedIn.grid_signal.lost).toBe(true);
    expect(feedIn.export_limit_w).toBe(600);
    expect(Math.abs(gridOf(r) + 600)).toBeLessThanOrEqual(20);
  });
});
