/**
 * The grid signal from an MQTT topic, read through the gateway's own broker connection (the MQTT
 * settings). The publisher must repeat the step: with no message for 5 minutes the signal counts as lost
 * (the last step is kept and an alert raised). A retained message counts: it is the state the topic holds.
 */
import type { Clock } from '@dtu-console/clock';
import { FeedInLimits } from '@dtu-console/contract';
import type { SignalSink, SignalSource } from './source';
import { parseSignalPayload } from './steps';

/** What the signal needs of the gateway's MQTT service (MqttService has it). */
export interface SignalMqttTap {
  readonly enabled: boolean;
  readonly connected: boolean;
  tap(topics: readonly string[], listener: (topic: string, payload: Buffer) => void): () => void;
}

export interface MqttSignalOptions {
  topic: string;
  steps: readonly number[];
  clock: Clock;
  mqtt: SignalMqttTap | undefined;
  /** A refused payload, for the log. */
  refused?: (reason: string) => void;
}

export class MqttSignalSource implements SignalSource {
  readonly #options: MqttSignalOptions;
  #untap: (() => void) | undefined;
  #cancelStale: (() => void) | undefined;
  #sink: SignalSink | undefined;

  constructor(options: MqttSignalOptions) {
    this.#options = options;
  }

  start(sink: SignalSink): void {
    this.#sink = sink;
    const { mqtt, topic } = this.#options;
    if (!mqtt?.enabled) {
      sink.lost('The gateway has no MQTT connection (MQTT settings)');
      return;
    }
    this.#untap = mqtt.tap([topic], (_topic, payload) => this.#onMessage(payload.toString('utf8')));
    this.#armStale();
  }

  stop(): void {
    this.#untap?.();
    this.#untap = undefined;
    this.#cancelStale?.();
    this.#cancelStale = undefined;
    this.#sink = undefined;
  }

  #onMessage(payload: string): void {
    const sink = this.#sink;
    if (!sink) return;
    const step = parseSignalPayload(payload, this.#options.steps);
    if ('refused' in step) {
      // Garbage is not a step: the last one stays, and staleness runs on.
      this.#options.refused?.(step.refused);
      return;
    }
    this.#armStale();
    sink.step(step);
  }

  #armStale(): void {
    this.#cancelStale?.();
    this.#cancelStale = this.#options.clock.setTimer(FeedInLimits.mqttStaleMs, () => {
      const connected = this.#options.mqtt?.connected ?? false;
      this.#sink?.lost(
        connected
          ? `No signal on ${this.#options.topic} for ${FeedInLimits.mqttStaleMs / 60_000} minutes`
          : `No signal for ${FeedInLimits.mqttStaleMs / 60_000} minutes: the gateway is not connected to its broker`,
      );
    });
  }
}
