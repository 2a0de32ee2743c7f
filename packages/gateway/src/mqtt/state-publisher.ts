/**
 * The state cycle: every publish interval the DTU facts, the plant totals and each inverter's status
 * topics go out; an inverter's channel values only when it has new data. A (re)connect runs a cycle at
 * once; while disconnected nothing is due.
 */
import type { Clock } from '@dtu-console/clock';
import type { Plant } from '../plant';
import { type HeapWatermark, readHostFacts } from '../system/host';
import type { Logger } from '../system/logger';
import { readNetworkFacts } from '../system/network-facts';
import { type BatteryFeeds, batteryStateMessages } from './battery-topics';
import type { MqttSection } from './client-options';
import type { MqttConnection } from './connection';
import {
  type DtuFacts,
  dtuMessages,
  inverterChannelMessages,
  inverterStatusMessages,
  type StateMessage,
  totalsMessages,
} from './state-topics';

export interface StatePublisherOptions {
  connection: Pick<MqttConnection, 'connected' | 'publish'>;
  /** The saved MQTT settings now. */
  settings: () => MqttSection;
  clock: Clock;
  plant: Plant;
  heap: HeapWatermark;
  dataDir: string;
  log: Logger;
  /** The battery and its charge controllers, published with each cycle while switched on. */
  battery?: BatteryFeeds;
}

export class StatePublisher {
  readonly #options: StatePublisherOptions;
  #running = false;
  #cancelCycle: () => void = () => {};
  #lastCycleAt: number | null = null;
  #cycleRunning = false;
  #cycleDue = false;
  /** dataVersion of each inverter's channel values last published (channel topics go out on new data). */
  readonly #publishedData = new Map<string, number>();

  constructor(options: StatePublisherOptions) {
    this.#options = options;
  }

  start(): void {
    this.#running = true;
  }

  stop(): void {
    this.#running = false;
    this.#cancelCycle();
  }

  /** A (re)connect: a full cycle at once. */
  connected(): void {
    this.#lastCycleAt = null;
    this.schedule();
  }

  /** (Re)arms the timer: a new publish interval counts from the last cycle. */
  schedule(): void {
    this.#cancelCycle();
    const { clock } = this.#options;
    const intervalMs = this.#options.settings().publish_interval * 1000;
    const due = this.#lastCycleAt === null ? 0 : this.#lastCycleAt + intervalMs - clock.now();
    this.#cancelCycle = clock.setTimer(Math.max(0, due), () => void this.#cycle());
  }

  async #cycle(): Promise<void> {
    if (!this.#running || !this.#options.connection.connected) return;
    if (this.#cycleRunning) {
      // The previous cycle still gathers host facts: run again right after it (and keep the timer chain).
      this.#cycleDue = true;
      return;
    }
    this.#cycleRunning = true;
    this.#cycleDue = false;
    this.#lastCycleAt = this.#options.clock.now();
    this.schedule();
    try {
      const { live } = this.#options.plant;
      const facts = await this.#dtuFacts();
      this.#publish(dtuMessages(facts));
      this.#publish(totalsMessages(live.totals()));
      const { battery } = this.#options;
      this.#publish(batteryStateMessages(battery?.battery()?.status(), battery?.solarcharger()?.status()));
      for (const inv of live.inverters()) {
        this.#publish(inverterStatusMessages(inv));
        if (inv.hasData && this.#publishedData.get(inv.serial) !== inv.dataVersion) {
          this.#publishedData.set(inv.serial, inv.dataVersion);
          this.#publish(inverterChannelMessages(inv));
        }
      }
    } catch (error) {
      this.#options.log.warn({ err: error }, 'MQTT publish cycle failed');
    } finally {
      this.#cycleRunning = false;
    }
    if (this.#cycleDue) await this.#cycle();
  }

  #publish(messages: StateMessage[]): void {
    const settings = this.#options.settings();
    for (const { topic, payload } of messages) {
      this.#options.connection.publish(settings.topic + topic, payload.trim(), settings.retain);
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
}
