/**
 * Register-level access to an nRF24L01+ over SPI: one chip-select assertion per command, full duplex, the
 * STATUS byte that the chip clocks out first kept with every answer. Throws IoError as the bus does.
 */
import type { SpiBus } from '../../io';
import { Cmd, MAX_PAYLOAD } from './registers';

export interface ChipAnswer {
  /** STATUS as the chip clocked it out at the start of the command (before the command took effect). */
  status: number;
  data: Uint8Array;
}

export class NrfChip {
  readonly #spi: SpiBus;

  constructor(spi: SpiBus) {
    this.#spi = spi;
  }

  get path(): string {
    return this.#spi.path;
  }

  /** Sends the command byte and `data`, then clocks `readLength` more bytes in. */
  command(command: number, data: Uint8Array = new Uint8Array(0), readLength = 0): ChipAnswer {
    const tx = new Uint8Array(1 + data.length + readLength);
    tx[0] = command;
    tx.set(data, 1);
    // Bytes clocked out only to read are sent as NOP, which the chip ignores in any position.
    tx.fill(Cmd.NOP, 1 + data.length);
    const [rx] = this.#spi.transfer([{ tx, rxLength: tx.length }]);
    if (!rx || rx.length !== tx.length)
      throw new Error(`SPI answered ${rx?.length ?? 0} of ${tx.length} bytes`);
    return { status: rx[0]!, data: rx.slice(1 + data.length) };
  }

  readRegister(register: number, length = 1): ChipAnswer {
    return this.command(Cmd.R_REGISTER | register, undefined, length);
  }

  /** One byte of a register (the first, for a multi-byte one). */
  readByte(register: number): number {
    return this.readRegister(register).data[0]!;
  }

  /** Returns STATUS before the write (so a write to STATUS tells which flags it cleared). */
  writeRegister(register: number, value: number | Uint8Array): number {
    const data = typeof value === 'number' ? Uint8Array.of(value) : value;
    return this.command(Cmd.W_REGISTER | register, data).status;
  }

  status(): number {
    return this.command(Cmd.NOP).status;
  }

  writePayload(payload: Uint8Array): number {
    if (payload.length < 1 || payload.length > MAX_PAYLOAD) {
      throw new RangeError(`an nRF24 payload is 1..${MAX_PAYLOAD} bytes, not ${payload.length}`);
    }
    return this.command(Cmd.W_TX_PAYLOAD, payload).status;
  }

  readPayloadWidth(): number {
    return this.command(Cmd.R_RX_PL_WID, undefined, 1).data[0]!;
  }

  readPayload(width: number): Uint8Array {
    return this.command(Cmd.R_RX_PAYLOAD, undefined, width).data;
  }

  flushTx(): void {
    this.command(Cmd.FLUSH_TX);
  }

  flushRx(): void {
    this.command(Cmd.FLUSH_RX);
  }
}
