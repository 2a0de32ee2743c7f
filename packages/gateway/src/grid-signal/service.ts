/**
 * The grid operator's signal (docs/limiter.md): a ripple-control receiver's contacts on GPIO, or an MQTT
 * topic, read into the active step (% of the module power) that the power limiter caps feed-in with.
 * Fail-safe: a source that cannot be read keeps the last step and says so (`lost`, which the alerts
 * report); until the first step is read after a start the signal is not `known`, and the limiter sends
 * nothing.
 */
import type { Clock } from '@dtu-console/clock';
import type { GridSignalStatus } from '@dtu-console/contract';
import type { LinuxSyscalls } from '@dtu-console/radio/linux/syscalls';
import { loadHostSyscalls } from '@dtu-console/radio/linux/syscalls';
import type { EventBus, Service } from '../bus';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import type { ConfigStore } from '../config/store';
import type { GridSignalFeed } from '../powerlimiter/feed-in';
import type { Logger } from '../system/logger';
import { GpioSignalSource } from './gpio-source';
import { MqttSignalSource, type SignalMqttTap } from './mqtt-source';
import type { SignalSource } from './source';
import type { SignalStep } from './steps';

type SignalSection = DeepReadonly<GatewayConfig['powerlimiter']['grid_signal']>;

export interface GridSignalServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  log: Logger;
  /** The gateway's MQTT connection, for the MQTT source. */
  mqtt?: SignalMqttTap;
  /** The host's system calls for GPIO; tests give a fake host. */
  gpioHost?: () => Promise<LinuxSyscalls>;
}

export class GridSignalService implements Service, GridSignalFeed {
  readonly name = 'grid-signal';
  readonly #options: GridSignalServiceOptions;
  readonly #log: Logger;
  readonly #listeners = new Set<() => void>();
  #source: SignalSource | undefined;
  /** The settings the running source was made from, as JSON (a save of other keys keeps it running). */
  #sourceKey = '';
  #step: SignalStep | undefined;
  #since: number | null = null;
  #problem: string | null = null;
  #unsubscribe: (() => void) | undefined;

  constructor(options: GridSignalServiceOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'grid-signal' });
  }

  async start(): Promise<void> {
    this.#unsubscribe = this.#options.bus.on('config:changed', (section) => {
      if (section === 'powerlimiter' || section === 'mqtt') this.#apply(section === 'mqtt');
    });
    this.#apply(false);
  }

  async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#stopSource();
  }

  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  status(): GridSignalStatus {
    const section = this.#section();
    return {
      enabled: section.enabled,
      source: section.source,
      known: section.enabled && this.#step !== undefined,
      percent: section.enabled ? (this.#step?.percent ?? null) : null,
      contact: section.enabled ? (this.#step?.contact ?? null) : null,
      lost: section.enabled && this.#problem !== null,
      problem: section.enabled ? this.#problem : null,
      since: section.enabled ? this.#since : null,
    };
  }

  #section(): SignalSection {
    return this.#options.config.get('powerlimiter').grid_signal;
  }

  /** (Re)makes the source when its settings changed; `mqttChanged` remakes an MQTT source too. */
  #apply(mqttChanged: boolean): void {
    const section = this.#section();
    const key = section.enabled ? JSON.stringify(section) : '';
    if (key === this.#sourceKey && !(mqttChanged && section.source === 'mqtt')) return;
    this.#stopSource();
    const settingsChanged = key !== this.#sourceKey;
    this.#sourceKey = key;
    // New signal settings (or none) start unknown: the limiter waits for the first step read with them. The
    // same settings on a new MQTT connection keep the last step until the next message.
    const hadStep = this.#step !== undefined;
    if (settingsChanged) {
      this.#step = undefined;
      this.#since = null;
    }
    this.#problem = null;
    if (!section.enabled) {
      if (hadStep) this.#changed();
      return;
    }
    this.#source = this.#makeSource(section);
    this.#source.start({
      step: (step) => this.#onStep(step),
      lost: (problem) => this.#onLost(problem),
    });
    this.#changed();
  }

  #makeSource(section: SignalSection): SignalSource {
    const { clock } = this.#options;
    if (section.source === 'mqtt') {
      return new MqttSignalSource({
        topic: section.mqtt.topic,
        steps: section.steps,
        clock,
        mqtt: this.#options.mqtt,
        refused: (reason) => this.#log.warn(`Grid signal on ${section.mqtt.topic} ignored: ${reason}`),
      });
    }
    return new GpioSignalSource({
      chip: section.gpio.chip,
      lines: section.gpio.lines,
      activeLow: section.gpio.active_low,
      steps: section.steps,
      clock,
      host: this.#options.gpioHost ?? loadHostSyscalls,
    });
  }

  #stopSource(): void {
    this.#source?.stop();
    this.#source = undefined;
  }

  #onStep(step: SignalStep): void {
    const same = this.#step?.percent === step.percent && this.#step.contact === step.contact;
    const wasLost = this.#problem !== null;
    this.#problem = null;
    if (same) {
      if (wasLost) {
        this.#log.info('Grid signal readable again');
        this.#changed();
      }
      return;
    }
    const before = this.#step;
    this.#step = step;
    this.#since = this.#options.clock.now();
    const contact =
      step.contact === null ? '' : step.contact === 0 ? ' (no contact closed)' : ` (K${step.contact})`;
    this.#log.info(
      `Grid signal: ${before === undefined ? 'read' : `${before.percent} % →`} ${step.percent} %${contact}`,
    );
    this.#changed();
  }

  #onLost(problem: string): void {
    if (this.#problem === problem) return;
    this.#problem = problem;
    this.#log.warn(
      `Grid signal lost: ${problem}; ${this.#step ? `keeping ${this.#step.percent} %` : 'no step known yet'}`,
    );
    this.#changed();
  }

  #changed(): void {
    for (const listener of this.#listeners) listener();
  }
}
