/**
 * One broker connection driven by the MQTT settings: connects, announces itself online (the broker holds
 * the configured last will for an abrupt loss), subscribes, reconnects with backoff, and says goodbye with
 * the offline payload before a deliberate disconnect. New settings replace the connection in place.
 */
import { backoffDelay } from '@dtu-console/contract';
import mqtt, { type MqttClient } from 'mqtt';
import type { Logger } from '../system/logger';
import { clientOptionsOf, connectionKey, lwtTopic, type MqttSection } from './client-options';

/** First retry after a lost connection or a failed attempt; doubled per failure up to the maximum. */
export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 60_000;

/** Delay before reconnect attempt `failures` (1 = the first retry). */
export function reconnectDelayMs(failures: number): number {
  return backoffDelay(Math.max(0, failures - 1), { base: RECONNECT_MIN_MS, max: RECONNECT_MAX_MS });
}

export interface ConnectionHandlers {
  /** The session is up, the online message is out; subscribe and publish from here. */
  connected(): void;
  disconnected(): void;
  message(topic: string, payload: Buffer, retained: boolean): void;
}

export class MqttConnection {
  readonly #log: Logger;
  readonly #handlers: ConnectionHandlers;
  readonly #chipId: number;
  #client: MqttClient | undefined;
  #settings: MqttSection | undefined;
  #key = '';
  #connected = false;
  #failures = 0;
  #retryTimer: NodeJS.Timeout | undefined;
  #subscriptions: string[] = [];
  #closing = false;

  constructor(options: { log: Logger; chipId: number; handlers: ConnectionHandlers }) {
    this.#log = options.log;
    this.#chipId = options.chipId;
    this.#handlers = options.handlers;
  }

  get connected(): boolean {
    return this.#connected;
  }

  /** The settings of the current connection (undefined before the first apply). */
  get settings(): MqttSection | undefined {
    return this.#settings;
  }

  /**
   * Applies saved settings. Only when something the connection depends on changed is it closed (offline
   * message, graceful disconnect) and, while MQTT stays enabled, opened again with the new settings.
   * Returns whether it reconnected.
   */
  async apply(settings: MqttSection): Promise<boolean> {
    const key = connectionKey(settings, this.#chipId);
    const previous = this.#settings;
    this.#settings = settings;
    if (key === this.#key && this.#client !== undefined) return false;
    this.#key = key;
    await this.#close(previous);
    if (settings.enabled && settings.hostname !== '') this.#open(settings);
    return true;
  }

  /** Topics to subscribe at QoS 0 after every connect (and now, when connected). */
  setSubscriptions(topics: string[]): void {
    const client = this.#client;
    const dropped = this.#subscriptions.filter((t) => !topics.includes(t));
    const added = topics.filter((t) => !this.#subscriptions.includes(t));
    this.#subscriptions = [...topics];
    if (!client || !this.#connected) return;
    if (dropped.length > 0) client.unsubscribe(dropped);
    if (added.length > 0) client.subscribe(added, { qos: 0 });
  }

  /** QoS 0, as every state and discovery message; dropped while not connected (the next cycle repeats it). */
  publish(topic: string, payload: string, retain: boolean): void {
    if (!this.#client || !this.#connected) return;
    this.#client.publish(topic, payload, { qos: 0, retain }, (error) => {
      if (error) this.#log.debug({ err: error, topic }, 'MQTT publish failed');
    });
  }

  async stop(): Promise<void> {
    this.#key = '';
    await this.#close(this.#settings);
  }

  #open(settings: MqttSection): void {
    const options = clientOptionsOf(settings, this.#chipId);
    const client = mqtt.connect(options);
    this.#client = client;
    this.#closing = false;
    client.on('connect', () => {
      if (this.#client !== client) return;
      this.#failures = 0;
      this.#connected = true;
      this.#log.info(`MQTT connected to ${settings.hostname}:${settings.port}`);
      // Online first, then the subscriptions: what OpenDTU sends after a CONNACK.
      client.publish(lwtTopic(settings), settings.lwt.value_online, { qos: 0, retain: settings.retain });
      if (this.#subscriptions.length > 0) client.subscribe(this.#subscriptions, { qos: 0 });
      this.#handlers.connected();
    });
    client.on('message', (topic, payload, packet) => {
      if (this.#client === client) this.#handlers.message(topic, payload, packet.retain);
    });
    client.on('error', (error) => {
      if (this.#client === client) this.#log.warn(`MQTT: ${error.message}`);
    });
    client.on('close', () => {
      if (this.#client !== client || this.#closing) return;
      const wasConnected = this.#connected;
      this.#connected = false;
      if (wasConnected) {
        this.#log.warn('MQTT connection lost');
        this.#handlers.disconnected();
      }
      this.#failures++;
      const delay = reconnectDelayMs(this.#failures);
      clearTimeout(this.#retryTimer);
      this.#retryTimer = setTimeout(() => {
        if (this.#client === client && !this.#closing) client.reconnect();
      }, delay);
      this.#retryTimer.unref();
    });
  }

  async #close(settings: MqttSection | undefined): Promise<void> {
    clearTimeout(this.#retryTimer);
    const client = this.#client;
    if (!client) return;
    this.#closing = true;
    const wasConnected = this.#connected;
    this.#connected = false;
    this.#client = undefined;
    this.#failures = 0;
    if (wasConnected && settings) {
      // The broker drops the will on a graceful disconnect, so "offline" is said by hand: to the topic and
      // with the payload that "online" went to (OpenDTU uses the new settings here, which leaves the old
      // topic saying "online" after a topic change).
      client.publish(lwtTopic(settings), settings.lwt.value_offline, { qos: 0, retain: settings.retain });
      this.#handlers.disconnected();
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => client.end(true, {}, () => resolve()), 2000);
      client.end(!wasConnected, {}, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
