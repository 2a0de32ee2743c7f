/**
 * The power limiter on MQTT: command parsing (unit), and state topics, commands and Home Assistant
 * entities against a real Mosquitto.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePowerLimiterCommand, powerLimiterSubscriptions } from '../../src/mqtt/powerlimiter';
import { post } from '../helpers/api';
import { type RestartableBroker, startMosquitto } from '../helpers/mosquitto';
import { baseConfig, connectToBroker, until, watch } from '../helpers/mqtt';
import { HM800, type PlantGateway, plantGateway } from '../helpers/plant-gateway';

describe('power limiter command topics', () => {
  const parse = (name: string, payload: string, retained = false) =>
    parsePowerLimiterCommand('solar/', `solar/powerlimiter/cmd/${name}`, payload, retained);

  it('subscribes the enable switch and the target', () => {
    expect(powerLimiterSubscriptions('pv/')).toEqual([
      'pv/powerlimiter/cmd/enabled',
      'pv/powerlimiter/cmd/target',
      'pv/powerlimiter/cmd/mode',
    ]);
  });

  it('reads valid commands and refuses the rest', () => {
    expect(parse('enabled', '1')).toEqual({ kind: 'enabled', value: true });
    expect(parse('enabled', ' 0 ')).toEqual({ kind: 'enabled', value: false });
    expect(parse('target', '-25')).toEqual({ kind: 'target', value: -25 });
    for (const [name, payload] of [
      ['enabled', '2'],
      ['enabled', 'on'],
      ['target', '12.5'],
      ['target', '20001'],
      ['target', 'nan'],
    ] as const) {
      expect(parse(name, payload)).toHaveProperty('refused');
    }
    expect(parse('enabled', '1', true)).toEqual({ refused: 'ignored because retained' });
    // The mode by name, or by OpenDTU-OnBattery's number.
    expect(parse('mode', 'full_passthrough')).toEqual({ kind: 'mode', value: 'full_passthrough' });
    expect(parse('mode', ' 1 ')).toEqual({ kind: 'mode', value: 'off' });
    expect(parse('mode', '0')).toEqual({ kind: 'mode', value: 'normal' });
    expect(parse('mode', '3')).toHaveProperty('refused');
    expect(parse('mode', 'turbo')).toHaveProperty('refused');
    expect(parse('mode', 'off', true)).toEqual({ refused: 'ignored because retained' });
    expect(parsePowerLimiterCommand('solar/', 'solar/116180214567/cmd/power', '1', false)).toBeUndefined();
  });
});

describe('power limiter against a real Mosquitto', () => {
  let broker: RestartableBroker;
  let env: PlantGateway;

  beforeAll(async () => {
    broker = await startMosquitto();
    env = await plantGateway();
    // No meter: the simulated one is on by default.
    await env.gateway.ctx.config.patch('powermeter', { enabled: false });
    await connectToBroker(env.gateway, broker.port);
  });
  afterAll(async () => {
    await env?.cleanup();
    await broker.stop();
  });

  it('publishes state and discovery, and takes the enable and target commands', async () => {
    const watcher = await watch(broker.url, ['solar/powerlimiter/#', 'homeassistant/+/+/+/config']);
    try {
      await env.gateway.ctx.config.update('powerlimiter', {
        ...env.gateway.ctx.config.get('powerlimiter'),
        inverters: [
          {
            serial: HM800,
            governed: true,
            behind_power_meter: true,
            lower_power_limit: 0,
            upper_power_limit: 0,
            role: 'solar' as const,
          },
        ],
      });
      await env.advance(2000);
      // A status is a batch of topics, state first and the inverters' last: wait for both ends.
      await until(
        () =>
          watcher.last.get('solar/powerlimiter/status/state') === 'off' &&
          watcher.last.has(`solar/powerlimiter/${HM800}/limit`),
        5000,
        'state off',
      );
      expect(watcher.last.get('solar/powerlimiter/status/enabled')).toBe('0');
      expect(watcher.last.get('solar/powerlimiter/status/target')).toBe('0');

      await watcher.client.publishAsync('solar/powerlimiter/cmd/enabled', '1');
      await watcher.client.publishAsync('solar/powerlimiter/cmd/target', '-30');
      // Refused: not a whole number, and out of range; nothing changes.
      await watcher.client.publishAsync('solar/powerlimiter/cmd/target', '99999');
      await until(
        () => env.gateway.ctx.config.get('powerlimiter').target_power_consumption === -30,
        5000,
        'target',
      );
      await env.advance(2000);
      await until(
        () =>
          watcher.last.get('solar/powerlimiter/status/state') === 'waiting_for_meter' &&
          watcher.last.get('solar/powerlimiter/status/target') === '-30',
        5000,
        'waiting for meter',
      );
      expect(env.gateway.ctx.config.get('powerlimiter').enabled).toBe(true);

      // Home Assistant entities with the next discovery run (runs are a minute apart at least).
      await env.advance(61_000);
      await until(
        () =>
          [...watcher.last.keys()].some(
            (t) => t.startsWith('homeassistant/switch/') && t.includes('powerlimiter_enabled'),
          ),
        5000,
        'switch entity',
      );
      const switchTopic = [...watcher.last.keys()].find((t) => t.includes('powerlimiter_enabled'))!;
      const config = JSON.parse(watcher.last.get(switchTopic)!);
      expect(config.cmd_t).toBe('solar/powerlimiter/cmd/enabled');
      expect(
        [...watcher.last.keys()].some(
          (t) => t.startsWith('homeassistant/number/') && t.includes('powerlimiter_target'),
        ),
      ).toBe(true);
      expect([...watcher.last.keys()].some((t) => t.includes(`powerlimiter_limit_${HM800}`))).toBe(true);
      const selectTopic = [...watcher.last.keys()].find((t) => t.startsWith('homeassistant/select/'))!;
      expect(JSON.parse(watcher.last.get(selectTopic)!)).toMatchObject({
        cmd_t: 'solar/powerlimiter/cmd/mode',
        stat_t: 'solar/powerlimiter/status/mode',
        options: ['normal', 'off', 'full_passthrough'],
      });

      // The run-time mode: off lets go of the inverters at once, and is not stored.
      expect(watcher.last.get('solar/powerlimiter/status/mode')).toBe('normal');
      await watcher.client.publishAsync('solar/powerlimiter/cmd/mode', 'off');
      await until(() => watcher.last.get('solar/powerlimiter/status/mode') === 'off', 5000, 'mode off');
      await env.advance(2000);
      await until(() => watcher.last.get('solar/powerlimiter/status/state') === 'off', 5000, 'state off');
      expect(env.gateway.ctx.config.get('powerlimiter').enabled).toBe(true);
      await watcher.client.publishAsync('solar/powerlimiter/cmd/mode', '0');
      await until(() => watcher.last.get('solar/powerlimiter/status/mode') === 'normal', 5000, 'mode normal');
    } finally {
      await watcher.close();
    }
  });

  /** The limiter's retained discovery configs a new subscriber gets from the broker. */
  async function retainedLimiterEntities(): Promise<string[]> {
    const fresh = await watch(broker.url, ['homeassistant/+/+/+/config']);
    try {
      // Retained messages arrive right after the subscription; give them a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [...fresh.last.entries()]
        .filter(([topic, payload]) => topic.includes('powerlimiter_') && payload !== '')
        .map(([topic]) => topic);
    } finally {
      await fresh.close();
    }
  }

  it('removes its retained entities when it no longer applies, and when discovery is switched off', async () => {
    const limiter = env.gateway.ctx.config.get('powerlimiter');
    await until(() => env.gateway.ctx.services.mqtt.connected, 5000, 'connected');
    expect((await retainedLimiterEntities()).length).toBeGreaterThanOrEqual(5);

    // Given up (off, no inverters listed): the next discovery run clears them.
    await env.gateway.ctx.config.update('powerlimiter', { ...limiter, enabled: false, inverters: [] });
    await env.advance(61_000);
    await until(() => env.gateway.ctx.services.mqtt.connected, 5000, 'connected');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await retainedLimiterEntities()).toEqual([]);

    // Set up again: back; then discovery switched off: gone with the inverters' entities.
    await env.gateway.ctx.config.update('powerlimiter', limiter);
    await env.advance(61_000);
    let back: string[] = [];
    for (let i = 0; i < 20 && back.length < 5; i++) back = await retainedLimiterEntities();
    expect(back.length).toBeGreaterThanOrEqual(5);
    await post(env.gateway, '/api/mqtt/config', {
      ...baseConfig,
      mqtt_port: broker.port,
      mqtt_hass_enabled: false,
    });
    await until(() => env.gateway.ctx.services.mqtt.connected, 5000, 'connected');
    let left = back;
    for (let i = 0; i < 20 && left.length > 0; i++) left = await retainedLimiterEntities();
    expect(left).toEqual([]);
  });
});
