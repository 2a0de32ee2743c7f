import type { Clock } from '@dtu-console/clock';
import type { SerialLine } from '../../powermeter/serial-line';
import { type BatteryReading, validateBattery } from '../reading';
import type { BatterySink, BatterySource } from '../types';
import { decodeShunt, type VeDirectShuntFields } from '../vedirect/fields';
import { veDirectLine } from '../vedirect/line';

/**
 * The alarm reason bits (`AR`) of a BMV or SmartShunt, bit 0 first, as the VE.Direct protocol names
 * them. They are read only while `Alarm` is ON.
 */
export const VEDIRECT_ALARM_BITS = [
  'low_voltage',
  'high_voltage',
  'low_soc',
  'low_starter_voltage',
  'high_starter_voltage',
  'low_temperature',
  'high_temperature',
  'mid_voltage',
  'overload',
  'dc_ripple',
  'low_v_ac_out',
  'high_v_ac_out',
  'short_circuit',
  'bms_lockout',
] as const;

/** The alarm keys of an alarm in force: its reason bits, or `alarm` when the device names none we know. */
export function alarmKeys(fields: VeDirectShuntFields): string[] {
  if (fields.alarm !== true) return [];
  const reason = fields.alarmReason ?? 0;
  const keys = VEDIRECT_ALARM_BITS.filter((_, bit) => (reason >> bit) & 1);
  return keys.length > 0 ? keys : ['alarm'];
}

/** The values a battery monitor's block may carry, named alike in its fields and in a battery reading. */
const SHUNT_VALUES = ['socPercent', 'voltageV', 'currentA', 'powerW', 'temperatureC'] as const;

/** The battery values of one block, or undefined when it carries none. */
export function shuntReading(fields: VeDirectShuntFields): BatteryReading | undefined {
  const reading: BatteryReading = { alarms: alarmKeys(fields), warnings: [] };
  let any = false;
  for (const key of SHUNT_VALUES) {
    const value = fields[key];
    if (value === undefined) continue;
    reading[key] = value;
    any = true;
  }
  return any ? reading : undefined;
}

export class VeDirectBatterySource implements BatterySource {
  readonly #device: string;
  readonly #clock: Clock;
  readonly #reopenMs: number | undefined;
  #line: SerialLine | undefined;

  constructor(device: string, clock: Clock, reopenMs?: number) {
    this.#device = device;
    this.#clock = clock;
    this.#reopenMs = reopenMs;
  }

  start(sink: BatterySink): void {
    this.#line = veDirectLine(
      this.#device,
      this.#reopenMs,
      (block) => this.#block(decodeShunt(block), sink),
      sink,
    );
    this.#line.start();
  }

  /** The serial line (for tests: whether and how often it was opened). */
  get line(): SerialLine | undefined {
    return this.#line;
  }

  async stop(): Promise<void> {
    await this.#line?.stop();
  }

  #block(fields: VeDirectShuntFields, sink: BatterySink): void {
    const reading = shuntReading(fields);
    if (!reading) {
      sink.frame(true);
      return;
    }
    const { reading: kept, refused } = validateBattery(reading);
    sink.frame(refused.length === 0);
    sink.reading({ ...kept, atMs: this.#clock.now() });
    if (refused.length > 0)
      sink.problem({
        code: 'bad-frames',
        detail: `${this.#device}: refused out-of-range values: ${refused.join(', ')}`,
      });
  }
}
