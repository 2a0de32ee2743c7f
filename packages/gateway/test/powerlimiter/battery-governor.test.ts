/**
 * The limiter with a battery-fed inverter, over the scripted plant: solar first, the battery for the rest
 * in a discharge cycle, standby on a BMS alarm and back on after it, and the rule in the status.
 */
import type { BatteryStatus, PowerLimiterMode } from '@dtu-console/contract';
import { batteryStatus } from '@dtu-console/contract/battery/fixtures';
import { describe, expect, it } from 'vitest';
import { FakeInverter, governed, rig, settingsOf } from './fakes';

const SOLAR = '116100000001';
const BATTERY = '116100000002';

function plant(battery: { status: BatteryStatus }, mode: { now: PowerLimiterMode } = { now: 'normal' }) {
  // The solar inverter's panels give 300 W now; the battery-fed one could give its whole 800 W.
  const solar = new FakeInverter(SOLAR, 800, 300);
  const fed = new FakeInverter(BATTERY, 800, 800);
  const r = rig(
    [solar, fed],
    settingsOf({ inverters: [governed(SOLAR), governed(BATTERY, { role: 'battery' })] }),
    { battery: () => ({ battery: battery.status, solarPowerW: 450, night: false }), mode: () => mode.now },
  );
  return { solar, fed, r };
}

describe('the limiter with a battery-fed inverter', () => {
  it('lets the battery cover what the sun does not, in a discharge cycle', async () => {
    const battery = { status: batteryStatus({ soc: 85 }) };
    const { solar, fed, r } = plant(battery);
    await r.run(60, 700);
    expect(r.controller.state).toBe('regulating');
    expect(solar.outputW).toBe(300);
    expect(fed.outputW).toBeGreaterThan(350);
    expect(Math.abs(r.controller.status().grid_power ?? Number.NaN)).toBeLessThanOrEqual(20);
    expect(r.controller.status().battery).toMatchObject({ rule: 'discharging', soc: 85, discharging: true });
    expect(fed.powerSent).toEqual([]);
  });

  it('puts the battery-fed inverter in standby on a BMS alarm, and switches it on again after it', async () => {
    const battery = { status: batteryStatus({ soc: 85 }) };
    const { fed, r } = plant(battery);
    await r.run(30, 700);
    battery.status = batteryStatus({ soc: 85, alarms: ['cell_undervoltage'] });
    await r.run(5, 700);
    expect(fed.powerSent).toEqual(['off']);
    expect(fed.outputW).toBe(0);
    expect(r.controller.status().battery?.rule).toBe('bms_alarm');
    // The house now draws what the sun cannot give.
    expect(r.controller.status().grid_power).toBeGreaterThan(350);
    // Cleared, but under the start threshold: the cycle ended with the alarm, it stays in standby.
    battery.status = batteryStatus({ soc: 70 });
    await r.run(5, 700);
    expect(fed.powerSent).toEqual(['off']);
    expect(r.controller.status().battery?.rule).toBe('waiting_for_start');
    battery.status = batteryStatus({ soc: 82 });
    await r.run(30, 700);
    expect(fed.powerSent).toEqual(['off', 'on']);
    expect(fed.outputW).toBeGreaterThan(350);
  });

  it('without battery readings keeps the battery-fed inverter in standby and the solar one working', async () => {
    const battery = { status: batteryStatus({ stale: true }) };
    const { solar, fed, r } = plant(battery);
    await r.run(30, 700);
    expect(fed.powerSent).toEqual(['off']);
    expect(solar.outputW).toBe(300);
    expect(r.controller.status().battery?.rule).toBe('battery_off');
  });

  it('holds a silent battery-fed inverter in standby: one command, not an off and on every pass', async () => {
    const battery = { status: batteryStatus({ stale: true }) };
    const { fed, solar, r } = plant(battery);
    // Unreachable (an HMS woken by its battery on its start-up frequency): it cannot be regulated.
    fed.reachable = false;
    await r.run(30, 700);
    expect(fed.powerSent).toEqual(['off']);
    expect(solar.outputW).toBe(300);
    fed.reachable = true;
    await r.run(10, 700);
    expect(fed.powerSent).toEqual(['off']);
    expect(r.controller.status().battery?.rule).toBe('battery_off');
  });

  it('switches a standby inverter on again when the limiter lets go of it', async () => {
    const battery = { status: batteryStatus({ stale: true }) };
    const { fed, r } = plant(battery);
    await r.run(10, 700);
    expect(fed.on).toBe(false);
    r.setSettings(
      settingsOf({ enabled: false, inverters: [governed(SOLAR), governed(BATTERY, { role: 'battery' })] }),
    );
    await r.run(2, 700);
    expect(fed.on).toBe(true);
    expect(r.controller.status().battery).toBeNull();
  });

  it('has no battery status while no governed inverter is battery-fed', async () => {
    const solar = new FakeInverter(SOLAR, 800, 300);
    const r = rig([solar], settingsOf({ inverters: [governed(SOLAR)] }));
    await r.run(5, 700);
    expect(r.controller.status().battery).toBeNull();
  });

  it('in the full-passthrough mode feeds the whole solar power outside a cycle, and in the off mode lets go', async () => {
    const battery = { status: batteryStatus({ soc: 50 }) };
    const mode: { now: PowerLimiterMode } = { now: 'normal' };
    const { fed, r } = plant(battery, mode);
    await r.run(10, 1500);
    expect(r.controller.status().battery?.rule).toBe('waiting_for_start');
    expect(fed.on).toBe(false);
    mode.now = 'full_passthrough';
    await r.run(60, 1500);
    expect(r.controller.status()).toMatchObject({
      mode: 'full_passthrough',
      battery: { rule: 'full_passthrough', cap_w: 450 },
    });
    expect(fed.on).toBe(true);
    // The house wants 1,200 W more than the sun-held solar inverter gives: the battery feeds the MPPTs' 450 W.
    expect(fed.outputW).toBeGreaterThan(400);
    expect(fed.outputW).toBeLessThanOrEqual(450);
    mode.now = 'off';
    await r.run(2, 1500);
    expect(r.controller.state).toBe('off');
    expect(r.controller.status().battery).toBeNull();
    expect(fed.on).toBe(true);
  });
});
