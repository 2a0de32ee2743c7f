/**
 * The MQTT output: publishes the live model under the base topic in OpenDTU's layout, takes commands from
 * the command topics to the engine, and keeps Home Assistant's discovery configs in step. Started and
 * stopped with the other services; a saved MQTT config is applied at once, without a restart.
 */
import { serialNumber } from '@dtu-console/contract';
import type { EventBus, Service } from '../bus';
import type { ConfigStore } from '../config/store';
import type { LiveInverter } from '../engine';
import { DISABLED_LOG_INTERVAL_MS } from '../engine/command-answers';
import type { Plant } from '../plant';
import type { BuildInfo } from '../system/build-info';
import type { Clock } from '../system/clock';
import { type HeapWatermark, readHostFacts } from '../system/host';
import type { Logger } from '../system/logger';
import { readNetworkFacts } from '../system/network-facts';
import type { MqttSection } from './client-options';
import { commandSubscriptions, parseCommand, runCommand } from './commands';
import { MqttConnection } from './connection';
import { type DiscoveryMessage, discoveryMessages, dtuUid } from './discovery';
import { DiscoveryRecord } from './discovery-record';
import {
  type DtuFacts,
  dtuMessages,
  inverterChannelMessages,
  inverterStatusMessages,
  type StateMessage,
  totalsMessages,
} from './state-topics';

/** How often the same rejection (topic and reason) is logged. */
export const REJECTED_LOG_INTERVAL_MS = 60_000;

/** Full discovery runs are at least this far apart; a request in between waits and runs once. */
export const DISCOVERY_MIN_SPACING_MS = 60_000;

export interface MqttServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  plant: Plant;
  log: Logger;
  build: BuildInfo;
  heap: HeapWatermark;
  dataDir: string;
}

/** What the status endpoint reads. */
export interface MqttState {
  readonly connected: boolean;
}

export class MqttService implements Service, MqttState {
  readonly name = 'mqtt';
  readonly #options: MqttServiceOptions;
  readonly #log: Logger;
  readonly #connection: MqttConnection;
  #unsubscribe: (() => void)[] = [];
  #running = false;
  /** Config saves are applied one after the other (a reconnect takes a moment). */
  #applying: Promise<void> = Promise.resolve();

  #cancelCycle: () => void = () => {};
  #lastCycleAt: number | null = null;
  #cycleRunning = false;
  #cycleDue = false;
  /** dataVersion of each inverter's channel values last published (channel topics go out on new data). */
  readonly #publishedData = new Map<string, number>();

  readonly #lastLogged = new Map<string, number>();

  #discoveryWanted = false;
  #lastDiscoveryAt: number | null = null;
  #cancelDiscovery: (() => void) | undefined;
  /** Config topics published with content, to remove them once their entity is gone (kept on disk). */
  #discovered = new Set<string>();
  readonly #record: DiscoveryRecord;

  constructor(options: MqttServiceOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'mqtt' });
    this.#record = new DiscoveryRecord(options.dataDir, this.#log);
    this.#connection = new MqttConnection({
      log: this.#log,
      chipId: options.config.chipId,
      handlers: {
        connected: () => this.#onConnected(),
        disconnected: () => {},
        message: (topic, payload, retained) => this.#onMessage(topic, payload.toString('utf8'), retained),
      },
    });
  }

  get connected(): boolean {
    return this.#connection.connected;
  }

  async start(): Promise<void> {
    this.#discovered = await this.#record.load();
    this.#running = true;
    const { bus } = this.#options;
    this.#unsubscribe = [
      bus.on('config:changed', (section) => {
        if (section === 'mqtt') void this.#queueApply();
        // A renamed, added or removed inverter changes its entities.
        if (section === 'inverters' || section === 'dtu') this.#requestDiscovery();
      }),
    ];
    await this.#queueApply();
  }

  async stop(): Promise<void> {
    this.#running = false;
    for (const off of this.#unsubscribe) off();
    this.#unsubscribe = [];
    this.#cancelCycle();
    this.#cancelDiscovery?.();
    this.#cancelDiscovery = undefined;
    await this.#applying;
    await this.#connection.stop();
    await this.#record.flushed();
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
    const previous = this.#connection.settings;
    if (previous && !settings.hass.enabled) this.#removeDiscovered();
    // Unsubscribe the old base topic first when it changes (a kept session would still deliver it).
    this.#connection.setSubscriptions(commandSubscriptions(settings.topic));
    const reconnected = await this.#connection.apply(settings);
    if (!this.#running) return;
    if (!reconnected) {
      // Same connection: a new publish interval counts from the last cycle; discovery options may differ.
      this.#scheduleCycle();
      this.#requestDiscovery();
    }
  }

  // --- state cycle -----------------------------------------------------------------------------------

  #intervalMs(): number {
    return this.#settings().publish_interval * 1000;
  }

  #scheduleCycle(): void {
    this.#cancelCycle();
    const { clock } = this.#options;
    const due = this.#lastCycleAt === null ? 0 : this.#lastCycleAt + this.#intervalMs() - clock.now();
    this.#cancelCycle = clock.setTimer(Math.max(0, due), () => void this.#cycle());
  }

  #onConnected(): void {
    // A (re)connect is followed at once by a full cycle and a discovery run.
    if (!this.#settings().hass.enabled) this.#removeDiscovered();
    this.#lastCycleAt = null;
    this.#scheduleCycle();
    this.#requestDiscovery();
  }

  async #cycle(): Promise<void> {
    // While disconnected nothing is due: the next connect runs the cycle.
    if (!this.#running || !this.#connection.connected) return;
    if (this.#cycleRunning) {
      // The previous cycle still gathers host facts: run again right after it (and keep the timer chain).
      this.#cycleDue = true;
      return;
    }
    this.#cycleRunning = true;
    this.#cycleDue = false;
    this.#lastCycleAt = this.#options.clock.now();
    this.#scheduleCycle();
    try {
      const { live } = this.#options.plant;
      const facts = await this.#dtuFacts();
      this.#publishState(dtuMessages(facts));
      this.#publishState(totalsMessages(live.totals()));
      for (const inv of live.inverters()) {
        this.#publishState(inverterStatusMessages(inv));
        if (inv.hasData && this.#publishedData.get(inv.serial) !== inv.dataVersion) {
          this.#publishedData.set(inv.serial, inv.dataVersion);
          this.#publishState(inverterChannelMessages(inv));
        }
      }
    } catch (error) {
      this.#log.warn({ err: error }, 'MQTT publish cycle failed');
    } finally {
      this.#cycleRunning = false;
    }
    if (this.#cycleDue) await this.#cycle();
  }

  #publishState(messages: StateMessage[]): void {
    const settings = this.#settings();
    for (const { topic, payload } of messages) {
      this.#connection.publish(settings.topic + topic, payload.trim(), settings.retain);
    }
  }

  async #dtuFacts(): Promise<DtuFacts> {
    const { plant, heap, dataDir } = this.#options;
    const [host, network] = await Promise.all([readHostFacts(dataDir), readNetworkFacts()]);
    return {
      uptimeS: Math.floor(plant.live.uptimeMs() / 1000),
      ip: network.ip,
      hostname: host.hostname,
      heap: {
        size: host.heap.total,
        free: host.heap.total - host.heap.used,
        minFree: heap.sample(),
        maxAlloc: host.heap.maxBlock,
      },
      ...(network.wireless ? { rssi: network.rssi } : {}),
      ...(host.cpuTemperature === null ? {} : { temperature: host.cpuTemperature }),
    };
  }

  // --- commands --------------------------------------------------------------------------------------

  #onMessage(topic: string, payload: string, retained: boolean): void {
    const parsed = parseCommand(this.#settings().topic, topic, payload, retained);
    if (!parsed.ok) {
      this.#logThrottled(
        `rejected:${topic}:${parsed.reason}`,
        REJECTED_LOG_INTERVAL_MS,
        `MQTT command on ${topic} rejected: ${parsed.reason}`,
      );
      return;
    }
    const { name, serial } = parsed;
    const result = runCommand(this.#options.plant.engine, serial, parsed.command);
    switch (result) {
      case 'queued':
        // Zero-export scripts send a limit every few seconds: the engine's own log tells what went out.
        this.#log.debug(`MQTT command ${name} ${payload.trim()} for inverter ${serial}`);
        break;
      case 'commands-disabled':
        this.#logThrottled(
          `disabled:${name}:${serial}`,
          DISABLED_LOG_INTERVAL_MS,
          `MQTT command ${name} for inverter ${serial} not sent: commands are disabled for it now (command_enable, command_enable_night)`,
        );
        break;
      case 'unknown-inverter':
        this.#logThrottled(
          `unknown:${serial}`,
          REJECTED_LOG_INTERVAL_MS,
          `MQTT command ${name}: no inverter with serial ${serial}`,
        );
        break;
      case 'invalid':
        this.#logThrottled(
          `invalid:${name}:${serial}`,
          REJECTED_LOG_INTERVAL_MS,
          `MQTT command ${name} for inverter ${serial} is invalid`,
        );
        break;
    }
  }

  /** A warning at most once per `intervalMs` and key, so a script repeating a bad command cannot flood the log. */
  #logThrottled(key: string, intervalMs: number, message: string): void {
    const now = performance.now();
    const last = this.#lastLogged.get(key);
    if (last !== undefined && now - last < intervalMs) return;
    this.#lastLogged.set(key, now);
    this.#log.warn(message);
  }

  // --- Home Assistant discovery -------------------------------------------------------------------------

  #requestDiscovery(): void {
    this.#discoveryWanted = true;
    this.#maybeRunDiscovery();
  }

  #maybeRunDiscovery(): void {
    if (!this.#running || !this.#discoveryWanted || !this.#connection.connected) return;
    if (!this.#settings().hass.enabled) {
      this.#discoveryWanted = false;
      return;
    }
    const { clock } = this.#options;
    const wait =
      this.#lastDiscoveryAt === null ? 0 : this.#lastDiscoveryAt + DISCOVERY_MIN_SPACING_MS - clock.now();
    if (wait > 0) {
      this.#cancelDiscovery ??= clock.setTimer(wait, () => {
        this.#cancelDiscovery = undefined;
        this.#maybeRunDiscovery();
      });
      return;
    }
    this.#discoveryWanted = false;
    this.#lastDiscoveryAt = clock.now();
    void this.#runDiscovery().catch((error: unknown) =>
      this.#log.warn({ err: error }, 'MQTT discovery failed'),
    );
  }

  async #runDiscovery(): Promise<void> {
    const { config, plant, build } = this.#options;
    const network = await readNetworkFacts();
    const settings = this.#settings();
    const slots = config.get('inverters');
    const threshold = (inv: LiveInverter) =>
      slots.find((slot) => slot.serial !== 0 && slot.serial === serialNumber(inv.serial))
        ?.reachable_threshold ?? 1;
    const messages = discoveryMessages({
      mqtt: settings,
      dtu: {
        uid: dtuUid(network.hostname, config.chipId),
        hostname: network.hostname,
        ip: network.ip,
        sw: build.version,
      },
      pollIntervalS: config.get('dtu').poll_interval,
      inverters: plant.live.inverters().map((inv) => ({ inv, reachableThreshold: threshold(inv) })),
    });
    this.#publishDiscovery(messages);
  }

  /** Publishes a run and removes what an earlier run published that is no longer part of it. */
  #publishDiscovery(messages: DiscoveryMessage[]): void {
    if (!this.#connection.connected) {
      // Lost while the run was being prepared: the next connect runs it again.
      this.#discoveryWanted = true;
      return;
    }
    const retain = this.#settings().hass.retain;
    const sent = new Set<string>();
    const next = new Set<string>();
    for (const { topic, payload } of messages) {
      // Empty configs are always retained: only a retained empty message clears a retained config.
      this.#connection.publish(topic, payload, payload === '' ? true : retain);
      sent.add(topic);
      if (payload !== '') next.add(topic);
    }
    for (const topic of this.#discovered) if (!sent.has(topic)) this.#connection.publish(topic, '', true);
    this.#discovered = next;
    void this.#record.save(next);
  }

  /** Discovery switched off: the entities this gateway published are removed. */
  #removeDiscovered(): void {
    // While disconnected the record is kept: the next connect with discovery off removes them.
    if (this.#discovered.size === 0 || !this.#connection.connected) return;
    for (const topic of this.#discovered) this.#connection.publish(topic, '', true);
    this.#discovered = new Set();
    void this.#record.save(this.#discovered);
  }
}
