/**
 * Publishes Home Assistant's discovery configs (built by discovery.ts) and removes what an earlier run
 * published once its entity is gone or discovery is switched off. Full runs are at least a minute apart:
 * a request in between waits and runs once. What was published is kept on disk (discovery-record.ts), so
 * entities are removed even after a restart.
 */
import type { Clock } from '@dtu-console/clock';
import { serialNumber } from '@dtu-console/contract';
import type { ConfigStore } from '../config/store';
import type { LiveInverter } from '../engine';
import type { Plant } from '../plant';
import type { BuildInfo } from '../system/build-info';
import type { Logger } from '../system/logger';
import { readNetworkFacts } from '../system/network-facts';
import { alertDiscoveryMessages } from './alert-topics';
import { type BatteryFeeds, batteryDiscoveryMessages } from './battery-topics';
import type { MqttSection } from './client-options';
import type { MqttConnection } from './connection';
import { type DiscoveryMessage, discoveryMessages, dtuUid } from './discovery';
import { DiscoveryRecord } from './discovery-record';
import { type PowerLimiterControl, powerLimiterDiscoveryMessages } from './powerlimiter';

/** Full discovery runs are at least this far apart; a request in between waits and runs once. */
export const DISCOVERY_MIN_SPACING_MS = 60_000;

export interface DiscoveryPublisherOptions {
  connection: Pick<MqttConnection, 'connected' | 'publish'>;
  /** The saved MQTT settings now. */
  settings: () => MqttSection;
  config: ConfigStore;
  clock: Clock;
  plant: Plant;
  build: BuildInfo;
  dataDir: string;
  log: Logger;
  /** The power limiter, whose entities join the run while it is set up. */
  powerlimiter?: () => PowerLimiterControl | undefined;
  /** The battery and its charge controllers, whose entities join the run while switched on. */
  battery?: BatteryFeeds;
}

export class DiscoveryPublisher {
  readonly #options: DiscoveryPublisherOptions;
  readonly #record: DiscoveryRecord;
  #running = false;
  #wanted = false;
  #lastRunAt: number | null = null;
  #cancelWait: (() => void) | undefined;
  /** Config topics published with content, to remove them once their entity is gone (kept on disk). */
  #discovered = new Set<string>();

  constructor(options: DiscoveryPublisherOptions) {
    this.#options = options;
    this.#record = new DiscoveryRecord(options.dataDir, options.log);
  }

  /** Reads what an earlier run published. */
  async start(): Promise<void> {
    this.#discovered = await this.#record.load();
    this.#running = true;
  }

  stop(): void {
    this.#running = false;
    this.#cancelWait?.();
    this.#cancelWait = undefined;
  }

  /** Resolves once the record on disk is written. */
  flushed(): Promise<void> {
    return this.#record.flushed();
  }

  /** A run is wanted: now, or once the spacing allows, or at the next connect. */
  request(): void {
    this.#wanted = true;
    this.#maybeRun();
  }

  /** Discovery switched off: the entities this gateway published are removed. */
  removeIfDisabled(): void {
    if (this.#options.settings().hass.enabled) return;
    // While disconnected the record is kept: the next connect with discovery off removes them.
    const { connection } = this.#options;
    if (this.#discovered.size === 0 || !connection.connected) return;
    for (const topic of this.#discovered) connection.publish(topic, '', true);
    this.#discovered = new Set();
    void this.#record.save(this.#discovered);
  }

  #maybeRun(): void {
    if (!this.#running || !this.#wanted || !this.#options.connection.connected) return;
    if (!this.#options.settings().hass.enabled) {
      this.#wanted = false;
      return;
    }
    const { clock } = this.#options;
    const wait = this.#lastRunAt === null ? 0 : this.#lastRunAt + DISCOVERY_MIN_SPACING_MS - clock.now();
    if (wait > 0) {
      this.#cancelWait ??= clock.setTimer(wait, () => {
        this.#cancelWait = undefined;
        this.#maybeRun();
      });
      return;
    }
    this.#wanted = false;
    this.#lastRunAt = clock.now();
    void this.#run().catch((error: unknown) =>
      this.#options.log.warn({ err: error }, 'MQTT discovery failed'),
    );
  }

  async #run(): Promise<void> {
    const { config, plant, build } = this.#options;
    const network = await readNetworkFacts();
    const slots = config.get('inverters');
    const threshold = (inv: LiveInverter) =>
      slots.find((slot) => slot.serial !== 0 && slot.serial === serialNumber(inv.serial))
        ?.reachable_threshold ?? 1;
    const mqtt = this.#options.settings();
    const uid = dtuUid(network.hostname, config.chipId);
    this.#publish([
      ...discoveryMessages({
        mqtt,
        dtu: {
          uid,
          hostname: network.hostname,
          ip: network.ip,
          sw: build.version,
        },
        pollIntervalS: config.get('dtu').poll_interval,
        inverters: plant.live.inverters().map((inv) => ({ inv, reachableThreshold: threshold(inv) })),
      }),
      ...alertDiscoveryMessages(mqtt, uid, plant.live.serials()),
      ...powerLimiterDiscoveryMessages(mqtt, uid, this.#options.powerlimiter?.()?.status()),
      ...batteryDiscoveryMessages(
        mqtt,
        uid,
        this.#options.battery?.battery()?.status(),
        this.#options.battery?.solarcharger()?.status(),
      ),
    ]);
  }

  /** Publishes a run and removes what an earlier run published that is no longer part of it. */
  #publish(messages: DiscoveryMessage[]): void {
    const { connection } = this.#options;
    if (!connection.connected) {
      // Lost while the run was being prepared: the next connect runs it again.
      this.#wanted = true;
      return;
    }
    const retain = this.#options.settings().hass.retain;
    const sent = new Set<string>();
    const next = new Set<string>();
    for (const { topic, payload } of messages) {
      // Empty configs are always retained: only a retained empty message clears a retained config.
      connection.publish(topic, payload, payload === '' ? true : retain);
      sent.add(topic);
      if (payload !== '') next.add(topic);
    }
    for (const topic of this.#discovered) if (!sent.has(topic)) connection.publish(topic, '', true);
    this.#discovered = next;
    void this.#record.save(next);
  }
}
