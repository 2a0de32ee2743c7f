/**
 * The grid signal service over a fake MQTT tap: unknown until the first step, steps handed on at once, a
 * new MQTT connection keeps the step, new signal settings start unknown again, and switched off it is
 * neither known nor lost.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManualClock } from '@dtu-console/clock';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/bus';
import { ConfigStore } from '../../src/config/store';
import type { SignalMqttTap } from '../../src/grid-signal/mqtt-source';
import { GridSignalService } from '../../src/grid-signal/service';

class FakeTap implements SignalMqttTap {
  enabled = true;
  connected = true;
  listeners = new Map<string, (topic: string, payload: Buffer) => void>();
  tap(topics: readonly string[], listener: (topic: string, payload: Buffer) => void) {
    for (const topic of topics) this.listeners.set(topic, listener);
    return () => {
      for (const topic of topics) this.listeners.delete(topic);
    };
  }
  send(topic: string, payload: string) {
    this.listeners.get(topic)?.(topic, Buffer.from(payload));
  }
}

let dataDir: string | undefined;
afterEach(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

async function setup() {
  dataDir = await mkdtemp(join(tmpdir(), 'dtu-grid-signal-'));
  const log = pino({ level: 'silent' });
  const bus = new EventBus();
  const clock = new ManualClock(Date.UTC(2025, 5, 21, 10));
  const config = await ConfigStore.open({ dataDir, log, bus, chipId: 0x1a2b3c });
  const mqtt = new FakeTap();
  const service = new GridSignalService({ config, bus, clock, log, mqtt });
  const changes: number[] = [];
  service.onChange(() => changes.push(clock.now()));
  const signal = (change: Record<string, unknown>) => {
    const current = config.get('powerlimiter');
    return config.update('powerlimiter', { ...current, grid_signal: { ...current.grid_signal, ...change } });
  };
  return { config, bus, clock, mqtt, service, changes, signal };
}

describe('grid signal service', () => {
  it('is unknown until the first step, and hands each change on at once', async () => {
    const { service, mqtt, changes, signal, config } = await setup();
    await service.start();
    expect(service.status()).toMatchObject({ enabled: false, known: false, lost: false });
    await signal({ enabled: true, source: 'mqtt', mqtt: { topic: 'ripple' } });
    expect(service.status()).toMatchObject({ enabled: true, source: 'mqtt', known: false, percent: null });
    const before = changes.length;
    mqtt.send('ripple', 'K2');
    expect(service.status()).toMatchObject({ known: true, percent: 60, contact: 2 });
    expect(changes.length).toBe(before + 1);
    // The same step again is no change.
    mqtt.send('ripple', 'K2');
    expect(changes.length).toBe(before + 1);

    // A new MQTT connection (the MQTT settings saved): the step stays.
    await config.patch('mqtt', { hostname: 'broker.example' });
    expect(service.status()).toMatchObject({ known: true, percent: 60 });
    // New signal settings: unknown again until read with them.
    await signal({ steps: [100, 50, 30, 0] });
    expect(service.status()).toMatchObject({ known: false, percent: null });
    mqtt.send('ripple', 'K2');
    expect(service.status()).toMatchObject({ known: true, percent: 50 });

    await signal({ enabled: false });
    expect(service.status()).toMatchObject({ enabled: false, known: false, percent: null, lost: false });
    expect(mqtt.listeners.size).toBe(0);
    await service.stop();
  });

  it('says plainly when the gateway has no MQTT connection', async () => {
    const { service, mqtt, signal } = await setup();
    mqtt.enabled = false;
    await service.start();
    await signal({ enabled: true, source: 'mqtt', mqtt: { topic: 'ripple' } });
    expect(service.status()).toMatchObject({ known: false, lost: true });
    expect(service.status().problem).toMatch(/no MQTT connection/);
    await service.stop();
  });
});
