/**
 * MQTT: one topic for the total, or three (one per phase) that are summed. Each message is a JSON
 * document read with its JSON path, or a plain number. Through the gateway's own broker connection (the
 * MQTT settings; the meter's topics are subscribed beside the command topics) or a connection of its own.
 *
 * Three phases make one reading only when all three have arrived, and that reading carries the time of
 * the oldest of them (a phase that stopped coming makes the sum stale, not wrong).
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '@dtu-console/clock';
import mqtt, { type MqttClient } from 'mqtt';
import { parsePayload, powerOf } from '../json-value';
import { problemOf } from '../problems';
import type { MeterSource, PowerMeterSection, SourceSink } from './source';

type MqttSection = PowerMeterSection['mqtt'];

/** What the meter needs of the gateway's MQTT service (MqttService has it). */
export interface MqttTap {
  /** The MQTT settings have the connection switched on. */
  readonly enabled: boolean;
  readonly connected: boolean;
  tap(topics: readonly string[], listener: (topic: string, payload: Buffer) => void): () => void;
}

/** Reconnect period of the meter's own connection. */
export const OWN_RECONNECT_MS = 5000;
const CONNECT_TIMEOUT_MS = 5000;

/** MQTT.js reports a refused CONNACK with its return code: 4 bad user name or password, 5 not authorised. */
function brokerProblem(error: Error & { code?: unknown }, where: string) {
  if (error.code === 4 || error.code === 5 || /not authori[sz]ed|bad user/i.test(error.message)) {
    return { code: 'auth' as const, detail: `Broker ${where} refused the user name or password` };
  }
  return problemOf(error, `broker ${where}`);
}

export class MqttSource implements MeterSource {
  readonly #section: MqttSection;
  readonly #clock: Clock;
  readonly #gateway: MqttTap | undefined;
  readonly #phases: ({ powerW: number; atMs: number } | undefined)[];
  #client: MqttClient | undefined;
  #untap: (() => void) | undefined;
  #sink: SourceSink | undefined;

  constructor(section: MqttSection, clock: Clock, gateway: MqttTap | undefined) {
    this.#section = section;
    this.#clock = clock;
    this.#gateway = gateway;
    this.#phases = section.values.map(() => undefined);
  }

  start(sink: SourceSink): void {
    this.#sink = sink;
    const topics = this.#section.values.map((v) => v.topic);
    const listener = (topic: string, payload: Buffer) => this.#onMessage(topic, payload);
    if (this.#section.use_gateway_broker) {
      if (!this.#gateway?.enabled) {
        sink.problem({ code: 'broker-off', detail: 'The gateway has no MQTT connection (MQTT settings)' });
        return;
      }
      this.#untap = this.#gateway.tap(topics, listener);
      if (!this.#gateway.connected)
        sink.problem({ code: 'disconnected', detail: 'The gateway is not connected to its broker' });
      return;
    }
    const { hostname, port, username, password } = this.#section;
    const where = `${hostname}:${port}`;
    const client = mqtt.connect({
      host: hostname,
      port,
      protocolVersion: 4,
      clientId: `dtu-console-meter-${randomBytes(4).toString('hex')}`,
      clean: true,
      reconnectPeriod: OWN_RECONNECT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      ...(username === '' ? {} : { username, password }),
    });
    this.#client = client;
    client.on('connect', () => client.subscribe(topics, { qos: 0 }));
    client.on('message', listener);
    client.on('error', (error) => sink.problem(brokerProblem(error, where)));
    client.on('offline', () =>
      sink.problem({ code: 'disconnected', detail: `Lost the connection to broker ${where}` }),
    );
  }

  async stop(): Promise<void> {
    this.#untap?.();
    this.#untap = undefined;
    const client = this.#client;
    this.#client = undefined;
    if (client) await client.endAsync(true);
  }

  #onMessage(topic: string, payload: Buffer): void {
    const sink = this.#sink;
    if (!sink) return;
    const values = this.#section.values;
    const atMs = this.#clock.now();
    let matched = false;
    for (const [index, value] of values.entries()) {
      if (value.topic !== topic) continue;
      matched = true;
      try {
        this.#phases[index] = { powerW: powerOf(parsePayload(payload.toString('utf8')), value), atMs };
      } catch (error) {
        sink.problem(problemOf(error, topic));
        return;
      }
    }
    if (!matched) return;
    const phases = this.#phases;
    if (phases.some((p) => p === undefined)) return;
    const known = phases as { powerW: number; atMs: number }[];
    const powerW = known.reduce((sum, p) => sum + p.powerW, 0);
    const oldest = Math.min(...known.map((p) => p.atMs));
    sink.reading({
      powerW,
      ...(known.length > 1 ? { phasesW: known.map((p) => p.powerW) } : {}),
      atMs: oldest,
    });
  }
}
