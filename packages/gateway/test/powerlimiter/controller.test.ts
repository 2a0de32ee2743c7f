/** The limiter's loop against scripted inverters and a meter set by hand: regulation and every fail-safe. */
import { LIMIT_RESPONSE } from '@dtu-console/contract';
import { describe, expect, it } from 'vitest';
import { InverterCommands } from '../../src/powerlimiter/inverter-commands';
import { FakeInverter, governed, rig, settingsOf } from './fakes';

const HM = '114172220003';
const HMS = '116683554321';

function plant(hmSun = 700, hmsSun = 1800) {
  return [new FakeInverter(HM, 800, hmSun, 'NRF24'), new FakeInverter(HMS, 2000, hmsSun, 'CMT')];
}

const gridOf = (r: ReturnType<typeof rig>) => r.controller.status().grid_power ?? Number.NaN;

describe('regulation', () => {
  it('brings the grid power to the target within the hysteresis, with only non-persistent limits', async () => {
    const [hm, hms] = plant();
    const r = rig([hm!, hms!], settingsOf({ inverters: [governed(HM), governed(HMS)] }));
    await r.run(60, 1000);
    expect(r.controller.state).toBe('regulating');
    expect(Math.abs(gridOf(r))).toBeLessThanOrEqual(20);
    expect(hm!.outputW + hms!.outputW).toBeCloseTo(1000, -2);
    expect(r.controller.status().persistent_commands).toBe(0);
    const status = r.controller.status();
    expect(status.inverters.map((i) => i.commands_last_hour).every((n) => n >= 1 && n < 10)).toBe(true);
  });

  it('does not judge a command before the inverter had time to follow it', async () => {
    const [hm, hms] = plant();
    const r = rig([hm!, hms!], settingsOf({ inverters: [governed(HM), governed(HMS)] }));
    const times: number[] = [];
    const send = hms!.sent.push.bind(hms!.sent);
    hms!.sent.push = (...items) => {
      times.push(r.clock.now());
      return send(...items);
    };
    await r.run(20, 300);
    await r.run(60, 2300);
    for (let i = 1; i < times.length; i++) {
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(LIMIT_RESPONSE.CMT.delayMs);
    }
  });

  it('gives a sun-limited inverter no more than it produces; the other covers the rest', async () => {
    const [hm, hms] = plant(100, 1800);
    const r = rig([hm!, hms!], settingsOf({ inverters: [governed(HM), governed(HMS)] }));
    await r.run(90, 1500);
    expect(Math.abs(gridOf(r))).toBeLessThanOrEqual(20);
    expect(hm!.limitW).toBeLessThanOrEqual(100 + 40);
    expect(hms!.outputW).toBeGreaterThan(1350);
  });

  it('keeps lower and upper limits', async () => {
    const [hm, hms] = plant();
    const r = rig(
      [hm!, hms!],
      settingsOf({
        inverters: [
          governed(HM, { lower_power_limit: 150 }),
          governed(HMS, { lower_power_limit: 100, upper_power_limit: 600 }),
        ],
      }),
    );
    await r.run(60, 0);
    expect(hm!.limitW).toBe(150);
    expect(hms!.limitW).toBe(100);
    await r.run(60, 5000);
    expect(hms!.limitW).toBe(600);
    // The HM-800 gives what its sun allows (700 W), plus the probe at most, never above its rated 800 W.
    expect(hm!.limitW).toBeGreaterThanOrEqual(700);
    expect(hm!.limitW).toBeLessThanOrEqual(800);
    // Never a power-off, never a limit under the lower one.
    for (const inv of [hm!, hms!]) expect(inv.sent.every((l) => l.value >= 100)).toBe(true);
  });

  it('covers the reading with an inverter not behind the meter, whose output the meter does not see', async () => {
    const [hm] = plant();
    const r = rig([hm!], settingsOf({ inverters: [governed(HM, { behind_power_meter: false })] }));
    await r.run(60, 600);
    expect(hm!.limitW).toBe(600);
    // The reading does not move with its output: one command, then quiet.
    expect(hm!.sent).toHaveLength(1);
    expect(gridOf(r)).toBe(600);
  });
});

describe('fail-safe', () => {
  it('after a start sends nothing until a valid reading arrives (also without any meter)', async () => {
    const [hm, hms] = plant();
    const r = rig([hm!, hms!], settingsOf({ inverters: [governed(HM), governed(HMS)] }));
    await r.run(60, null);
    expect(r.controller.state).toBe('waiting_for_meter');
    expect(hm!.sent).toHaveLength(0);
    const none = rig(plant(), settingsOf({ inverters: [governed(HM)] }), { meter: false });
    await none.run(30, 500);
    expect(none.controller.state).toBe('waiting_for_meter');
    await r.run(30, 1000);
    expect(r.controller.state).toBe('regulating');
    expect(hm!.sent.length).toBeGreaterThan(0);
  });

  it('meter stale: the governed inverters hold the base load limit within the meter max age', async () => {
    const [hm, hms] = plant();
    const r = rig(
      [hm!, hms!],
      settingsOf({ base_load_limit: 300, inverters: [governed(HM), governed(HMS)] }),
    );
    await r.run(60, 2000);
    expect(r.controller.state).toBe('regulating');
    await r.run(12, null);
    expect(r.controller.state).toBe('fallback');
    expect(hm!.limitW + hms!.limitW).toBeCloseTo(300, -1);
    expect(r.controller.status().state).toBe('fallback');
  });

  it('limiter switched off: inverters back to their maximum, or to the limit last set by hand', async () => {
    const [hm, hms] = plant();
    const r = rig([hm!, hms!], settingsOf({ inverters: [governed(HM), governed(HMS)] }));
    r.controller.handLimit(HM, { value: 50, relative: true }, undefined);
    await r.run(60, 500);
    expect(hms!.limitW).toBeLessThan(2000);
    r.setSettings(settingsOf({ enabled: false, inverters: [governed(HM), governed(HMS)] }));
    await r.run(2, 500);
    expect(r.controller.state).toBe('off');
    expect(hm!.sent.at(-1)).toEqual({ value: 50, relative: true });
    expect(hms!.sent.at(-1)).toEqual({ value: 100, relative: true });
    const before = hm!.sent.length + hms!.sent.length;
    await r.run(30, 3000);
    expect(hm!.sent.length + hms!.sent.length).toBe(before);
  });

  it('an inverter failing its commands is reported and retried less and less often', async () => {
    const [hm, hms] = plant();
    hms!.failing = true;
    const r = rig([hm!, hms!], settingsOf({ inverters: [governed(HM), governed(HMS)] }));
    await r.run(600, 2000);
    const status = r.controller.status().inverters.find((i) => i.serial === HMS)!;
    expect(status.failing).toBe(true);
    // Back-off: far fewer than one try per second over 10 minutes.
    expect(hms!.sent.length).toBeLessThan(12);
    // The failing one keeps producing 1800 W under its old limit; the healthy one covers the rest.
    expect(Math.abs(gridOf(r))).toBeLessThanOrEqual(20);
    expect(hm!.outputW).toBeCloseTo(200, -1);
    hms!.failing = false;
    // The next change of load that needs it gets through once the back-off has run out.
    await r.run(400, 2400);
    expect(r.controller.status().inverters.find((i) => i.serial === HMS)!.failing).toBe(false);
    expect(Math.abs(gridOf(r))).toBeLessThanOrEqual(20);
  });

  it('a lease that ran out while the gateway was down: the fallback once the inverter takes commands', async () => {
    const [hm, hms] = plant();
    const before = rig([hm!, hms!], settingsOf({ base_load_limit: 400, inverters: [governed(HMS)] }));
    before.controller.handLimit(HMS, { value: 500, relative: false }, 60);
    before.controller.handLimit(HM, { value: 50, relative: true }, 3600);
    const kept = before.controller.leases().list;
    expect(kept.map((lease) => lease.serial)).toEqual([HMS, HM]);

    // The next run, two minutes later, without a meter: the HMS-2000 is still out of reach at first.
    const [hm2, hms2] = plant();
    hms2!.reachable = false;
    const after = rig([hm2!, hms2!], settingsOf({ base_load_limit: 400, inverters: [governed(HMS)] }), {
      meter: false,
    });
    await after.clock.advance(120_000);
    after.controller.restoreLeases(kept);
    await after.run(5, null);
    expect(hms2!.sent).toEqual([]);
    hms2!.reachable = true;
    await after.run(2, null);
    expect(after.controller.state).toBe('waiting_for_meter');
    expect(hms2!.sent).toEqual([{ value: 400, relative: false }]);
    // The other lease still runs: untouched, and still kept.
    expect(hm2!.sent).toEqual([]);
    expect(after.controller.leases().list.map((lease) => lease.serial)).toEqual([HM]);
  });

  it('a lease not renewed: a governed inverter falls to its share of the base load, another to its maximum', async () => {
    const [hm, hms] = plant();
    const r = rig([hm!, hms!], settingsOf({ base_load_limit: 400, inverters: [governed(HMS)] }));
    await r.run(30, 800);
    r.controller.handLimit(HM, { value: 200, relative: false }, 20);
    r.controller.handLimit(HMS, { value: 500, relative: false }, 20);
    const leased = hms!.sent.length;
    await r.run(15, 800);
    // Under its lease the limiter leaves the governed inverter alone.
    expect(hms!.sent.length).toBe(leased);
    expect(r.controller.status().inverters.find((i) => i.serial === HMS)!.lease_until).not.toBeNull();
    await r.run(6, 800);
    expect(hm!.sent.at(-1)).toEqual({ value: 100, relative: true });
    expect(hms!.sent[leased]).toEqual({ value: 400, relative: false });
  });
});

describe('back-off of an inverter whose commands fail', () => {
  it('waits twice the interval after the first failure, doubled per failure up to 5 min; an answer ends it', () => {
    const interval = 10_000;
    const commands = new InverterCommands();
    let now = 0;
    /** Fails one command and says how long until the next may go out. */
    const failOnce = (): number => {
      commands.sent(now, 500, 0);
      commands.observe('Failure', now, interval);
      let wait = 0;
      while (!commands.canSend(now + wait, interval)) wait += 1000;
      now += wait;
      return wait;
    };
    expect(Array.from({ length: 7 }, failOnce)).toEqual([
      20_000, 40_000, 80_000, 160_000, 300_000, 300_000, 300_000,
    ]);
    commands.sent(now, 500, 0);
    commands.observe('Ok', now, interval);
    expect(failOnce()).toBe(20_000);
  });
});
