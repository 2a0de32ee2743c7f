/**
 * A register-level model of the CMT2300A behind the same SPI and GPIO doors as the real chip
 * (`cmt2300a-ports.ts` builds them). It keeps the chip's rules and records every breach in `errors`, so a
 * driver bug shows up in a test: registers only through CSB, the FIFO only through FCSB and one byte per
 * pulse, the mode state machine and its go-commands, FIFO direction and size, interrupt routing to GPIO2
 * and GPIO3, flags that stay until cleared, and the carrier from band + channel. Packets reach the air
 * (`Air`) after their time on air; a packet from the far side is heard only in RX, on the tuned frequency,
 * with the Hoymiles packet format, and only when the FIFO is free (else it is an overrun).
 */

import type { Air, CmtAirPacket } from '../../model/air';
import { ModelTime } from '../../model/model-time';
import type { RadioTimer } from '../../radio-timer';
import {
  CFG_RETAIN,
  CONFIG_END,
  FifoClr,
  FifoCtl,
  IntClr1,
  IntEn,
  IntFlag,
  LOCKING_EN,
  Reg,
  RSSI_DBM_OFFSET,
  RSTN_IN_EN,
  SOFT_RESET_VALUE,
  STATE_MASK,
  State,
  type StateCode,
  stateName,
} from '../driver/registers';
import { type CmtModelFaults, type CmtModelStats, noFaults, takeFault } from './cmt2300a-faults';
import { CmtFifo } from './cmt2300a-fifo';
import { CmtInterruptLines, type CmtLine } from './cmt2300a-lines';
import { airProfileProblems, airtimeMs, tunedFrequencyHz } from './cmt2300a-rf';
import { ALLOWED, exitState, GO_TARGET, TUNED } from './cmt2300a-states';
import { SOFT_RESET_BUSY_MS, transitionMs } from './cmt2300a-timing';

export interface Cmt2300aModelOptions {
  clock: RadioTimer;
  air: Air;
  /** False: no chip on the bus; every read returns 0xFF. Default true. */
  present?: boolean;
  /** How long the chip is busy after a soft reset, ms. Default 20 (SOFT_RESET_BUSY_MS). */
  resetMs?: number;
}

export type { CmtModelFaults, CmtModelStats } from './cmt2300a-faults';

export class Cmt2300aModel {
  readonly errors: string[] = [];
  readonly faults: CmtModelFaults = noFaults();
  readonly stats: CmtModelStats = {
    transmitted: 0,
    received: 0,
    overruns: 0,
    crcErrors: 0,
    notListening: 0,
    wrongFrequency: 0,
    txAborted: 0,
  };
  readonly present: boolean;
  /** The chip's own time (model-time.ts): what is due has happened whenever the host looks. */
  readonly #clock: ModelTime;
  readonly #air: Air;
  readonly #resetMs: number;
  readonly #regs = new Uint8Array(0x80);
  #state: number = State.sleep;
  #busyUntil = Number.NEGATIVE_INFINITY;
  #fifo = new CmtFifo();
  #intFlags = 0;
  #txDone = false;
  #rssiDbm = -128;
  #tunedHz: number | undefined;
  #cancelTx: (() => void) | undefined;
  /** A mode change under way: MODE_STA shows the old state until it lands. */
  #pending: { target: StateCode; cancel: () => void } | undefined;
  readonly #lines = new CmtInterruptLines((line) => this.faults[`${line}Dead`]);

  constructor(options: Cmt2300aModelOptions) {
    this.#clock = new ModelTime(options.clock);
    this.#air = options.air;
    this.present = options.present ?? true;
    this.#resetMs = options.resetMs ?? SOFT_RESET_BUSY_MS;
    this.#powerOn();
    options.air.listen((packet) => {
      if (packet.kind === 'cmt') this.#hear(packet);
    });
  }

  /** The state code MODE_STA shows (for tests). */
  get state(): number {
    return this.#state;
  }

  /** The carrier the chip is tuned to in RFS/TFS/RX/TX. */
  get tunedHz(): number | undefined {
    return this.#tunedHz;
  }

  register(address: number): number {
    return this.#regs[address]!;
  }

  /** GPIO line level as the chip drives it (a dead line stays low). */
  level(line: CmtLine): boolean {
    this.#clock.catchUp();
    return this.#lines.level(line);
  }

  onEdge(line: CmtLine, listener: (rising: boolean) => void): () => void {
    return this.#lines.onEdge(line, listener);
  }

  error(message: string): void {
    this.errors.push(`${this.#clock.now()}: ${message}`);
  }

  /** Called by every port before a transfer: counts it and throws the injected I/O faults. */
  takeFault(): boolean {
    return takeFault(this.faults);
  }

  /** False (with an error recorded) while the chip is resetting. */
  #awake(): boolean {
    if (this.#clock.now() >= this.#busyUntil) return true;
    this.error('SPI access while the chip is still resetting');
    return false;
  }

  // --- register port (CSB) ------------------------------------------------------------------------------

  readRegister(address: number): number {
    this.#clock.catchUp();
    if (!this.present) return 0xff;
    if (!this.#awake()) return 0;
    switch (address) {
      case Reg.modeSta:
        return (this.#regs[Reg.modeSta]! & ~STATE_MASK) | this.#state;
      case Reg.intClr1:
        return this.#txDone ? IntClr1.txDoneFlag : 0;
      case Reg.intClr2:
      case Reg.fifoClr:
      case Reg.softReset:
        return 0;
      case Reg.intFlag:
        return this.#intFlags;
      case Reg.fifoFlag:
        return this.#fifo.flags(this.#regs[Reg.fifoCtl]!);
      case Reg.rssiCode:
      case Reg.rssiDbm:
        return Math.max(0, Math.min(255, this.#rssiDbm + RSSI_DBM_OFFSET));
      case Reg.lbdResult:
        return 0x8c;
    }
    if (address > Reg.lbdResult) this.error(`read of unknown register 0x${hex(address)}`);
    return this.#regs[address]!;
  }

  writeRegister(address: number, value: number): void {
    this.#clock.catchUp();
    if (!this.present || !this.#awake()) return;
    if (address < CONFIG_END) {
      if (this.#state !== State.sleep && this.#state !== State.stby) {
        this.error(`configuration register 0x${hex(address)} written in ${stateName(this.#state)}`);
        return;
      }
      this.#regs[address] = value;
      return;
    }
    switch (address) {
      case Reg.modeCtl:
        this.#go(value);
        return;
      case Reg.modeSta:
        this.#regs[Reg.modeSta] = value & (CFG_RETAIN | RSTN_IN_EN);
        return;
      case Reg.freqChannel:
      case Reg.freqOffset:
        if (TUNED.includes(this.#state)) {
          this.error(`frequency register 0x${hex(address)} written while tuned (${stateName(this.#state)})`);
          return;
        }
        this.#regs[address] = value;
        return;
      case Reg.fifoCtl:
        if ((this.#state === State.rx || this.#state === State.tx) && (value ^ this.#regs[address]!) & 0x07) {
          this.error(`FIFO direction changed in ${stateName(this.#state)}`);
        }
        this.#regs[address] = value;
        return;
      case Reg.intClr1:
        if (value & IntClr1.txDoneClear) this.#txDone = false;
        break;
      case Reg.intClr2:
        this.#clearIntFlags(value);
        break;
      case Reg.fifoClr:
        if (value & ~(FifoClr.rx | FifoClr.tx))
          this.error(`FIFO_CLR 0x${hex(value)}: restore is not modelled`);
        this.#fifo.clear(value);
        break;
      case Reg.intFlag:
      case Reg.fifoFlag:
      case Reg.rssiCode:
      case Reg.rssiDbm:
      case Reg.lbdResult:
        this.error(`write to read-only register 0x${hex(address)}`);
        return;
      case Reg.softReset:
        if (value === SOFT_RESET_VALUE) this.#softReset();
        else this.error(`soft reset register written with 0x${hex(value)}, not 0xff`);
        return;
      default:
        if (address > Reg.lbdResult) {
          this.error(`write to unknown register 0x${hex(address)}`);
          return;
        }
        this.#regs[address] = value;
    }
    this.#updateLines();
  }

  // --- FIFO port (FCSB) -----------------------------------------------------------------------------

  writeFifo(value: number): void {
    this.#clock.catchUp();
    if (!this.present || !this.#awake()) return;
    const refused = this.#fifoWriteRefusal();
    if (refused) {
      this.error(refused);
      return;
    }
    this.#fifo.tx.push(value & 0xff);
    this.#updateLines();
  }

  #fifoWriteRefusal(): string | undefined {
    const ctl = this.#regs[Reg.fifoCtl]!;
    if (!(ctl & FifoCtl.spiWrite)) return 'FIFO write while FIFO_CTL is set for SPI reads';
    if (!(ctl & FifoCtl.selectTx)) return 'FIFO write while FIFO_CTL selects the RX FIFO';
    if (this.#state === State.sleep) return 'FIFO write in SLEEP';
    if (ctl & FifoCtl.merge && this.#fifo.rx.length > 0) {
      return 'TX bytes written while the merged FIFO still holds received bytes (clear it first)';
    }
    if (this.#fifo.tx.length >= this.#fifo.capacity(ctl)) return 'TX FIFO overflow';
    return undefined;
  }

  readFifo(): number {
    this.#clock.catchUp();
    if (!this.present) return 0xff;
    if (!this.#awake()) return 0;
    const ctl = this.#regs[Reg.fifoCtl]!;
    if (this.#state === State.sleep) {
      this.error('FIFO read in SLEEP');
      return 0;
    }
    if (ctl & FifoCtl.spiWrite) {
      this.error('FIFO read while FIFO_CTL is set for SPI writes');
      return 0;
    }
    if (ctl & FifoCtl.selectTx) {
      this.error('FIFO read while FIFO_CTL selects the TX FIFO');
      return 0;
    }
    const value = this.#fifo.rx.shift();
    if (value === undefined) {
      this.error('read from an empty RX FIFO');
      return 0;
    }
    this.#updateLines();
    return value;
  }

  // --- state machine --------------------------------------------------------------------------------

  #go(command: number): void {
    const target = GO_TARGET[command];
    if (target === undefined) {
      this.error(`MODE_CTL 0x${hex(command)} is not one go-command`);
      return;
    }
    if (this.#pending) {
      const toward = stateName(this.#pending.target);
      this.error(`go ${stateName(target)} while the chip is still changing to ${toward} (wait for MODE_STA)`);
      return;
    }
    if (target === this.#state) return;
    if (!ALLOWED[this.#state]?.includes(target)) {
      this.error(`go ${stateName(target)} refused in ${stateName(this.#state)}`);
      return;
    }
    if (TUNED.includes(target) && !(this.#regs[Reg.enCtl]! & LOCKING_EN)) {
      this.error(
        `go ${stateName(target)} without LOCKING_EN (EN_CTL bit 5): the synthesizer lock is not watched`,
      );
    }
    const cancel = this.#clock.setTimer(transitionMs(this.#state, target), () => {
      this.#pending = undefined;
      this.#enter(target);
    });
    this.#pending = { target, cancel };
  }

  #enter(target: StateCode): void {
    if (this.#state === State.tx && this.#cancelTx) {
      this.#cancelTx();
      this.#cancelTx = undefined;
      this.stats.txAborted++;
    }
    this.#state = target;
    if (target === State.sleep && !(this.#regs[Reg.modeSta]! & CFG_RETAIN)) {
      // Without CFG_RETAIN the configuration does not survive SLEEP.
      this.#regs.fill(0, 0, CONFIG_END);
    }
    if (!TUNED.includes(target)) this.#tunedHz = undefined;
    else if (this.#tunedHz === undefined || target === State.tx || target === State.rx) {
      this.#tunedHz = tunedFrequencyHz(this.#regs, target === State.tx || target === State.tfs ? 'tx' : 'rx');
      if (this.#tunedHz === undefined) this.error(`${stateName(target)} with an unusable frequency bank`);
    }
    if (target === State.tx) this.#startTx();
    if (target === State.rx && this.#regs[Reg.fifoCtl]! & FifoCtl.selectTx) {
      this.error('RX entered while FIFO_CTL selects the TX FIFO: received bytes have nowhere to go');
    }
    this.#updateLines();
  }

  #startTx(): void {
    const regs = this.#regs;
    if (!(regs[Reg.fifoCtl]! & FifoCtl.selectTx)) this.error('TX entered while FIFO_CTL selects the RX FIFO');
    const length = regs[Reg.pkt15]! | ((regs[Reg.pkt14]! & 0x70) << 4);
    const tx = this.#fifo.tx;
    if (tx.length === 0) this.error('TX with an empty TX FIFO');
    else if (length !== tx.length) {
      this.error(`TX length register says ${length} bytes but the FIFO holds ${tx.length}`);
    }
    const payload = Uint8Array.from(tx);
    const frequencyHz = this.#tunedHz;
    const problems = airProfileProblems(regs);
    if (problems.length > 0) this.error(`TX that no inverter could hear: ${problems.join('; ')}`);
    this.#cancelTx = this.#clock.setTimer(airtimeMs(regs, payload.length), () => {
      this.#cancelTx = undefined;
      this.#fifo.tx = [];
      if (regs[Reg.intEn]! & IntEn.txDone) this.#txDone = true;
      this.#state = exitState(regs, 'tx');
      if (this.#state !== State.tfs) this.#tunedHz = undefined;
      this.#updateLines();
      if (frequencyHz !== undefined && problems.length === 0 && payload.length > 0) {
        this.stats.transmitted++;
        this.#air.send({ kind: 'cmt', frequencyHz, payload });
      }
    });
  }

  // --- receive --------------------------------------------------------------------------------------

  #hear(packet: CmtAirPacket): void {
    if (this.#state !== State.rx) {
      this.stats.notListening++;
      return;
    }
    if (packet.frequencyHz !== this.#tunedHz) {
      this.stats.wrongFrequency++;
      return;
    }
    const regs = this.#regs;
    if (airProfileProblems(regs).length > 0) {
      this.stats.notListening++;
      return;
    }
    const en = regs[Reg.intEn]!;
    const gated = (flag: number, enable: number) => (en & enable ? flag : 0);
    this.#rssiDbm = Math.round(packet.rssiDbm ?? -60);
    this.#intFlags |= gated(IntFlag.preambleOk, IntEn.preambleOk) | gated(IntFlag.syncOk, IntEn.syncOk);
    if (this.faults.crcError?.(packet)) {
      this.stats.crcErrors++;
      this.#intFlags |= gated(IntFlag.pktErr, IntEn.pktDone);
      this.#updateLines();
      return;
    }
    if (this.#fifo.rx.length > 0) {
      this.stats.overruns++;
      this.#fifo.overflow = true;
      this.#updateLines();
      return;
    }
    if (regs[Reg.fifoCtl]! & FifoCtl.selectTx) {
      this.error('packet received while the FIFO is set for TX: lost');
      return;
    }
    if (packet.payload.length + 1 > this.#fifo.capacity(regs[Reg.fifoCtl]!)) {
      this.error(`packet of ${packet.payload.length} bytes does not fit the FIFO`);
      return;
    }
    this.#fifo.rx = [packet.payload.length, ...packet.payload];
    this.stats.received++;
    this.#intFlags |= gated(IntFlag.crcOk, IntEn.crcOk) | gated(IntFlag.pktOk, IntEn.pktDone);
    if (!(regs[Reg.sys10]! & 0x20)) {
      this.#enter(exitState(regs, 'rx'));
    }
    this.#updateLines();
  }

  #clearIntFlags(value: number): void {
    const clears: [number, number][] = [
      [0x10, IntFlag.preambleOk],
      [0x08, IntFlag.syncOk],
      [0x02, IntFlag.crcOk],
      [0x01, IntFlag.pktOk | IntFlag.pktErr],
    ];
    for (const [bit, flags] of clears) if (value & bit) this.#intFlags &= ~flags;
  }

  #updateLines(): void {
    this.#lines.update(this.#regs, {
      intFlags: this.#intFlags,
      txDone: this.#txDone,
      rxFifoNotEmpty: this.#fifo.rx.length > 0,
    });
  }

  // --- reset ----------------------------------------------------------------------------------------

  #powerOn(): void {
    this.#regs.fill(0);
    this.#regs[Reg.modeSta] = RSTN_IN_EN;
    this.#state = State.sleep;
    this.#fifo = new CmtFifo();
    this.#intFlags = 0;
    this.#txDone = false;
    this.#tunedHz = undefined;
    this.#cancelTx?.();
    this.#cancelTx = undefined;
    this.#pending?.cancel();
    this.#pending = undefined;
  }

  #softReset(): void {
    this.#powerOn();
    this.#state = State.idle;
    this.#busyUntil = this.#clock.now() + this.#resetMs;
    this.#clock.setTimer(this.#resetMs, () => {
      if (this.#state === State.idle) this.#state = State.sleep;
    });
    this.#updateLines();
  }
}

const hex = (value: number) => value.toString(16).padStart(2, '0');
