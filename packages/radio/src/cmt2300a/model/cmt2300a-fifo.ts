/**
 * The CMT2300A model's FIFOs: a TX and an RX FIFO of 32 bytes each, or one 64-byte FIFO when FIFO_CTL
 * merges them (then it holds bytes of one direction at a time), plus the RX overflow flag.
 */
import { FifoClr, FifoCtl, FifoFlag, MERGED_FIFO_BYTES } from '../driver/registers';

export class CmtFifo {
  tx: number[] = [];
  rx: number[] = [];
  /** A packet arrived while the RX FIFO still held one; cleared with the RX FIFO. */
  overflow = false;

  capacity(fifoCtl: number): number {
    return fifoCtl & FifoCtl.merge ? MERGED_FIFO_BYTES : MERGED_FIFO_BYTES / 2;
  }

  /** FIFO_FLAG as the chip shows it. */
  flags(fifoCtl: number): number {
    const cap = this.capacity(fifoCtl);
    return (
      (this.rx.length >= cap ? FifoFlag.rxFull : 0) |
      (this.rx.length > 0 ? FifoFlag.rxNotEmpty : 0) |
      (this.overflow ? FifoFlag.rxOverflow : 0) |
      (this.tx.length >= cap ? FifoFlag.txFull : 0) |
      (this.tx.length > 0 ? FifoFlag.txNotEmpty : 0)
    );
  }

  /** FIFO_CLR bits. */
  clear(bits: number): void {
    if (bits & FifoClr.tx) this.tx = [];
    if (bits & FifoClr.rx) {
      this.rx = [];
      this.overflow = false;
    }
  }
}
