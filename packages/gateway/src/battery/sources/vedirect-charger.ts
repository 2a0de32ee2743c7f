import type { Clock } from '@dtu-console/clock';
import type { SerialLine } from '../../powermeter/serial-line';
import { type ChargerReading, validateCharger } from '../reading';
import type { ChargerSink, ChargerSource } from '../types';
import { decodeMppt, type VeDirectMpptFields } from '../vedirect/fields';
import type { VeDirectBlock } from '../vedirect/framer';
import { veDirectLine } from '../vedirect/line';

/** The state of operation (`CS`) of a charger, by code, as the VE.Direct protocol names the states. */
const CHARGE_STATES: ReadonlyMap<number, string> = new Map([
  [0, 'off'],
  [1, 'low_power'],
  [2, 'fault'],
  [3, 'bulk'],
  [4, 'absorption'],
  [5, 'float'],
  [6, 'storage'],
  [7, 'equalize'],
  [9, 'inverting'],
  [11, 'power_supply'],
  [245, 'starting_up'],
  [246, 'repeated_absorption'],
  [247, 'auto_equalize'],
  [248, 'battery_safe'],
  [252, 'external_control'],
]);

export function chargeStateKey(code: number): string {
  return CHARGE_STATES.get(code) ?? 'unknown';
}

/** The solar chargers among the product ids (`PID`) the VE.Direct protocol lists. */
const MPPT_PRODUCTS: ReadonlyMap<number, string> = new Map([
  [0x0300, 'BlueSolar MPPT 70|15'],
  [0xa040, 'BlueSolar MPPT 75|50'],
  [0xa041, 'BlueSolar MPPT 150|35'],
  [0xa042, 'BlueSolar MPPT 75|15'],
  [0xa043, 'BlueSolar MPPT 100|15'],
  [0xa044, 'BlueSolar MPPT 100|30'],
  [0xa045, 'BlueSolar MPPT 100|50'],
  [0xa046, 'BlueSolar MPPT 150|70'],
  [0xa047, 'BlueSolar MPPT 150|100'],
  [0xa049, 'BlueSolar MPPT 100|50 rev2'],
  [0xa04a, 'BlueSolar MPPT 100|30 rev2'],
  [0xa04b, 'BlueSolar MPPT 150|35 rev2'],
  [0xa04c, 'BlueSolar MPPT 75|10'],
  [0xa04d, 'BlueSolar MPPT 150|45'],
  [0xa04e, 'BlueSolar MPPT 150|60'],
  [0xa04f, 'BlueSolar MPPT 150|85'],
  [0xa050, 'SmartSolar MPPT 250|100'],
  [0xa051, 'SmartSolar MPPT 150|100'],
  [0xa052, 'SmartSolar MPPT 150|85'],
  [0xa053, 'SmartSolar MPPT 75|15'],
  [0xa054, 'SmartSolar MPPT 75|10'],
  [0xa055, 'SmartSolar MPPT 100|15'],
  [0xa056, 'SmartSolar MPPT 100|30'],
  [0xa057, 'SmartSolar MPPT 100|50'],
  [0xa058, 'SmartSolar MPPT 150|35'],
  [0xa059, 'SmartSolar MPPT 150|100 rev2'],
  [0xa05a, 'SmartSolar MPPT 150|85 rev2'],
  [0xa05b, 'SmartSolar MPPT 250|70'],
  [0xa05c, 'SmartSolar MPPT 250|85'],
  [0xa05d, 'SmartSolar MPPT 250|60'],
  [0xa05e, 'SmartSolar MPPT 250|45'],
  [0xa05f, 'SmartSolar MPPT 100|20'],
  [0xa060, 'SmartSolar MPPT 100|20 48V'],
  [0xa061, 'SmartSolar MPPT 150|45'],
  [0xa062, 'SmartSolar MPPT 150|60'],
  [0xa063, 'SmartSolar MPPT 150|70'],
  [0xa064, 'SmartSolar MPPT 250|85 rev2'],
  [0xa065, 'SmartSolar MPPT 250|100 rev2'],
  [0xa066, 'BlueSolar MPPT 100|20'],
  [0xa067, 'BlueSolar MPPT 100|20 48V'],
  [0xa068, 'SmartSolar MPPT 250|60 rev2'],
  [0xa069, 'SmartSolar MPPT 250|70 rev2'],
  [0xa06a, 'SmartSolar MPPT 150|45 rev2'],
  [0xa06b, 'SmartSolar MPPT 150|60 rev2'],
  [0xa06c, 'SmartSolar MPPT 150|70 rev2'],
  [0xa06d, 'SmartSolar MPPT 150|85 rev3'],
  [0xa06e, 'SmartSolar MPPT 150|100 rev3'],
  [0xa06f, 'BlueSolar MPPT 150|45 rev2'],
  [0xa070, 'BlueSolar MPPT 150|60 rev2'],
  [0xa071, 'BlueSolar MPPT 150|70 rev2'],
  [0xa072, 'BlueSolar MPPT 150|45 rev3'],
  [0xa073, 'SmartSolar MPPT 150|45 rev3'],
  [0xa074, 'SmartSolar MPPT 75|10 rev2'],
  [0xa075, 'SmartSolar MPPT 75|15 rev2'],
  [0xa076, 'BlueSolar MPPT 100|30 rev3'],
  [0xa077, 'BlueSolar MPPT 100|50 rev3'],
  [0xa078, 'BlueSolar MPPT 150|35 rev3'],
  [0xa079, 'BlueSolar MPPT 75|10 rev2'],
  [0xa07a, 'BlueSolar MPPT 75|15 rev2'],
  [0xa07b, 'BlueSolar MPPT 100|15 rev2'],
  [0xa07c, 'BlueSolar MPPT 75|10 rev3'],
  [0xa07d, 'BlueSolar MPPT 75|15 rev3'],
  [0xa07e, 'SmartSolar MPPT 100|30 12V'],
  [0xa07f, 'All-In-1 SmartSolar MPPT 75|15 12V'],
  [0xa102, 'SmartSolar MPPT VE.Can 150|70'],
  [0xa103, 'SmartSolar MPPT VE.Can 150|45'],
  [0xa104, 'SmartSolar MPPT VE.Can 150|60'],
  [0xa105, 'SmartSolar MPPT VE.Can 150|85'],
  [0xa106, 'SmartSolar MPPT VE.Can 150|100'],
  [0xa107, 'SmartSolar MPPT VE.Can 250|45'],
  [0xa108, 'SmartSolar MPPT VE.Can 250|60'],
  [0xa109, 'SmartSolar MPPT VE.Can 250|70'],
  [0xa10a, 'SmartSolar MPPT VE.Can 250|85'],
  [0xa10b, 'SmartSolar MPPT VE.Can 250|100'],
  [0xa10c, 'SmartSolar MPPT VE.Can 150|70 rev2'],
  [0xa10d, 'SmartSolar MPPT VE.Can 150|85 rev2'],
  [0xa10e, 'SmartSolar MPPT VE.Can 150|100 rev2'],
  [0xa10f, 'BlueSolar MPPT VE.Can 150|100'],
  [0xa112, 'BlueSolar MPPT VE.Can 250|70'],
  [0xa113, 'BlueSolar MPPT VE.Can 250|100'],
  [0xa114, 'SmartSolar MPPT VE.Can 250|70 rev2'],
  [0xa115, 'SmartSolar MPPT VE.Can 250|100 rev2'],
  [0xa116, 'SmartSolar MPPT VE.Can 250|85 rev2'],
  [0xa117, 'BlueSolar MPPT VE.Can 150|100 rev2'],
]);

/** The product named by a `PID` value (`0xA06C`), or the value as sent when it is not a listed charger. */
export function productName(pid: string): string {
  if (!/^0x[0-9a-f]{1,4}$/i.test(pid)) return pid;
  return MPPT_PRODUCTS.get(Number.parseInt(pid.slice(2), 16)) ?? pid;
}

/** The charger values of one block, or undefined when it carries none. */
export function mpptReading(fields: VeDirectMpptFields): ChargerReading | undefined {
  const reading: ChargerReading = {};
  if (fields.panelPowerW !== undefined) reading.solarPowerW = fields.panelPowerW;
  if (fields.batteryVoltageV !== undefined) reading.batteryVoltageV = fields.batteryVoltageV;
  if (fields.batteryCurrentA !== undefined) reading.batteryCurrentA = fields.batteryCurrentA;
  if (fields.chargeState !== undefined) reading.chargeState = chargeStateKey(fields.chargeState);
  return Object.keys(reading).length > 0 ? reading : undefined;
}

export class VeDirectChargerSource implements ChargerSource {
  /** The serial device: the controller's id in the status. */
  readonly id: string;
  readonly #clock: Clock;
  readonly #reopenMs: number | undefined;
  #line: SerialLine | undefined;
  /** The product, from the last block that named it (a charger names it in the first of its blocks). */
  #product: string | undefined;

  constructor(device: string, clock: Clock, reopenMs?: number) {
    this.id = device;
    this.#clock = clock;
    this.#reopenMs = reopenMs;
  }

  start(sink: ChargerSink): void {
    this.#line = veDirectLine(this.id, this.#reopenMs, (block) => this.#block(block, sink), sink);
    this.#line.start();
  }

  /** The serial line (for tests: whether and how often it was opened). */
  get line(): SerialLine | undefined {
    return this.#line;
  }

  async stop(): Promise<void> {
    await this.#line?.stop();
  }

  #block(block: VeDirectBlock, sink: ChargerSink): void {
    const pid = block.get('PID');
    if (pid !== undefined) this.#product = productName(pid);
    const reading = mpptReading(decodeMppt(block));
    if (!reading) {
      sink.frame(true);
      return;
    }
    const { reading: kept, refused } = validateCharger(reading);
    sink.frame(refused.length === 0);
    sink.reading({
      ...kept,
      atMs: this.#clock.now(),
      ...(this.#product !== undefined ? { product: this.#product } : {}),
    });
    if (refused.length > 0)
      sink.problem({
        code: 'bad-frames',
        detail: `${this.id}: refused out-of-range values: ${refused.join(', ')}`,
      });
  }
}
