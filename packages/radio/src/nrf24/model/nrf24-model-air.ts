/**
 * The air side of the nRF24L01+ model: sending the TX FIFO with auto-ack and retransmits (ARD, ARC, MAX_RT,
 * OBSERVE_TX), and hearing packets (mode, channel, data rate, CRC, address per pipe, dynamic payload width,
 * RX FIFO full). Timing runs on the model's clock, in ms, from the packet lengths at the configured data rate.
 */

import type { Air, AirPacket, NrfAirPacket } from '../../model/air';
import type { RadioTimer } from '../../radio-timer';
import { Config, Feature, MAX_PAYLOAD, Reg, RfSetup, Status, Timing } from '../driver/registers';
import type { ModelFifo } from './nrf24-model-fifo';
import type { ModelRegisters } from './nrf24-model-registers';

/** The parts of the chip model the air side works on. */
export interface NrfChipState {
  readonly clock: RadioTimer;
  readonly regs: ModelRegisters;
  readonly rxFifo: ModelFifo<{ pipe: number; payload: Uint8Array }>;
  readonly txFifo: ModelFifo<Uint8Array>;
  readonly counters: { airSent: number; received: number; rxOverflow: number; crcDropped: number };
  readonly faults: { crcError?: (packet: NrfAirPacket) => boolean };
  readonly ceHigh: boolean;
  listening(): boolean;
  txReadyAt(): number;
  addressWidth(): number;
  raise(flags: number): void;
  error(message: string): void;
}

/** At 250 kbps an ack with no payload needs the retransmit delay to be at least this long, µs. */
const ARD_MIN_US_250K = 500;

/** Bits of a Enhanced ShockBurst packet besides address and payload: preamble, 9-bit control field. */
const PREAMBLE_BITS = 8;
const CONTROL_BITS = 9;

export class NrfAirSide {
  readonly #chip: NrfChipState;
  readonly #air: Air;
  #sending = false;
  #cancel: (() => void) | undefined;

  constructor(chip: NrfChipState, air: Air) {
    this.#chip = chip;
    this.#air = air;
    air.listen((packet) => this.#hear(packet));
  }

  get sending(): boolean {
    return this.#sending;
  }

  /** Starts sending the oldest TX payload when the chip is a powered PTX with CE high and MAX_RT clear. */
  kick(): void {
    const { regs, txFifo } = this.#chip;
    const config = regs.get(Reg.CONFIG);
    if (this.#sending || !this.#chip.ceHigh || txFifo.empty) return;
    if (!(config & Config.PWR_UP) || config & Config.PRIM_RX) return;
    // MAX_RT holds the chip until it is cleared.
    if (regs.get(Reg.STATUS) & Status.MAX_RT) return;
    this.#sending = true;
    this.#later(this.#chip.txReadyAt() - this.#chip.clock.now(), () => this.#attempt(0));
  }

  /** Power-down: whatever was under way stops. */
  abort(): void {
    this.#cancel?.();
    this.#cancel = undefined;
    this.#sending = false;
  }

  #later(ms: number, run: () => void): void {
    this.#cancel = this.#chip.clock.setTimer(Math.max(0, ms), () => {
      this.#cancel = undefined;
      run();
    });
  }

  #rateKbps(): number {
    const setup = this.#chip.regs.get(Reg.RF_SETUP);
    if (setup & RfSetup.RF_DR_LOW) return 250;
    return setup & RfSetup.RF_DR_HIGH ? 2000 : 1000;
  }

  #crcBytes(): number {
    const { regs } = this.#chip;
    const config = regs.get(Reg.CONFIG);
    // Auto-ack forces the CRC on.
    if (!(config & Config.EN_CRC) && regs.get(Reg.EN_AA) === 0) return 0;
    return config & Config.CRCO ? 2 : 1;
  }

  #airtimeMs(payloadBytes: number): number {
    const bits =
      PREAMBLE_BITS + 8 * (this.#chip.addressWidth() + payloadBytes + this.#crcBytes()) + CONTROL_BITS;
    return bits / this.#rateKbps();
  }

  #dynamicPayloads(pipe: number): boolean {
    const { regs } = this.#chip;
    return (regs.get(Reg.FEATURE) & Feature.EN_DPL) !== 0 && (regs.get(Reg.DYNPD) & (1 << pipe)) !== 0;
  }

  #attempt(retry: number): void {
    const chip = this.#chip;
    const { regs } = chip;
    const payload = chip.txFifo.peek();
    if (!payload) {
      this.#sending = false;
      return;
    }
    const width = chip.addressWidth();
    const txAddress = regs.bytes(Reg.TX_ADDR, width);
    const wantsAck = (regs.get(Reg.EN_AA) & 0x01) !== 0;
    const packet: NrfAirPacket = {
      kind: 'nrf24',
      channel: regs.get(Reg.RF_CH),
      dataRateKbps: this.#rateKbps(),
      crcBytes: this.#crcBytes(),
      address: txAddress.slice().reverse(),
      payload: payload.slice(),
      wantsAck,
    };
    if (!this.#dynamicPayloads(0)) {
      chip.error(
        'sending without dynamic payload length (FEATURE.EN_DPL and DYNPD pipe 0): HM inverters need it',
      );
    }
    const ardUs = ((regs.get(Reg.SETUP_RETR) >> 4) + 1) * 250;
    if (retry === 0 && wantsAck && packet.dataRateKbps === 250 && ardUs < ARD_MIN_US_250K) {
      chip.error(`ARD of ${ardUs} µs at 250 kbps: the ack cannot come back in time (at least 500 µs)`);
    }
    const airtime = this.#airtimeMs(payload.length);
    this.#later(airtime, () => {
      chip.counters.airSent++;
      const taken = this.#air.send(packet);
      if (!wantsAck) {
        this.#done(retry, Status.TX_DS);
        return;
      }
      // The ack comes back to pipe 0: it must be open and carry the TX address.
      const ackHeard =
        taken &&
        (regs.get(Reg.EN_RXADDR) & 0x01) !== 0 &&
        equalBytes(regs.bytes(Reg.RX_ADDR_P0, width), txAddress) &&
        this.#dynamicPayloads(0);
      if (ackHeard) {
        this.#later(Timing.SETTLE_MS + this.#airtimeMs(0), () => this.#done(retry, Status.TX_DS));
        return;
      }
      const setupRetr = regs.get(Reg.SETUP_RETR);
      const maxRetries = setupRetr & 0x0f;
      if (retry >= maxRetries) {
        this.#done(retry, Status.MAX_RT);
        return;
      }
      const delayMs = (((setupRetr >> 4) + 1) * 250) / 1000;
      this.#later(delayMs, () => this.#attempt(retry + 1));
    });
  }

  #done(retries: number, flag: number): void {
    const { regs } = this.#chip;
    const observe = regs.get(Reg.OBSERVE_TX);
    let lost = observe >> 4;
    if (flag === Status.MAX_RT) lost = Math.min(15, lost + 1);
    regs.set(Reg.OBSERVE_TX, (lost << 4) | (retries & 0x0f));
    // A sent payload leaves the FIFO; after MAX_RT it stays for the driver to flush or reuse.
    if (flag === Status.TX_DS) this.#chip.txFifo.shift();
    this.#sending = false;
    this.#chip.raise(flag);
    this.kick();
  }

  /** Hears a far-side packet; returns true when the chip acknowledged it (auto-ack on its pipe). */
  #hear(packet: AirPacket): boolean {
    if (packet.kind !== 'nrf24') return false;
    const chip = this.#chip;
    const { regs } = chip;
    if (!chip.listening()) return false;
    if (packet.channel !== regs.get(Reg.RF_CH) || packet.dataRateKbps !== this.#rateKbps()) return false;
    const width = chip.addressWidth();
    if (packet.address.length !== width || packet.crcBytes !== this.#crcBytes()) return false;
    const pipe = this.#pipeFor(packet.address.slice().reverse());
    if (pipe === undefined) return false;
    if (chip.faults.crcError?.(packet) === true) {
      chip.counters.crcDropped++;
      return false;
    }
    // Every packet on this air has a dynamic length: a pipe without it would read a wrong-length packet.
    if (!this.#dynamicPayloads(pipe)) return false;
    if (packet.payload.length < 1 || packet.payload.length > MAX_PAYLOAD) return false;
    if (chip.rxFifo.full) {
      chip.counters.rxOverflow++;
      return false;
    }
    chip.rxFifo.push({ pipe, payload: packet.payload.slice() });
    chip.counters.received++;
    chip.raise(Status.RX_DR);
    if (!packet.wantsAck) return false;
    if (regs.get(Reg.EN_AA) & (1 << pipe)) return true;
    chip.error(
      `an answer on pipe ${pipe} asked for an acknowledgement but EN_AA has pipe ${pipe} off: the inverter sends it again`,
    );
    return false;
  }

  /** The enabled pipe whose address (register order) matches, if any. */
  #pipeFor(address: Uint8Array): number | undefined {
    const { regs } = this.#chip;
    const width = this.#chip.addressWidth();
    const enabled = regs.get(Reg.EN_RXADDR);
    const p1 = regs.bytes(Reg.RX_ADDR_P1, width);
    for (let pipe = 0; pipe < 6; pipe++) {
      if (!(enabled & (1 << pipe))) continue;
      let candidate: Uint8Array;
      if (pipe === 0) candidate = regs.bytes(Reg.RX_ADDR_P0, width);
      else if (pipe === 1) candidate = p1;
      else {
        // Pipes 2..5 share pipe 1's upper bytes and have their own lowest byte.
        candidate = p1.slice();
        candidate[0] = regs.get(Reg.RX_ADDR_P0 + pipe);
      }
      if (equalBytes(candidate, address)) return pipe;
    }
    return undefined;
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
