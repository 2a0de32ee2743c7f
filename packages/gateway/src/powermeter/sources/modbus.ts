/**
 * A Modbus meter, over TCP or RTU (RS485), read with `modbus-serial`: every polling interval the power
 * register (and the phases and energy registers where the model's map has them, modbus/maps.ts). A
 * connection stays open between reads; after a failure it is closed and opened again on the next read,
 * which is also how an RS485 adapter that was pulled out comes back.
 *
 * Failures are counted and named: an exception code of the meter, no answer in time (often a wrong unit
 * id: a meter ignores requests for another id), an answer from another unit, a missing serial device.
 */
import type { Clock } from '@dtu-console/clock';
import { PowerMeterLimits } from '@dtu-console/contract';
import type ModbusRTU from 'modbus-serial';
import { FailureCount } from '../failure-count';
import { MODBUS_MAPS, type ModbusMap, type RegisterSpec, registerValue, wordsOf } from '../modbus/maps';
import { MeterError, problemOf } from '../problems';
import { deviceProblem } from '../serial-line';
import type { MeterReading } from '../types';
import { PollingSource, type PowerMeterSection, type SourceSink } from './source';

type ModbusSection = PowerMeterSection['modbus'];

/** Exception codes of the Modbus application protocol. */
const EXCEPTIONS: Record<number, string> = {
  1: 'illegal function',
  2: 'illegal data address',
  3: 'illegal data value',
  4: 'device failure',
  5: 'acknowledge',
  6: 'device busy',
  10: 'gateway path unavailable',
  11: 'gateway target failed to respond',
};

/** The register map of the section's model, or of its custom register. */
export function mapOf(section: ModbusSection): ModbusMap {
  if (section.model !== 'custom') return MODBUS_MAPS[section.model];
  return {
    registerType: section.register_type,
    power: {
      address: section.register,
      type: section.data_type,
      wordOrder: section.word_order,
      scale: section.scale,
    },
  };
}

function where(section: ModbusSection): string {
  return section.transport === 'tcp' ? `${section.host}:${section.port}` : section.device;
}

export class ModbusSource extends PollingSource {
  readonly failures = new FailureCount();
  readonly #section: ModbusSection;
  #client: ModbusRTU | undefined;

  constructor(section: ModbusSection, clock: Clock) {
    super({
      where: where(section),
      intervalMs: section.polling_interval * 1000,
      read: () => this.#read(clock),
    });
    this.#section = section;
  }

  override start(sink: SourceSink): void {
    super.start({
      reading: (reading) => sink.reading(reading),
      problem: (problem) =>
        sink.problem(this.failures.problem(problem.code as MeterError['code'], problem.detail)),
    });
  }

  override async stop(): Promise<void> {
    await super.stop();
    await this.#close();
  }

  async #close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (client?.isOpen) await new Promise<void>((resolve) => client.close(() => resolve()));
  }

  async #connect(): Promise<ModbusRTU> {
    if (this.#client?.isOpen) return this.#client;
    await this.#close();
    const section = this.#section;
    if (section.transport === 'rtu') {
      const missing = await deviceProblem(section.device);
      if (missing) throw missing;
    }
    const { default: Modbus } = await import('modbus-serial');
    const client = new Modbus();
    client.setTimeout(PowerMeterLimits.modbusTimeoutMs);
    if (section.transport === 'tcp') {
      await client.connectTCP(section.host, { port: section.port });
    } else {
      await client.connectRTUBuffered(section.device, {
        baudRate: section.baud_rate,
        parity: section.parity,
        dataBits: 8,
        stopBits: 1,
      });
    }
    client.setID(section.unit_id);
    this.#client = client;
    return client;
  }

  async #registers(client: ModbusRTU, map: ModbusMap, spec: RegisterSpec): Promise<number> {
    const words = wordsOf(spec.type);
    const answer =
      map.registerType === 'input'
        ? await client.readInputRegisters(spec.address, words)
        : await client.readHoldingRegisters(spec.address, words);
    const value = registerValue(spec, answer.data);
    if (!Number.isFinite(value))
      throw new MeterError('not-a-number', `Register 0x${spec.address.toString(16)} holds no number`);
    return value;
  }

  async #read(clock: Clock): Promise<MeterReading> {
    const section = this.#section;
    const map = mapOf(section);
    try {
      const client = await this.#connect();
      const powerW = await this.#registers(client, map, map.power);
      const reading: MeterReading = { powerW: Math.round(powerW * 100) / 100, atMs: clock.now() };
      if (map.phases) {
        const phases: number[] = [];
        for (const spec of map.phases)
          phases.push(Math.round((await this.#registers(client, map, spec)) * 100) / 100);
        reading.phasesW = phases;
      }
      if (map.importEnergy) reading.importWh = await this.#registers(client, map, map.importEnergy);
      if (map.exportEnergy) reading.exportWh = await this.#registers(client, map, map.exportEnergy);
      return reading;
    } catch (error) {
      throw this.#problem(error);
    }
  }

  /** Names a failure; a connection that failed is opened again on the next read. */
  #problem(error: unknown): MeterError {
    const section = this.#section;
    const at = where(section);
    if (error instanceof MeterError) return error;
    const e = error as { modbusCode?: unknown; name?: unknown; message?: unknown; errno?: unknown };
    if (typeof e.modbusCode === 'number') {
      const name = EXCEPTIONS[e.modbusCode] ?? 'unknown exception';
      // 10 and 11: the RS485 gateway found no meter with that unit id.
      const code = e.modbusCode === 10 || e.modbusCode === 11 ? 'modbus-unit' : 'modbus-exception';
      return new MeterError(code, `${at}, unit ${section.unit_id}: exception ${e.modbusCode} (${name})`);
    }
    void this.#close();
    const message = String(e.message ?? '');
    if (e.name === 'TransactionTimedOutError' || /timed out/i.test(message)) {
      const ms = PowerMeterLimits.modbusTimeoutMs;
      // Over TCP the connection stands, so the meter (or the RS485 gateway's bus) has no such unit.
      if (section.transport === 'tcp')
        return new MeterError(
          'modbus-unit',
          `No answer from unit ${section.unit_id} at ${at} within ${ms} ms: is the unit id right?`,
        );
      return new MeterError(
        'timeout',
        `No answer from unit ${section.unit_id} on ${at} within ${ms} ms (check the unit id, baud rate, parity and the A/B wires)`,
      );
    }
    if (/unexpected data|unit id|address/i.test(message) && !/ECONN|EHOST|ENOTFOUND/.test(message)) {
      return new MeterError(
        'modbus-unit',
        `${at}: answer from another unit than ${section.unit_id} (${message})`,
      );
    }
    if (/crc/i.test(message)) return new MeterError('modbus-exception', `${at}: garbled answer (${message})`);
    const problem = problemOf(error, at);
    return new MeterError(problem.code as MeterError['code'], problem.detail);
  }
}
