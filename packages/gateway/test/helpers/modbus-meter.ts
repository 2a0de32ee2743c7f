/**
 * A Modbus TCP meter for the tests: modbus-serial's own server with a register image. Values are written
 * as the meters store them (float32 high word first, or as a custom register's type and word order).
 * `fail` makes a register answer an exception code.
 */
import ModbusRTU, {
  type ServerSerial as ServerSerialClass,
  type ServerTCP as ServerTcpClass,
} from 'modbus-serial';
import type { ModbusValueType, ModbusWordOrder } from '../../src/powermeter/modbus/maps';
import { freePort } from './ports';

/** The library is CommonJS: its server hangs on the default export. */
const { ServerTCP, ServerSerial } = ModbusRTU as unknown as {
  ServerTCP: typeof ServerTcpClass;
  ServerSerial: typeof ServerSerialClass;
};

export class ModbusMeter {
  readonly input = new Map<number, number>();
  readonly holding = new Map<number, number>();
  /** Register address → exception code to answer. */
  readonly fail = new Map<number, number>();
  requests = 0;
  port = 0;
  #server: ServerTcpClass | ServerSerialClass | undefined;

  constructor(readonly unitId = 1) {}

  set(
    table: 'input' | 'holding',
    address: number,
    value: number,
    type: ModbusValueType = 'float32',
    order: ModbusWordOrder = 'high_first',
  ): void {
    const buf = Buffer.alloc(4);
    if (type === 'int16') {
      buf.writeInt16BE(value, 0);
      this[table].set(address, buf.readUInt16BE(0));
      return;
    }
    if (type === 'float32') buf.writeFloatBE(value, 0);
    else if (type === 'int32') buf.writeInt32BE(value, 0);
    else buf.writeUInt32BE(value, 0);
    const [high, low] = [buf.readUInt16BE(0), buf.readUInt16BE(2)];
    this[table].set(address, order === 'high_first' ? high : low);
    this[table].set(address + 1, order === 'high_first' ? low : high);
  }

  /** Listens on `port`, or on a free one. */
  async start(port?: number): Promise<void> {
    this.port = port ?? (await freePort());
    const server = new ServerTCP(this.#vector(), { host: '127.0.0.1', port: this.port, unitID: this.unitId });
    this.#server = server;
    await new Promise<void>((resolve) => server.on('initialized', () => resolve()));
  }

  /** Answers Modbus RTU on a serial line (the far end of a pseudo-terminal pair). */
  async startSerial(path: string, baudRate: number): Promise<void> {
    const server = new ServerSerial(this.#vector(), { path, baudRate, unitID: this.unitId });
    this.#server = server;
    await new Promise<void>((resolve) => server.on('initialized', () => resolve()));
  }

  #vector() {
    const read = (table: Map<number, number>) => (address: number) => {
      this.requests++;
      const code = this.fail.get(address);
      if (code !== undefined) throw { modbusErrorCode: code, msg: 'refused' };
      const value = table.get(address);
      if (value === undefined) throw { modbusErrorCode: 2, msg: 'no such register' };
      return value;
    };
    return {
      getInputRegister: read(this.input),
      getHoldingRegister: read(this.holding),
      getCoil: () => false,
      setRegister: () => undefined,
      setCoil: () => undefined,
    };
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
