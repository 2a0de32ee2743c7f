/**
 * The register file of the nRF24L01+ model: reset values, which bits a write may change, and the read-only
 * registers. STATUS, FIFO_STATUS and OBSERVE_TX are partly derived by the model and handled there.
 */
import { Reg, WIDE_REGISTERS } from '../driver/registers';

export type NrfVariant = 'plus' | 'original';

interface RegisterRule {
  reset: number | readonly number[];
  /** Bits a write changes; undefined = read-only. */
  writable: number | undefined;
}

const RULES: Readonly<Record<number, RegisterRule>> = {
  [Reg.CONFIG]: { reset: 0x08, writable: 0x7f },
  [Reg.EN_AA]: { reset: 0x3f, writable: 0x3f },
  [Reg.EN_RXADDR]: { reset: 0x03, writable: 0x3f },
  [Reg.SETUP_AW]: { reset: 0x03, writable: 0x03 },
  [Reg.SETUP_RETR]: { reset: 0x03, writable: 0xff },
  [Reg.RF_CH]: { reset: 0x02, writable: 0x7f },
  [Reg.RF_SETUP]: { reset: 0x0e, writable: 0xbe },
  [Reg.STATUS]: { reset: 0x0e, writable: 0x70 },
  [Reg.OBSERVE_TX]: { reset: 0x00, writable: undefined },
  [Reg.RPD]: { reset: 0x00, writable: undefined },
  [Reg.RX_ADDR_P0]: { reset: [0xe7, 0xe7, 0xe7, 0xe7, 0xe7], writable: 0xff },
  [Reg.RX_ADDR_P1]: { reset: [0xc2, 0xc2, 0xc2, 0xc2, 0xc2], writable: 0xff },
  [Reg.RX_ADDR_P2]: { reset: 0xc3, writable: 0xff },
  [Reg.RX_ADDR_P3]: { reset: 0xc4, writable: 0xff },
  [Reg.RX_ADDR_P4]: { reset: 0xc5, writable: 0xff },
  [Reg.RX_ADDR_P5]: { reset: 0xc6, writable: 0xff },
  [Reg.TX_ADDR]: { reset: [0xe7, 0xe7, 0xe7, 0xe7, 0xe7], writable: 0xff },
  [Reg.RX_PW_P0]: { reset: 0x00, writable: 0x3f },
  [Reg.RX_PW_P1]: { reset: 0x00, writable: 0x3f },
  [Reg.RX_PW_P2]: { reset: 0x00, writable: 0x3f },
  [Reg.RX_PW_P3]: { reset: 0x00, writable: 0x3f },
  [Reg.RX_PW_P4]: { reset: 0x00, writable: 0x3f },
  [Reg.RX_PW_P5]: { reset: 0x00, writable: 0x3f },
  [Reg.FIFO_STATUS]: { reset: 0x11, writable: undefined },
  [Reg.DYNPD]: { reset: 0x00, writable: 0x3f },
  [Reg.FEATURE]: { reset: 0x00, writable: 0x07 },
};

/** The original nRF24L01 has no 250 kbps bit (RF_DR_LOW) and no CONT_WAVE: those bits stay 0. */
const ORIGINAL_RF_SETUP_WRITABLE = 0x1f;

export function isRegister(address: number): boolean {
  return RULES[address] !== undefined;
}

export function isReadOnly(address: number): boolean {
  return RULES[address]?.writable === undefined;
}

export class ModelRegisters {
  readonly #values = new Map<number, Uint8Array>();
  readonly #variant: NrfVariant;

  constructor(variant: NrfVariant) {
    this.#variant = variant;
    this.reset();
  }

  reset(): void {
    for (const [address, rule] of Object.entries(RULES)) {
      const reset = typeof rule.reset === 'number' ? [rule.reset] : rule.reset;
      this.#values.set(Number(address), Uint8Array.from(reset));
    }
  }

  /** Bytes of an address register in register order (least significant first), `width` of them. */
  bytes(address: number, width: number): Uint8Array {
    return this.#values.get(address)!.slice(0, WIDE_REGISTERS.has(address) ? width : 1);
  }

  get(address: number): number {
    return this.#values.get(address)![0]!;
  }

  /** Stores a written value through the register's write mask. The caller has checked the rules. */
  write(address: number, data: Uint8Array): void {
    const stored = this.#values.get(address)!;
    const mask =
      address === Reg.RF_SETUP && this.#variant === 'original'
        ? ORIGINAL_RF_SETUP_WRITABLE
        : (RULES[address]!.writable ?? 0);
    for (let i = 0; i < Math.min(data.length, stored.length); i++) {
      stored[i] = (stored[i]! & ~mask) | (data[i]! & mask);
    }
  }

  /** Sets a byte the chip itself maintains (STATUS flags, OBSERVE_TX). */
  set(address: number, value: number): void {
    this.#values.get(address)![0] = value & 0xff;
  }
}
