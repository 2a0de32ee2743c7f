/** /api/powerlimiter/* and the limit lease of POST /api/limit/config, on a gateway without a meter. */
import { Code, CodeTable } from '@dtu-console/contract';
import { batteryLimiterConfig, powerLimiterConfig } from '@dtu-console/contract/powerlimiter/fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../helpers/api';
import { expectCode } from '../helpers/envelopes';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

let env: PlantGateway;
beforeAll(async () => {
  env = await plantGateway();
  // No meter: the simulated one is on by default.
  await env.gateway.ctx.config.patch('powermeter', { enabled: false });
  await env.advance(30_000);
});
afterAll(() => env.cleanup());

const inverter = (serial: string, more: Record<string, unknown> = {}) => ({
  serial,
  governed: true,
  behind_power_meter: true,
  lower_power_limit: 50,
  upper_power_limit: 0,
  role: 'solar',
  ...more,
});
const valid = {
  enabled: true,
  target_power_consumption: -10,
  target_power_consumption_hysteresis: 20,
  base_load_limit: 300,
  min_command_interval: 3,
  inverters: [inverter(HM800), inverter(HMS2000, { behind_power_meter: false })],
};

describe('/api/powerlimiter', () => {
  it('has the documented defaults: off, target 0 W, no inverters', async () => {
    const config = (await get(env.gateway, '/api/powerlimiter/config')).json();
    expect(config).toEqual(powerLimiterConfig());
    const status = (await get(env.gateway, '/api/powerlimiter/status', null)).json();
    expect(status.state).toBe('off');
    expect(status.persistent_commands).toBe(0);
  });

  it('saves valid settings; without a meter it waits and sends nothing', async () => {
    const before = env.gateway.ctx.plant.live.inverter(HM800)!.limitSetStatus;
    expectCode(await post(env.gateway, '/api/powerlimiter/config', valid), Code.SettingsSaved);
    // Saved without the cap and signal (an older client): those stay as they were.
    const saved = (await get(env.gateway, '/api/powerlimiter/config')).json();
    expect(saved).toMatchObject(valid);
    expect(saved.feed_in_cap.enabled).toBe(false);
    expect(saved.grid_signal.steps).toEqual([100, 60, 30, 0]);
    await env.advance(20_000);
    const status = (await get(env.gateway, '/api/powerlimiter/status', null)).json();
    expect(status.state).toBe('waiting_for_meter');
    expect(status.grid_power).toBeNull();
    expect(status.target).toBe(-10);
    expect(status.inverters.map((i: { serial: string }) => i.serial)).toEqual([HM800, HMS2000]);
    expect(Object.keys(status.inverters[0])).toEqual(
      expect.arrayContaining(['serial', 'limit_w', 'output_w', 'commands_last_hour']),
    );
    expect(status.inverters[0].commands_last_hour).toBe(0);
    expect(env.gateway.ctx.plant.live.inverter(HM800)!.limitSetStatus).toBe(before);
  });

  it('refuses bad values with their codes', async () => {
    const cases: Array<[Record<string, unknown>, Code]> = [
      [{ target_power_consumption: 20_000 }, Code.PowerLimiterTargetRange],
      [{ target_power_consumption_hysteresis: -1 }, Code.PowerLimiterHysteresisRange],
      [{ base_load_limit: -5 }, Code.PowerLimiterBaseLoadRange],
      [{ min_command_interval: 0 }, Code.PowerLimiterIntervalRange],
      [
        { inverters: [inverter(HM800, { lower_power_limit: 500, upper_power_limit: 400 })] },
        Code.PowerLimiterInverterBounds,
      ],
      [{ inverters: [inverter('112233445566')] }, Code.PowerLimiterInverterUnknown],
      [{ inverters: [inverter(HM800), inverter(HM800)] }, Code.PowerLimiterInverterUnknown],
    ];
    for (const [change, code] of cases) {
      expectCode(
        await post(env.gateway, '/api/powerlimiter/config', { ...valid, ...change }),
        code,
        CodeTable[code].param,
        String(code),
      );
    }
  });

  it('saves the feed-in cap and grid signal, shows the cap in the status, and refuses bad ones with their codes', async () => {
    const cap = { enabled: true, mode: 'percent', percent: 60, watts: 0, module_power_wp: 0 };
    const signal = {
      enabled: true,
      source: 'gpio',
      gpio: { chip: '/dev/gpiochip0', lines: [17, 27, 22, -1], active_low: true },
      mqtt: { topic: '' },
      steps: [100, 60, 30, 0],
    };
    const payload = { ...valid, feed_in_cap: cap, grid_signal: { ...signal, enabled: false } };
    expectCode(await post(env.gateway, '/api/powerlimiter/config', payload), Code.SettingsSaved);
    expect((await get(env.gateway, '/api/powerlimiter/config')).json()).toEqual({
      ...payload,
      battery: batteryLimiterConfig(),
    });
    await env.advance(3000);
    const status = (await get(env.gateway, '/api/powerlimiter/status', null)).json();
    // No module power set: the configured strings' max_power, 60 % of it.
    const stringsWp = env.gateway.ctx.services.powerlimiter.stringsPowerWp();
    expect(stringsWp).toBeGreaterThan(0);
    expect(status.feed_in).toMatchObject({
      module_power_wp: stringsWp,
      cap_w: Math.round(stringsWp * 0.6),
      signal_w: null,
      grid_signal: { enabled: false },
    });

    const withCap = (change: Record<string, unknown>) => ({ ...payload, feed_in_cap: { ...cap, ...change } });
    const withSignal = (change: Record<string, unknown>) => ({
      ...payload,
      grid_signal: { ...signal, ...change },
    });
    const cases: Array<[Record<string, unknown>, Code]> = [
      [withCap({ percent: 101 }), Code.PowerLimiterCapPercentRange],
      [withCap({ watts: -1 }), Code.PowerLimiterCapWattsRange],
      [withCap({ module_power_wp: 2_000_000 }), Code.PowerLimiterModulePowerRange],
      [withSignal({ gpio: { ...signal.gpio, chip: '/sys/class/gpio' } }), Code.PowerLimiterSignalChipInvalid],
      [
        withSignal({ gpio: { ...signal.gpio, lines: [17, 17, -1, -1] } }),
        Code.PowerLimiterSignalLinesInvalid,
      ],
      [
        withSignal({ gpio: { ...signal.gpio, lines: [-1, -1, -1, -1] } }),
        Code.PowerLimiterSignalLinesInvalid,
      ],
      [
        withSignal({ gpio: { ...signal.gpio, lines: [2000, -1, -1, -1] } }),
        Code.PowerLimiterSignalLinesInvalid,
      ],
      [withSignal({ source: 'mqtt', mqtt: { topic: '' } }), Code.PowerLimiterSignalTopicInvalid],
      [withSignal({ source: 'mqtt', mqtt: { topic: 'ripple/#' } }), Code.PowerLimiterSignalTopicInvalid],
      [withSignal({ steps: [100, 60, 30, 120] }), Code.PowerLimiterSignalStepsInvalid],
    ];
    for (const [body, code] of cases) {
      expectCode(
        await post(env.gateway, '/api/powerlimiter/config', body),
        code,
        CodeTable[code].param,
        String(code),
      );
    }
    // Nothing of a refused save was kept.
    expect((await get(env.gateway, '/api/powerlimiter/config')).json()).toEqual({
      ...payload,
      battery: batteryLimiterConfig(),
    });
    // A wrong JSON type is the type error, like every other key.
    expectCode(
      await post(env.gateway, '/api/powerlimiter/config', withSignal({ steps: [100, 60] })),
      Code.ValuesMissing,
    );
    // The cap off again for the tests below.
    expectCode(
      await post(env.gateway, '/api/powerlimiter/config', withCap({ enabled: false })),
      Code.SettingsSaved,
    );
    await env.advance(3000);
  });

  it("saves the battery rules and each inverter's role, refuses bad ones, and keeps a role an older client leaves out", async () => {
    const battery = batteryLimiterConfig({
      start_soc: 90,
      stop_soc: 30,
      passthrough: { enabled: true, margin_w: 40, full_soc: 98 },
    });
    const roles = [inverter(HM800), inverter(HMS2000, { behind_power_meter: false, role: 'battery' })];
    const payload = { ...valid, inverters: roles, battery };
    expectCode(await post(env.gateway, '/api/powerlimiter/config', payload), Code.SettingsSaved);
    const saved = (await get(env.gateway, '/api/powerlimiter/config')).json();
    expect(saved.battery).toEqual(battery);
    expect(saved.inverters.map((inv: { role: string }) => inv.role)).toEqual(['solar', 'battery']);
    // The simulated battery (50 %, under the start threshold) at noon: its MPPT's sun passes through, less
    // the margin.
    await env.advance(3000);
    const status = (await get(env.gateway, '/api/powerlimiter/status', null)).json();
    expect(status.battery).toMatchObject({ rule: 'passthrough', discharging: false });
    expect(status.battery.soc).toBeCloseTo(50, 0);
    expect(status.battery.solar_power).toBeGreaterThan(100);
    expect(status.battery.cap_w).toBe(Math.round(status.battery.solar_power - 40));

    const withBattery = (change: Record<string, unknown>) => ({
      ...payload,
      battery: { ...battery, ...change },
    });
    const cases: Array<[Record<string, unknown>, Code]> = [
      [withBattery({ stop_soc: 90 }), Code.PowerLimiterBatterySocRange],
      [withBattery({ start_soc: 101 }), Code.PowerLimiterBatterySocRange],
      [
        withBattery({ passthrough: { ...battery.passthrough, full_soc: -1 } }),
        Code.PowerLimiterBatterySocRange,
      ],
      [withBattery({ start_voltage: 1200 }), Code.PowerLimiterBatteryVoltageRange],
      [withBattery({ start_voltage: 48, stop_voltage: 50 }), Code.PowerLimiterBatteryVoltageRange],
      [withBattery({ load_correction_v_per_kw: 11 }), Code.PowerLimiterBatteryLoadCorrectionRange],
      [
        withBattery({ passthrough: { ...battery.passthrough, margin_w: -1 } }),
        Code.PowerLimiterPassthroughMarginRange,
      ],
    ];
    for (const [body, code] of cases) {
      expectCode(
        await post(env.gateway, '/api/powerlimiter/config', body),
        code,
        CodeTable[code].param,
        String(code),
      );
    }
    expectCode(
      await post(env.gateway, '/api/powerlimiter/config', {
        ...payload,
        inverters: [inverter(HM800, { role: 'wind' })],
      }),
      Code.ValuesMissing,
    );
    // An older client knows neither roles nor battery rules: both stay as they were.
    const older = {
      ...valid,
      inverters: [
        inverter(HM800, { role: undefined }),
        inverter(HMS2000, { behind_power_meter: false, role: undefined }),
      ],
    };
    expectCode(await post(env.gateway, '/api/powerlimiter/config', older), Code.SettingsSaved);
    const kept = (await get(env.gateway, '/api/powerlimiter/config')).json();
    expect(kept.inverters.map((inv: { role: string }) => inv.role)).toEqual(['solar', 'battery']);
    expect(kept.battery).toEqual(battery);
    // Back to solar for the tests below.
    expectCode(await post(env.gateway, '/api/powerlimiter/config', valid), Code.SettingsSaved);
    await env.advance(3000);
  });

  it('GET config is admin, status readonly', async () => {
    expect((await get(env.gateway, '/api/powerlimiter/config', null)).statusCode).toBe(401);
    expect((await post(env.gateway, '/api/powerlimiter/config', valid, null)).statusCode).toBe(401);
  });

  it("gives today's energy readonly; without a meter nothing more is counted at the grid point", async () => {
    const response = await get(env.gateway, '/api/powerlimiter/energy', null);
    expect(response.statusCode).toBe(200);
    const before = response.json();
    expect(before.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await env.advance(20_000);
    const after = (await get(env.gateway, '/api/powerlimiter/energy', null)).json();
    // The meter was switched off at the start: whatever it read before stays, and no second is added.
    expect(after.grid).toEqual(before.grid);
  });
});

describe('limit lease (expiry_s)', () => {
  it('checks the bounds and falls back when not renewed: an ungoverned inverter to its maximum', async () => {
    expectCode(
      await post(env.gateway, '/api/limit/config', {
        serial: HMS2000,
        limit_value: 30,
        limit_type: 1,
        expiry_s: 0,
      }),
      Code.LimitExpiryRange,
      CodeTable[Code.LimitExpiryRange].param,
    );
    // Not governed any more: the lease ends at its maximum.
    expectCode(
      await post(env.gateway, '/api/powerlimiter/config', { ...valid, enabled: false }),
      Code.SettingsSaved,
    );
    expectCode(
      await post(env.gateway, '/api/limit/config', {
        serial: HMS2000,
        limit_value: 30,
        limit_type: 1,
        expiry_s: 20,
      }),
      Code.SettingsSaved,
    );
    await env.advance(10_000);
    expect(env.gateway.ctx.plant.live.inverter(HMS2000)!.limitRelative).toBe(30);
    const leased = (await get(env.gateway, '/api/powerlimiter/status', null)).json();
    expect(leased.inverters[1].lease_until).toBeGreaterThan(0);
    await env.advance(30_000);
    expect(env.gateway.ctx.plant.live.inverter(HMS2000)!.limitRelative).toBe(100);
  });

  it('without expiry_s the limit stays (OpenDTU behaviour)', async () => {
    expectCode(
      await post(env.gateway, '/api/limit/config', { serial: HM800, limit_value: 40, limit_type: 1 }),
      Code.SettingsSaved,
    );
    await env.advance(120_000);
    expect(env.gateway.ctx.plant.live.inverter(HM800)!.limitRelative).toBe(40);
  });
});
