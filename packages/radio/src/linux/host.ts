/** Opening a module's devices (wiring.ts) as the doors a driver talks through (io.ts). */
import { type GpioInput, type GpioOutput, IoError, type SpiBus } from '../io';
import { EdgeWatcher } from './edge-watcher';
import { GpioChip } from './gpio-chip';
import { openSpidev, openSpidevWithoutCs, type SpidevSelections } from './spidev';
import { type LinuxSyscalls, loadHostSyscalls } from './syscalls';
import type { CmtHostWiring, NrfHostWiring } from './wiring';

export interface NrfHostIo {
  spi: SpiBus;
  ce: GpioOutput;
  irq?: GpioInput;
  close(): void;
}

export interface CmtHostIo {
  /** Register access (CSB). */
  spi: SpiBus;
  /**
   * FIFO access: a chip select the kernel pulses per transfer, or a line the driver drives around
   * transfers on `bus`, the register device used without its chip select (CSB stays high).
   */
  fcsb: { kind: 'spi'; bus: SpiBus } | { kind: 'gpio'; line: GpioOutput; bus: SpiBus };
  gpio2?: GpioInput;
  gpio3?: GpioInput;
  close(): void;
}

/**
 * The FCSB line with the spidev's mode switch in front of each fall: the device is set to SPI_NO_CS before
 * FCSB goes low, never while it is low (the next register access switches it back, with FCSB high).
 */
function fcsbBeforeNoCs(line: GpioOutput, selections: SpidevSelections): GpioOutput {
  return {
    offset: line.offset,
    set(high) {
      if (!high) selections.prepareUnselected();
      line.set(high);
    },
    close: () => line.close(),
  };
}

/** Opens devices in order; on the first failure closes what was opened and rethrows (an IoError). */
class Opener {
  readonly #closers: Array<() => void> = [];
  add<T extends { close(): void }>(opened: T): T {
    this.#closers.push(() => opened.close());
    return opened;
  }
  closeAll(): void {
    for (const close of this.#closers.splice(0).reverse()) {
      try {
        close();
      } catch {
        // Closing is best effort: the first error is the one the user needs.
      }
    }
  }
}

/** The host's radio devices, through the system calls given (the host's, or a test's fake). */
export class LinuxRadioHost {
  readonly #watcher: EdgeWatcher;
  constructor(private readonly sys: LinuxSyscalls) {
    this.#watcher = new EdgeWatcher(sys);
  }

  /** The monotonic nanosecond clock the bus times are waited on (see LinuxSyscalls.nanos). */
  get nanos(): () => bigint {
    return this.sys.nanos ?? process.hrtime.bigint;
  }

  /** The real host; rejects with an IoError saying why when the FFI cannot load. */
  static async load(): Promise<LinuxRadioHost> {
    try {
      return new LinuxRadioHost(await loadHostSyscalls());
    } catch (error) {
      throw new IoError(`radio hardware unavailable: ${(error as Error).message}`);
    }
  }

  #withOpener<T>(open: (opener: Opener) => T): T {
    const opener = new Opener();
    try {
      return open(opener);
    } catch (error) {
      opener.closeAll();
      throw error;
    }
  }

  openNrf(wiring: NrfHostWiring): NrfHostIo {
    return this.#withOpener((opener) => {
      const spi = opener.add(openSpidev(wiring.spidev, { speedHz: wiring.speedHz }, this.sys));
      const chip = opener.add(GpioChip.open(wiring.gpiochip, this.sys, this.#watcher));
      // CE low: the chip stays in standby until the driver starts a send or a listen.
      const ce = opener.add(
        chip.requestOutput(wiring.ce, { consumer: 'dtu-console nrf24 ce', initialHigh: false }),
      );
      // Both edges: the driver sees IRQ fall (an event) and rise again (its flags cleared).
      const irq =
        wiring.irq === undefined
          ? undefined
          : opener.add(chip.requestInput(wiring.irq, { consumer: 'dtu-console nrf24 irq', edges: 'both' }));
      chip.close();
      return { spi, ce, ...(irq ? { irq } : {}), close: () => opener.closeAll() };
    });
  }

  openCmt(wiring: CmtHostWiring): CmtHostIo {
    return this.#withOpener((opener) => {
      // Both chip selects of the CMT2300A share its one data line: same clock, same 3-wire setting.
      const bus = { speedHz: wiring.speedHz, threeWire: wiring.threeWire };
      // FCSB on a line: the FIFO bytes go over the register device with no chip select asserted.
      const selections =
        'line' in wiring.fcsb ? openSpidevWithoutCs(wiring.spidev, bus, this.sys) : undefined;
      const spi = opener.add(selections?.selected ?? openSpidev(wiring.spidev, bus, this.sys));
      const unselected = selections ? opener.add(selections.unselected) : undefined;
      const needsChip = 'line' in wiring.fcsb || wiring.gpio2 !== undefined || wiring.gpio3 !== undefined;
      if (needsChip && wiring.gpiochip === undefined) {
        throw new IoError(
          `the CMT2300A on ${wiring.spidev} uses GPIO lines but the profile names no gpiochip`,
        );
      }
      const chip = needsChip
        ? opener.add(GpioChip.open(wiring.gpiochip!, this.sys, this.#watcher))
        : undefined;
      const fcsb: CmtHostIo['fcsb'] =
        'spidev' in wiring.fcsb
          ? {
              kind: 'spi',
              bus: opener.add(openSpidev(wiring.fcsb.spidev, bus, this.sys)),
            }
          : {
              kind: 'gpio',
              bus: unselected!,
              // FCSB is active low: high = FIFO not selected.
              line: fcsbBeforeNoCs(
                opener.add(
                  chip!.requestOutput(wiring.fcsb.line, {
                    consumer: 'dtu-console cmt fcsb',
                    initialHigh: true,
                  }),
                ),
                selections!,
              ),
            };
      const input = (offset: number | undefined, name: string): GpioInput | undefined =>
        offset === undefined
          ? undefined
          : opener.add(chip!.requestInput(offset, { consumer: `dtu-console cmt ${name}`, edges: 'both' }));
      const gpio2 = input(wiring.gpio2, 'gpio2');
      const gpio3 = input(wiring.gpio3, 'gpio3');
      chip?.close();
      return {
        spi,
        fcsb,
        ...(gpio2 ? { gpio2 } : {}),
        ...(gpio3 ? { gpio3 } : {}),
        close: () => opener.closeAll(),
      };
    });
  }
}
