/**
 * Publishes the alert topics (alert-topics.ts) whenever the open alerts change (the bus event of the
 * alerts service) and after every connect; retained like the other state topics when `retain` is on.
 */
import type { Alert } from '@dtu-console/contract';
import type { EventBus } from '../bus';
import type { Plant } from '../plant';
import { alertStateMessages } from './alert-topics';
import type { MqttSection } from './client-options';
import type { MqttConnection } from './connection';

export interface AlertPublisherOptions {
  connection: Pick<MqttConnection, 'connected' | 'publish'>;
  settings: () => MqttSection;
  bus: EventBus;
  plant: Pick<Plant, 'live'>;
}

export class AlertPublisher {
  readonly #options: AlertPublisherOptions;
  #open: readonly Alert[] = [];
  #off: (() => void)[] = [];

  constructor(options: AlertPublisherOptions) {
    this.#options = options;
  }

  start(): void {
    const { bus } = this.#options;
    this.#off = [
      bus.on('alerts:changed', (open) => {
        this.#open = open;
        this.publish();
      }),
      bus.on('live:inverters', () => this.publish()),
    ];
  }

  stop(): void {
    for (const off of this.#off) off();
    this.#off = [];
  }

  /** Every alert topic now (nothing while disconnected: the next connect publishes them). */
  publish(): void {
    const { connection, settings, plant } = this.#options;
    if (!connection.connected) return;
    const mqtt = settings();
    for (const { topic, payload } of alertStateMessages(mqtt.topic, plant.live.serials(), this.#open)) {
      connection.publish(topic, payload, mqtt.retain);
    }
  }
}
