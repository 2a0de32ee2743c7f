/**
 * Battery and charge-controller values from MQTT, through the gateway's own broker connection (the MQTT
 * settings): each value its topic, read with its JSON path (or a plain number) and unit. Every message
 * gives a reading of all values known so far, stamped with the time of the message that carried the state
 * of charge or the voltage (what the limiter steers by), so a value that stopped coming makes it stale. A
 * payload that is not a number where its path points is counted bad and said, never used.
 */
import type { Clock } from '@dtu-console/clock';
import {
  BATTERY_MQTT_VALUES,
  type BatteryConfig,
  type BatteryMqttValue,
  BatteryUnitFactors,
  type SolarChargerConfig,
  SolarPowerUnitFactors,
} from '@dtu-console/contract';
import type { DeepReadonly } from '../../config/schema';
import { numberAt, parsePayload } from '../../powermeter/json-value';
import type { MqttTap } from '../../powermeter/sources/mqtt';
import type { BatteryReading } from '../reading';
import type { BatteryProblem, BatterySink, BatterySource, ChargerSink, ChargerSource } from '../types';

type BatteryMqtt = DeepReadonly<BatteryConfig['mqtt']>;
type ChargerMqtt = DeepReadonly<SolarChargerConfig['mqtt']>;

const FIELD: Record<BatteryMqttValue, keyof Omit<BatteryReading, 'alarms' | 'warnings'>> = {
  soc: 'socPercent',
  voltage: 'voltageV',
  current: 'currentA',
  power: 'powerW',
  temperature: 'temperatureC',
  discharge_current_limit: 'dischargeCurrentLimitA',
};

interface Subscription {
  topic: string;
  read: (root: unknown) => void;
}

/** Subscribes `subscriptions` through the gateway's connection; says plainly when it has none. */
function tapAll(
  gateway: MqttTap | undefined,
  subscriptions: Subscription[],
  onMessage: (subscription: Subscription[], payload: Buffer) => void,
  problem: (problem: BatteryProblem) => void,
): (() => void) | undefined {
  if (!gateway?.enabled) {
    problem({ code: 'broker-off', detail: 'The gateway has no MQTT connection (MQTT settings)' });
    return undefined;
  }
  const topics = [...new Set(subscriptions.map((s) => s.topic))];
  const untap = gateway.tap(topics, (topic, payload) =>
    onMessage(
      subscriptions.filter((s) => s.topic === topic),
      payload,
    ),
  );
  if (!gateway.connected)
    problem({ code: 'disconnected', detail: 'The gateway is not connected to its broker' });
  return untap;
}

/** Reads each matching value out of one payload; false (and the problem said) when one cannot be read. */
function readPayload(
  matching: Subscription[],
  payload: Buffer,
  problem: (p: BatteryProblem) => void,
): boolean {
  try {
    const root = parsePayload(payload.toString('utf8'));
    for (const subscription of matching) subscription.read(root);
    return true;
  } catch (error) {
    const topic = matching[0]?.topic ?? '';
    problem({ code: 'bad-frames', detail: `${topic}: ${(error as Error).message}` });
    return false;
  }
}

export class MqttBatterySource implements BatterySource {
  readonly #section: BatteryMqtt;
  readonly #clock: Clock;
  readonly #gateway: MqttTap | undefined;
  readonly #values: Partial<Record<BatteryMqttValue, number>> = {};
  #stampMs: number | undefined;
  #untap: (() => void) | undefined;

  constructor(section: BatteryMqtt, clock: Clock, gateway: MqttTap | undefined) {
    this.#section = section;
    this.#clock = clock;
    this.#gateway = gateway;
  }

  start(sink: BatterySink): void {
    const m = this.#section;
    const voltageFactor = BatteryUnitFactors[m.voltage_unit] ?? 1;
    const currentFactor = BatteryUnitFactors[m.current_unit] ?? 1;
    const factor = (value: BatteryMqttValue) =>
      value === 'voltage'
        ? voltageFactor
        : value === 'current' || value === 'discharge_current_limit'
          ? currentFactor
          : 1;
    const subscriptions = BATTERY_MQTT_VALUES.filter((value) => m[`${value}_topic`] !== '').map((value) => ({
      topic: m[`${value}_topic`],
      read: (root: unknown) => {
        this.#values[value] = numberAt(root, m[`${value}_json_path`]) * factor(value);
        if (value === 'soc' || value === 'voltage') this.#stampMs = this.#clock.now();
      },
    }));
    this.#untap = tapAll(
      this.#gateway,
      subscriptions,
      (matching, payload) => {
        if (!readPayload(matching, payload, (p) => sink.problem(p))) return sink.frame(false);
        sink.frame(true);
        if (this.#stampMs === undefined) return;
        const reading: BatteryReading = { alarms: [], warnings: [] };
        for (const [value, field] of Object.entries(FIELD) as [BatteryMqttValue, keyof typeof reading][]) {
          const known = this.#values[value];
          if (known !== undefined) (reading as unknown as Record<string, number>)[field] = known;
        }
        // A power topic is optional: voltage times current where both are known.
        if (reading.powerW === undefined && reading.voltageV !== undefined && reading.currentA !== undefined)
          reading.powerW = Math.round(reading.voltageV * reading.currentA * 10) / 10;
        sink.reading({ ...reading, atMs: this.#stampMs });
      },
      (problem) => sink.problem(problem),
    );
  }

  async stop(): Promise<void> {
    this.#untap?.();
    this.#untap = undefined;
  }
}

export class MqttChargerSource implements ChargerSource {
  readonly id = 'mqtt';
  readonly #section: ChargerMqtt;
  readonly #clock: Clock;
  readonly #gateway: MqttTap | undefined;
  #powerW: number | undefined;
  #voltageV: number | undefined;
  #stampMs = 0;
  #untap: (() => void) | undefined;

  constructor(section: ChargerMqtt, clock: Clock, gateway: MqttTap | undefined) {
    this.#section = section;
    this.#clock = clock;
    this.#gateway = gateway;
  }

  start(sink: ChargerSink): void {
    const m = this.#section;
    const subscriptions: Subscription[] = [
      {
        topic: m.power_topic,
        read: (root) => {
          this.#powerW = numberAt(root, m.power_json_path) * (SolarPowerUnitFactors[m.power_unit] ?? 1);
          this.#stampMs = this.#clock.now();
        },
      },
    ];
    if (m.voltage_topic !== '')
      subscriptions.push({
        topic: m.voltage_topic,
        read: (root) => {
          this.#voltageV = numberAt(root, m.voltage_json_path) * (BatteryUnitFactors[m.voltage_unit] ?? 1);
        },
      });
    this.#untap = tapAll(
      this.#gateway,
      subscriptions,
      (matching, payload) => {
        if (!readPayload(matching, payload, (p) => sink.problem(p))) return sink.frame(false);
        sink.frame(true);
        if (this.#powerW === undefined) return;
        sink.reading({
          atMs: this.#stampMs,
          solarPowerW: this.#powerW,
          ...(this.#voltageV === undefined ? {} : { batteryVoltageV: this.#voltageV }),
        });
      },
      (problem) => sink.problem(problem),
    );
  }

  async stop(): Promise<void> {
    this.#untap?.();
    this.#untap = undefined;
  }
}
