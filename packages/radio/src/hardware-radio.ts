/**
 * `--radio hardware`: the active device profile's chips on the host's SPI and GPIO devices. The devices
 * open at start; whatever fails (no Linux keys in the profile, no device, no permission, the FFI not
 * loadable) leaves that chip silent with the reason in plain words in the status, and the gateway runs on.
 * There is never a fallback to simulation: a plant with no radio shows no data and says why.
 */
import type { Clock } from '@dtu-console/clock';
import { Cmt2300aRadio } from './cmt2300a/driver/cmt2300a-radio';
import { fcsbTiming, fifoOnChipSelect, fifoOnGpio } from './cmt2300a/driver/fifo-port';
import { type ChipSlot, DualRadio } from './dual-radio';
import type { GpioInput } from './io';
import type { LinuxRadioHost } from './linux/host';
import type { LinuxRadioWiring } from './linux/wiring';
import { Nrf24Radio } from './nrf24/driver/nrf24-radio';
import type { RadioTimer } from './radio-timer';

/** The active profile's wiring as config/pin-mapping.ts reads it (same shape as its WiringRead). */
export type WiringRead =
  | { kind: 'none' }
  | { kind: 'ok'; wiring: LinuxRadioWiring }
  | { kind: 'invalid'; reason: string };

export interface HardwareRadioOptions {
  /** The gateway clock: timestamps only. */
  clock: Clock;
  /** What the drivers time with (default `clock`; the radio thread gives a monotonic one). */
  timer?: RadioTimer;
  /** The active profile's Linux wiring (read at every start: the profile may have changed). */
  wiring: () => Promise<WiringRead>;
  /** The host's devices (LinuxRadioHost.load; tests give one on fake system calls). */
  host: () => Promise<LinuxRadioHost>;
}

const OPENING = 'the radio devices are being opened';

/** An IRQ input that never fires: the nRF24 driver then reads the chip's flags as it hops. */
function noIrqLine(): GpioInput {
  return { offset: -1, get: () => true, onEdge: () => () => undefined, close: () => undefined };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The wiring as `wiring` reads it; a read that fails is an invalid profile with the reason, never a throw. */
export function readWiring(wiring: HardwareRadioOptions['wiring']): Promise<WiringRead> {
  return wiring().catch(
    (error): WiringRead => ({ kind: 'invalid', reason: `pin_mapping.json: ${messageOf(error)}` }),
  );
}

export class HardwareRadio extends DualRadio {
  readonly #options: HardwareRadioOptions;

  constructor(options: HardwareRadioOptions) {
    super({ mode: 'hardware', nrf: { missing: OPENING }, cmt: { missing: OPENING } });
    this.#options = options;
  }

  override async start(): Promise<void> {
    await this.#open();
    await super.start();
  }

  async #open(): Promise<void> {
    const { clock } = this.#options;
    const timer = this.#options.timer ?? clock;
    const read = await readWiring(this.#options.wiring);
    if (read.kind !== 'ok') {
      const reason =
        read.kind === 'none'
          ? 'the active device profile has no Linux radio keys (nrf24.spidev, cmt.spidev): choose a Linux profile in Settings → Device manager'
          : read.reason;
      this.attach({ nrf: { missing: reason }, cmt: { missing: reason } });
      return;
    }
    const { wiring } = read;
    let host: LinuxRadioHost;
    try {
      host = await this.#options.host();
    } catch (error) {
      const reason = messageOf(error);
      this.attach({ nrf: { missing: reason }, cmt: { missing: reason } });
      return;
    }
    const closers: Array<() => void> = [];
    let nrf: ChipSlot<Nrf24Radio> = {
      missing: 'the active device profile names no nRF24 module (nrf24.spidev)',
    };
    if (wiring.nrf) {
      try {
        const io = host.openNrf(wiring.nrf);
        closers.push(() => io.close());
        nrf = {
          driver: new Nrf24Radio({ spi: io.spi, ce: io.ce, irq: io.irq ?? noIrqLine(), clock: timer }),
        };
      } catch (error) {
        nrf = { missing: `nRF24: ${messageOf(error)}` };
      }
    }
    let cmt: ChipSlot<Cmt2300aRadio> = {
      missing: 'the active device profile names no CMT2300A module (cmt.spidev)',
    };
    if (wiring.cmt) {
      try {
        const io = host.openCmt(wiring.cmt);
        closers.push(() => io.close());
        const timing = fcsbTiming(wiring.cmt.speedHz);
        const fifo =
          io.fcsb.kind === 'spi'
            ? fifoOnChipSelect(io.fcsb.bus, timing, host.nanos)
            : fifoOnGpio(io.fcsb.bus, io.fcsb.line, timing, host.nanos);
        cmt = {
          driver: new Cmt2300aRadio({
            bus: io.spi,
            fifo,
            clock: timer,
            nanos: host.nanos,
            stamp: () => clock.now(),
            ...(io.gpio2 ? { gpio2: io.gpio2 } : {}),
            ...(io.gpio3 ? { gpio3: io.gpio3 } : {}),
          }),
        };
      } catch (error) {
        cmt = { missing: `CMT2300A: ${messageOf(error)}` };
      }
    }
    this.attach({
      nrf,
      cmt,
      close: () => {
        for (const close of closers.splice(0)) close();
      },
    });
  }
}
