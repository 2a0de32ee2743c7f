/**
 * The MQTT output as one start/stop unit: owns the broker connection, applies a saved MQTT config at once
 * (without a restart), and wires the connection to its three jobs: the state cycle (state-publisher.ts),
 * the command topics (command-handler.ts) and Home Assistant discovery (discovery-publisher.ts).
 */
import type { Clock } from '@dtu-console/clock';
import type { EventBus, Service } from '../bus';
import type { ConfigStore } from '../config/store';
import type { Plant } from '../plant';
import type { BuildInfo } from '../system/build-info';
import type { HeapWatermark } from '../system/host';
import type { Logger } from '../system/logger';
import { AlertPublisher } from './alert-publisher';
import type { BatteryFeeds } from './battery-topics';
import type { MqttSection } from './client-options';
import { CommandHandler } from './command-handler';
import { commandSubscriptions } from './commands';
import { MqttConnection } from './connection';
import { DiscoveryPublisher } from './discovery-publisher';
import { type PowerLimiterControl, PowerLimiterMqtt, powerLimiterSubscriptions } from './powerlimiter';
import { StatePublisher } from './state-publisher';

export interface MqttServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  plant: Plant;
  log: Logger;
  build: BuildInfo;
  heap: HeapWatermark;
  dataDir: string;
  /** The power limiter, once made (services.ts makes it after this service). */
  powerlimiter?: () => PowerLimiterControl | undefined;
  /** The battery and its charge controllers, once made (after this service: they read through it). */
  battery?: BatteryFeeds;
}

/** What the status endpoint reads. */
export interface MqttState {
  readonly connected: boolean;
}

/** Receives the messages of topics another service subscribed through this connection. */
export type TopicListener = (topic: string, payload: Buffer) => void;

export class MqttService implements Service, MqttState {
  readonly name = 'mqtt';
  readonly #options: MqttServiceOptions;
  readonly #log: Logger;
  readonly #connection: MqttConnection;
  readonly #state: StatePublisher;
  readonly #discovery: DiscoveryPublisher;
  readonly #commands: CommandHandler;
  readonly #alerts: AlertPublisher;
  readonly #limiter: PowerLimiterMqtt;
  #unsubscribe: (() => void)[] = [];
  /** Topics other services (the meter) read through this connection, beside the command topics. */
  #taps = new Map<TopicListener, readonly string[]>();
  #running = false;
  /** Config saves are applied one after the other (a reconnect takes a moment). */
  #applying: Promise<void> = Promise.resolve();

  constructor(options: MqttServiceOptions) {
    this.#options = options;
    const log = options.log.child({ component: 'mqtt' });
    this.#log = log;
    this.#connection = new MqttConnection({
      log,
      chipId: options.config.chipId,
      handlers: {
        connected: () => this.#onConnected(),
        disconnected: () => {},
        message: (topic, payload, retained) => {
          if (this.#deliverTapped(topic, payload)) return;
          const text = payload.toString('utf8');
          if (!this.#limiter.handle(topic, text, retained)) this.#commands.handle(topic, text, retained);
        },
      },
    });
    const settings = () => this.#settings();
    const connection = this.#connection;
    this.#state = new StatePublisher({ ...options, connection, settings, log });
    this.#discovery = new DiscoveryPublisher({ ...options, connection, settings, log });
    this.#alerts = new AlertPublisher({ ...options, connection, settings });
    this.#commands = new CommandHandler({
      baseTopic: () => this.#settings().topic,
      engine: options.plant.engine,
      log,
      limitSent: (serial, type, value) => options.powerlimiter?.()?.handLimit(serial, value, type, undefined),
    });
    this.#limiter = new PowerLimiterMqtt({
      publish: (topic, payload, retain) => connection.publish(topic, payload, retain),
      connected: () => connection.connected,
      settings,
      limiter: () => options.powerlimiter?.(),
      entitiesChanged: () => this.#discovery.request(),
      log,
    });
  }

  get connected(): boolean {
    return this.#connection.connected;
  }

  /** Whether the MQTT settings have the connection switched on (it may still be connecting). */
  get enabled(): boolean {
    const settings = this.#settings();
    return settings.enabled && settings.hostname !== '';
  }

  /**
   * Subscribes exact topics (no wildcards) through this connection for another service; their messages go
   * to `listener` and not to the command handler. Kept across reconnects. Returns the unsubscribe.
   */
  tap(topics: readonly string[], listener: TopicListener): () => void {
    this.#taps.set(listener, [...topics]);
    this.#connection.setSubscriptions(this.#subscriptions());
    return () => {
      this.#taps.delete(listener);
      this.#connection.setSubscriptions(this.#subscriptions());
    };
  }

  #subscriptions(): string[] {
    const base = this.#settings().topic;
    const topics = new Set([...commandSubscriptions(base), ...powerLimiterSubscriptions(base)]);
    for (const tapped of this.#taps.values()) for (const topic of tapped) topics.add(topic);
    return [...topics];
  }

  #deliverTapped(topic: string, payload: Buffer): boolean {
    let delivered = false;
    for (const [listener, topics] of this.#taps) {
      if (!topics.includes(topic)) continue;
      delivered = true;
      listener(topic, payload);
    }
    return delivered;
  }

  async start(): Promise<void> {
    await this.#discovery.start();
    this.#state.start();
    this.#alerts.start();
    this.#running = true;
    const { bus } = this.#options;
    this.#unsubscribe = [
      bus.on('config:changed', (section) => {
        if (section === 'mqtt') void this.#queueApply();
        // A renamed, added or removed inverter changes its entities; so does a battery or charge controller
        // switched on or off, or another controller.
        if (
          section === 'inverters' ||
          section === 'dtu' ||
          section === 'battery' ||
          section === 'solarcharger'
        )
          this.#discovery.request();
      }),
      bus.on('powerlimiter:evaluated', () => this.#limiter.publishChanges()),
    ];
    await this.#queueApply();
  }

  async stop(): Promise<void> {
    this.#running = false;
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    this.#state.stop();
    this.#alerts.stop();
    this.#discovery.stop();
    await this.#applying;
    await this.#connection.stop();
    await this.#discovery.flushed();
  }

  #settings(): MqttSection {
    return this.#options.config.get('mqtt');
  }

  #queueApply(): Promise<void> {
    this.#applying = this.#applying
      .then(() => this.#applyConfig())
      .catch((error: unknown) => this.#log.warn({ err: error }, 'MQTT settings not applied'));
    return this.#applying;
  }

  async #applyConfig(): Promise<void> {
    if (!this.#running) return;
    const settings = this.#settings();
    if (this.#connection.settings) this.#discovery.removeIfDisabled();
    // Unsubscribe the old base topic first when it changes (a kept session would still deliver it).
    this.#connection.setSubscriptions(this.#subscriptions());
    const reconnected = await this.#connection.apply(settings);
    if (!this.#running) return;
    if (!reconnected) {
      // Same connection: a new publish interval counts from the last cycle; discovery options may differ.
      this.#state.schedule();
      this.#discovery.request();
    }
  }

  /** A (re)connect is followed at once by a full cycle and a discovery run. */
  #onConnected(): void {
    this.#discovery.removeIfDisabled();
    this.#state.connected();
    this.#alerts.publish();
    this.#discovery.request();
    this.#limiter.connected();
  }
}
