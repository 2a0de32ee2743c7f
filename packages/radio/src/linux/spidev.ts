/**
 * An SpiBus on a Linux spidev device: one SPI_IOC_MESSAGE(n) ioctl per `transfer`, so every part of it
 * happens under one chip-select assertion. The mode, word size and clock are set once at open.
 *
 * A device can also be used without its chip select (the CMT2300A's FIFO when FCSB is a GPIO line: the
 * clock and SDIO are shared with the register port, and CSB must stay high while the FIFO is clocked).
 * The mode then flips between with and without SPI_NO_CS, only when the next transfer needs the other one,
 * so a run of FIFO bytes pays one switch and a run of register accesses none.
 */
import { IoError, type SpiBus, type SpiSegment } from '../io';
import { ioErrorOf } from './errors';
import { hasGenericIoctlNumbers } from './ioc';
import {
  encodeSpiMessage,
  SPI_IOC_WR_BITS_PER_WORD,
  SPI_IOC_WR_MAX_SPEED_HZ,
  SPI_IOC_WR_MODE32,
  SpiMode,
  spiSegmentsProblem,
} from './spidev-abi';
import type { LinuxSyscalls } from './syscalls';

export interface SpidevOptions {
  /** Clock in Hz (the nRF24L01+ takes up to 10 MHz, the CMT2300A about 5 MHz; both run slower too). */
  speedHz: number;
  /** SPI mode 0..3 (clock polarity and phase); both chips use mode 0. */
  mode?: 0 | 1 | 2 | 3;
  /** One shared data line (the CMT2300A's SDIO): each part of a message either sends or receives. */
  threeWire?: boolean;
}

/** One spidev device seen two ways: with its chip select, and with no chip select asserted at all. */
export interface SpidevSelections {
  /** Transfers with the device's own chip select (CSB of the CMT2300A). */
  selected: SpiBus;
  /** Transfers with no chip select (SPI_NO_CS): the caller frames them with its own select line. */
  unselected: SpiBus;
  /**
   * Switches the device to SPI_NO_CS now (if it is not already), so the caller can do it before it pulls
   * its own select line low: the mode write then never falls inside a select pulse.
   */
  prepareUnselected(): void;
}

const u32 = (value: number): Buffer => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
};

const NO_CS_ACTION = 'clock without its chip select (SPI_NO_CS, needed for FCSB on a GPIO line)';

/** Opens and configures `path`; throws IoError with what to do when it cannot. */
export function openSpidev(path: string, options: SpidevOptions, sys: LinuxSyscalls): SpiBus {
  const device = openDevice(path, options, sys);
  return device.view(device.baseMode, path);
}

/**
 * Opens `path` for use with and without its chip select. The controller is asked once at open whether it
 * takes SPI_NO_CS (then set back), so a refusal is a plain problem at start, not an I/O error mid-packet.
 */
export function openSpidevWithoutCs(
  path: string,
  options: SpidevOptions,
  sys: LinuxSyscalls,
): SpidevSelections {
  const device = openDevice(path, options, sys);
  const noCs = device.baseMode | SpiMode.NO_CS;
  try {
    device.setMode(noCs, NO_CS_ACTION);
    device.setMode(device.baseMode, NO_CS_ACTION);
  } catch (error) {
    device.release();
    throw error;
  }
  return {
    selected: device.view(device.baseMode, path),
    unselected: device.view(noCs, `${path} (no chip select)`),
    prepareUnselected: () => device.ensureMode(noCs),
  };
}

function openDevice(path: string, options: SpidevOptions, sys: LinuxSyscalls): SpidevDevice {
  if (!hasGenericIoctlNumbers()) {
    throw new IoError(`${path}: SPI from user space is not supported on ${process.arch} hosts`, 'ENOTSUP');
  }
  const threeWire = options.threeWire ?? false;
  let fd: number;
  try {
    fd = sys.open(path);
  } catch (error) {
    throw ioErrorOf(error, { path, kind: 'spi', action: 'open' });
  }
  const device = new SpidevDevice(path, fd, (options.mode ?? 0) | (threeWire ? SpiMode.THREE_WIRE : 0), sys);
  try {
    device.setMode(device.baseMode, threeWire ? 'use 3-wire SPI mode' : 'set the SPI mode');
    device.configure('use 8-bit words', SPI_IOC_WR_BITS_PER_WORD, Buffer.from([8]));
    device.configure(
      `set the SPI clock to ${options.speedHz} Hz`,
      SPI_IOC_WR_MAX_SPEED_HZ,
      u32(options.speedHz),
    );
  } catch (error) {
    device.release();
    throw error;
  }
  return device;
}

/** The open file and the mode last written to it; shared by its views, closed with the last of them. */
class SpidevDevice {
  #mode: number | undefined;
  #views = 0;
  #open = true;

  constructor(
    readonly path: string,
    private readonly fd: number,
    readonly baseMode: number,
    private readonly sys: LinuxSyscalls,
  ) {}

  configure(action: string, request: number, arg: Buffer): void {
    try {
      this.sys.ioctl(this.fd, request, arg);
    } catch (error) {
      throw ioErrorOf(error, { path: this.path, kind: 'spi', action });
    }
  }

  setMode(mode: number, action: string): void {
    // Unknown after a failed write: the next transfer writes the mode again.
    this.#mode = undefined;
    this.configure(action, SPI_IOC_WR_MODE32, u32(mode));
    this.#mode = mode;
  }

  ensureMode(mode: number): void {
    if (!this.#open) throw new IoError(`${this.path} is closed`, 'EBADF');
    if (this.#mode !== mode) {
      this.setMode(mode, mode & SpiMode.NO_CS ? NO_CS_ACTION : 'use its chip select again');
    }
  }

  transfer(mode: number, segments: readonly SpiSegment[], name: string): Uint8Array[] {
    if (!this.#open) throw new IoError(`${name} is closed`, 'EBADF');
    const problem = spiSegmentsProblem(segments, (this.baseMode & SpiMode.THREE_WIRE) !== 0);
    if (problem) throw new IoError(`${name}: ${problem}`, 'EINVAL');
    this.ensureMode(mode);
    const message = encodeSpiMessage(segments, (buffer) => this.sys.addressOf(buffer));
    try {
      this.sys.ioctl(this.fd, message.request, message.transfers);
    } catch (error) {
      throw ioErrorOf(error, { path: this.path, kind: 'spi', action: 'transfer' });
    }
    return message.rx;
  }

  view(mode: number, name: string): SpiBus {
    this.#views++;
    let open = true;
    return {
      path: name,
      transfer: (segments) => {
        if (!open) throw new IoError(`${name} is closed`, 'EBADF');
        return this.transfer(mode, segments, name);
      },
      close: () => {
        if (!open) return;
        open = false;
        if (--this.#views === 0) this.release();
      },
    };
  }

  release(): void {
    if (!this.#open) return;
    this.#open = false;
    this.sys.close(this.fd);
  }
}
