/**
 * The simulated battery bus at work beside the simulated plant: the inverter the limiter gives the battery
 * role produces at night from the pack and empties it, and gets its modules back when it loses the role.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import { governedInverter } from '@dtu-console/contract/powerlimiter/fixtures';
import { SimulatedRadio } from '@dtu-console/radio/simulated';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { DISCHARGE_EFFICIENCY } from '../../../src/battery/simulated/battery-bus';
import { simulatedBatteryBus } from '../../../src/battery/simulated/bus-service';
import { EventBus } from '../../../src/bus';
import { ConfigStore } from '../../../src/config/store';
import { createPlant } from '../../../src/plant';

const MINUTE = 60_000;
/** 21 June 2025, 00:00 UTC: 02:00 in Berlin, the default place; night. */
const NIGHT = Date.UTC(2025, 5, 21, 0);

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

async function setup(start = NIGHT) {
  dataDir = await mkdtemp(join(tmpdir(), 'dtu-battery-bus-'));
  const log = pino({ level: 'silent' });
  const bus = new EventBus();
  const clock = new ManualClock(start);
  const config = await ConfigStore.open({ dataDir, log, bus, chipId: 0x1a2b3c });
  const plant = createPlant({ config, bus, clock, log, startedAt: 0, seed: 'bus-service' });
  const radio = plant.radio;
  if (!(radio instanceof SimulatedRadio)) throw new Error('the default plant is simulated');
  const serials = config
    .get('inverters')
    .filter((slot) => slot.serial !== 0)
    .map((slot) => slot.serial.toString(16).toUpperCase().padStart(12, '0'));
  const made = simulatedBatteryBus({ config, bus, clock, log, radio, seed: 'bus-service' });
  await plant.start();
  await made.service.start();
  const roles = (battery: readonly string[]) =>
    config.update('powerlimiter', {
      ...config.get('powerlimiter'),
      inverters: serials.map((serial) =>
        governedInverter(serial, { role: battery.includes(serial) ? 'battery' : 'solar' }),
      ),
    });
  const stop = async () => {
    await made.service.stop();
    await plant.stop();
    await config.stop();
  };
  return { clock, radio, serials, roles, stop, ...made };
}

describe('the simulated battery bus service', () => {
  it('feeds the battery-fed inverter at night from the pack, which empties by what it draws', async () => {
    const { clock, radio, serials, roles, stop, batteryBus, service } = await setup();
    const [fedSerial, otherSerial] = serials as [string, string];
    await roles([fedSerial]);
    const before = batteryBus.state().socPercent;
    let drawnWh = 0;
    for (let minute = 0; minute < 30; minute++) {
      await clock.advance(MINUTE);
      drawnWh += service.drawnDcW() / 60;
    }
    const fed = radio.inspect(fedSerial)!;
    expect(fed.fed).toBe(true);
    expect(fed.awake).toBe(true);
    expect(fed.acPowerW).toBeGreaterThan(fed.ratedPowerW * 0.9);
    // The solar inverter sleeps: it is night for its modules.
    expect(radio.inspect(otherSerial)?.awake).toBe(false);
    // What the inverter drew, and the pack's own loss, is what the pack lost.
    expect(drawnWh).toBeGreaterThan(fed.ratedPowerW * 0.5 * 0.95);
    const lostWh = ((before - batteryBus.state().socPercent) / 100) * 5000;
    expect(lostWh).toBeCloseTo(drawnWh / DISCHARGE_EFFICIENCY, -1);
    expect(batteryBus.state().currentA).toBeLessThan(0);
    await stop();
  });

  it('gives the inverter its modules back when it loses the battery role, and the pack holds', async () => {
    const { clock, radio, serials, roles, stop, batteryBus } = await setup();
    const [fedSerial] = serials as [string];
    await roles([fedSerial]);
    await clock.advance(5 * MINUTE);
    expect(radio.inspect(fedSerial)?.awake).toBe(true);
    await roles([]);
    await clock.advance(5 * MINUTE);
    const soc = batteryBus.state().socPercent;
    expect(radio.inspect(fedSerial)?.fed).toBe(false);
    expect(radio.inspect(fedSerial)?.awake).toBe(false);
    await clock.advance(30 * MINUTE);
    expect(batteryBus.state().socPercent).toBe(soc);
    await stop();
  });

  it('an empty pack is cut off: the inverter sleeps at night', async () => {
    // 22:30 in Berlin: four hours of night ahead.
    const { clock, radio, serials, roles, stop, batteryBus } = await setup(NIGHT - 90 * MINUTE);
    const [fedSerial] = serials as [string];
    await roles([fedSerial]);
    // 50 % of 5 kWh at about 800 W: empty within three and a half hours.
    for (let minute = 0; minute < 4 * 60; minute++) await clock.advance(MINUTE);
    expect(batteryBus.state().socPercent).toBe(0);
    expect(radio.inspect(fedSerial)?.awake).toBe(false);
    expect(batteryBus.feed(clock.now()).availableW).toBe(0);
    await stop();
  });
});
