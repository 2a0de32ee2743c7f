import { DtuDefaults } from '@dtu-console/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { HM800, HMS2000, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

let env: PlantGateway | undefined;
afterEach(async () => {
  await env?.cleanup();
  env = undefined;
});

describe('a plant that is up at once', () => {
  it('both default inverters answer within two poll cycles after a start in daylight', async () => {
    env = await plantGateway();
    const live = env.gateway.ctx.plant.live;
    await env.advance(2 * DtuDefaults.pollInterval * 1000);
    for (const serial of [HM800, HMS2000]) {
      const inverter = live.inverter(serial)!;
      expect(inverter.reachable, serial).toBe(true);
      expect(inverter.producing, serial).toBe(true);
    }
  });

  it('an inverter added while running still needs its channel change first', async () => {
    env = await plantGateway();
    await env.advance(2 * DtuDefaults.pollInterval * 1000);
    const added = '116483554321';
    const radio = env.gateway.ctx.plant.radio as unknown as {
      inspect(serial: string): { frequency: { listenHz: number; startupHz: number } | null } | undefined;
    };
    const slots = env.gateway.ctx.config.get('inverters').map((slot) => ({ ...slot }));
    const free = slots.findIndex((slot) => slot.serial === 0);
    await env.gateway.ctx.config.update('inverters', (current) =>
      current.map((slot, id) =>
        id === free
          ? { ...structuredClone(slot), serial: 0x116483554321, name: 'New' }
          : structuredClone(slot),
      ),
    );
    const frequency = radio.inspect(added)!.frequency!;
    expect(frequency.listenHz).toBe(frequency.startupHz);
  });
});
