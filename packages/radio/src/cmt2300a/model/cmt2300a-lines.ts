/**
 * The CMT2300A model's interrupt outputs: INT1 and INT2 each show one selected source (INT1_CTL /
 * INT2_CTL bits 4..0) with the polarity of INT1_CTL bit 5, and IO_SEL decides whether GPIO2 and GPIO3
 * show them. A level change is an edge for whoever listens; a line marked dead never changes.
 */
import { INT_POLARITY_LOW, INT_SOURCE_MASK, IntFlag, IntSource, IoSel, Reg } from '../driver/registers';

export type CmtLine = 'gpio2' | 'gpio3';

/** The chip state the interrupt sources are read from. */
export interface CmtIntSources {
  intFlags: number;
  txDone: boolean;
  rxFifoNotEmpty: boolean;
}

function source(select: number, s: CmtIntSources): boolean {
  switch (select & INT_SOURCE_MASK) {
    case IntSource.pktOk:
      return (s.intFlags & IntFlag.pktOk) !== 0;
    case IntSource.txDone:
      return s.txDone;
    case IntSource.crcOk:
      return (s.intFlags & IntFlag.crcOk) !== 0;
    case IntSource.syncOk:
      return (s.intFlags & IntFlag.syncOk) !== 0;
    case IntSource.preambleOk:
      return (s.intFlags & IntFlag.preambleOk) !== 0;
    case IntSource.rxFifoNotEmpty:
      return s.rxFifoNotEmpty;
    default:
      // Sources the model does not drive (timers, FIFO thresholds, state outputs) stay inactive.
      return false;
  }
}

export class CmtInterruptLines {
  readonly #isDead: (line: CmtLine) => boolean;
  readonly #levels: Record<CmtLine, boolean> = { gpio2: false, gpio3: false };
  readonly #listeners: Record<CmtLine, Set<(rising: boolean) => void>> = {
    gpio2: new Set(),
    gpio3: new Set(),
  };

  constructor(isDead: (line: CmtLine) => boolean) {
    this.#isDead = isDead;
  }

  level(line: CmtLine): boolean {
    return this.#isDead(line) ? false : this.#levels[line];
  }

  onEdge(line: CmtLine, listener: (rising: boolean) => void): () => void {
    this.#listeners[line].add(listener);
    return () => this.#listeners[line].delete(listener);
  }

  /** Recomputes both lines from the registers and the sources; fires an edge for each change. */
  update(regs: Uint8Array, sources: CmtIntSources): void {
    const activeLow = (regs[Reg.int1Ctl]! & INT_POLARITY_LOW) !== 0;
    const int1 = source(regs[Reg.int1Ctl]!, sources) !== activeLow;
    const int2 = source(regs[Reg.int2Ctl]!, sources) !== activeLow;
    const io = regs[Reg.ioSel]!;
    const gpio2Sel = io & IoSel.gpio2Mask;
    this.#set('gpio2', gpio2Sel === IoSel.gpio2Int1 ? int1 : gpio2Sel === IoSel.gpio2Int2 ? int2 : false);
    this.#set('gpio3', (io & IoSel.gpio3Mask) === IoSel.gpio3Int2 ? int2 : false);
  }

  #set(line: CmtLine, level: boolean): void {
    if (this.#levels[line] === level) return;
    this.#levels[line] = level;
    if (this.#isDead(line)) return;
    for (const listener of [...this.#listeners[line]]) listener(level);
  }
}
