import { ManualClock } from '@dtu-console/clock';
import { afterEach, describe, expect, it } from 'vitest';
import { createDefaults, emptyInverterSlot } from '../src/config/defaults';
import { slotBehaviour } from '../src/config/inverter-slots';
import { engineSettings, inverterSettings } from '../src/engine/settings';
import { engineSettingsOf } from '../src/plant';
import { testGateway } from './helpers/gateway';

const NOON_BERLIN = Date.parse('2026-06-21T12:00:00+02:00');
const MIDNIGHT_BERLIN = Date.parse('2026-06-21T00:30:00+02:00');

describe('the engine settings of a fresh gateway', () => {
  it('are the defaults of a fresh config: inverter flags, DTU radio, place and zone', () => {
    const { id, serial, name, order, channels, ...flags } = inverterSettings({ serial: '114172220003' });
    expect(flags).toEqual(slotBehaviour(emptyInverterSlot()));
    const config = createDefaults({ chipId: 1, passwordHash: '', withInverters: false });
    const defaults = engineSettings({});
    expect(defaults.dtu).toMatchObject({
      pollIntervalS: config.dtu.poll_interval,
      nrfPaLevel: config.dtu.nrf_pa_level,
      cmtPaLevel: config.dtu.cmt_pa_level,
      cmtFrequencyHz: config.dtu.cmt_frequency,
      cmtCountry: config.dtu.cmt_country_mode,
    });
    expect(defaults.location).toEqual({
      latitude: config.ntp.latitude,
      longitude: config.ntp.longitude,
      sunsetType: config.ntp.sunsettype,
      timezone: config.ntp.timezone,
    });
  });
});

describe('the plant in a gateway run', () => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('maps the first-start config to the engine: two inverters, the place, the POSIX zone', async () => {
    const env = await testGateway({}, { clock: new ManualClock(NOON_BERLIN) });
    cleanup = env.cleanup;
    const settings = engineSettingsOf(env.gateway.ctx.config.all());
    expect(settings.inverters.map((inverter) => [inverter.id, inverter.serial])).toEqual([
      [0, '114172220003'],
      [1, '116683554321'],
    ]);
    expect(settings.location).toMatchObject({
      latitude: 51.1657,
      longitude: 10.4515,
      timezone: 'CET-1CEST,M3.5.0,M10.5.0/3',
    });
    expect(settings.dtu.pollIntervalS).toBe(5);
  });

  it('produces live data at noon and follows inverter edits at once', async () => {
    const clock = new ManualClock(NOON_BERLIN);
    const env = await testGateway({}, { clock, seed: 7 });
    cleanup = env.cleanup;
    const { plant, config } = env.gateway.ctx;
    await plant.start();
    await clock.advance(120_000);
    const producing = plant.live.inverters().filter((inverter) => inverter.producing);
    expect(producing.map((inverter) => inverter.serial).sort()).toEqual(['114172220003', '116683554321']);

    await config.update('inverters', (slots) =>
      slots.map((slot, id) => (id === 1 ? emptyInverterSlot() : slot)),
    );
    expect(plant.live.inverters().map((inverter) => inverter.serial)).toEqual(['114172220003']);
  });

  it('is dark at night, as a real plant is', async () => {
    const clock = new ManualClock(MIDNIGHT_BERLIN);
    const env = await testGateway({}, { clock, seed: 7 });
    cleanup = env.cleanup;
    await env.gateway.ctx.plant.start();
    await clock.advance(120_000);
    expect(env.gateway.ctx.plant.live.inverters().some((inverter) => inverter.producing)).toBe(false);
  });
});
