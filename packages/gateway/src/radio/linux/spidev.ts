/**
 * An SpiBus on a Linux spidev device: one SPI_IOC_MESSAGE(n) ioctl per `transfer`, so every part of it
 * happens under one chip-select assertion. The mode, word size and clock are set once at open.
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

const u32 = (value: number): Buffer => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
};

/** Opens and configures `path`; throws IoError with what to do when it cannot. */
export function openSpidev(path: string, options: SpidevOptions, sys: LinuxSyscalls): SpiBus {
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
  const configure = (action: string, request: number, arg: Buffer): void => {
    try {
      sys.ioctl(fd, request, arg);
    } catch (error) {
      sys.close(fd);
      throw ioErrorOf(error, { path, kind: 'spi', action });
    }
  };
  const mode = (options.mode ?? 0) | (threeWire ? SpiMode.THREE_WIRE : 0);
  configure(threeWire ? 'use 3-wire SPI mode' : 'set the SPI mode', SPI_IOC_WR_MODE32, u32(mode));
  configure('use 8-bit words', SPI_IOC_WR_BITS_PER_WORD, Buffer.from([8]));
  configure(`set the SPI clock to ${options.speedHz} Hz`, SPI_IOC_WR_MAX_SPEED_HZ, u32(options.speedHz));
  return new Spidev(path, fd, threeWire, sys);
}

class Spidev implements SpiBus {
  #open = true;
  constructor(
    readonly path: string,
    private readonly fd: number,
    private readonly threeWire: boolean,
    private readonly sys: LinuxSyscalls,
  ) {}

  transfer(segments: readonly SpiSegment[]): Uint8Array[] {
    if (!this.#open) throw new IoError(`${this.path} is closed`, 'EBADF');
    const problem = spiSegmentsProblem(segments, this.threeWire);
    if (problem) throw new IoError(`${this.path}: ${problem}`, 'EINVAL');
    const message = encodeSpiMessage(segments, (buffer) => this.sys.addressOf(buffer));
    try {
      this.sys.ioctl(this.fd, message.request, message.transfers);
    } catch (error) {
      throw ioErrorOf(error, { path: this.path, kind: 'spi', action: 'transfer' });
    }
    return message.rx;
  }

  close(): void {
    if (!this.#open) return;
    this.#open = false;
    this.sys.close(this.fd);
  }
}
