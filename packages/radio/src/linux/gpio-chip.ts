/**
 * GPIO lines through the kernel's GPIO character device (uAPI v2): one line request per line, values set
 * and read with ioctls on the line handle, edges read from it as `struct gpio_v2_line_event` with the
 * kernel's timestamps. Never the deprecated sysfs interface.
 */
import { type GpioEdge, type GpioInput, type GpioOutput, IoError } from '../io';
import type { EdgeWatcher } from './edge-watcher';
import { ioErrorOf } from './errors';
import {
  type ChipInfo,
  decodeChipInfo,
  decodeLineEvents,
  decodeLineRequestFd,
  decodeLineValue,
  encodeLineRequest,
  encodeLineValues,
  GPIO_GET_CHIPINFO_IOCTL,
  GPIO_V2_GET_LINE_IOCTL,
  GPIO_V2_LINE_GET_VALUES_IOCTL,
  GPIO_V2_LINE_SET_VALUES_IOCTL,
  GpioChipInfoLayout,
  GpioLineEventLayout,
  GpioLineFlag,
} from './gpio-abi';
import { hasGenericIoctlNumbers } from './ioc';
import type { LinuxSyscalls } from './syscalls';

export type EdgeKind = 'rising' | 'falling' | 'both';
export type Bias = 'pull-up' | 'pull-down' | 'disabled';

export interface InputOptions {
  /** Shown as the line's user by gpioinfo, e.g. "dtu-console nrf24 irq". */
  consumer: string;
  edges: EdgeKind;
  bias?: Bias;
}

export interface OutputOptions {
  consumer: string;
  initialHigh: boolean;
}

const EDGE_FLAGS: Record<EdgeKind, bigint> = {
  rising: GpioLineFlag.EDGE_RISING,
  falling: GpioLineFlag.EDGE_FALLING,
  both: GpioLineFlag.EDGE_RISING | GpioLineFlag.EDGE_FALLING,
};

const BIAS_FLAGS: Record<Bias, bigint> = {
  'pull-up': GpioLineFlag.BIAS_PULL_UP,
  'pull-down': GpioLineFlag.BIAS_PULL_DOWN,
  disabled: GpioLineFlag.BIAS_DISABLED,
};

/** Events read per wake-up; the kernel keeps 16 per line by default. */
const EVENTS_PER_READ = 16;

/** An open /dev/gpiochipN. Lines requested from it live on after the chip is closed. */
export class GpioChip {
  private constructor(
    readonly path: string,
    readonly info: ChipInfo,
    private readonly fd: number,
    private readonly sys: LinuxSyscalls,
    private readonly watcher: EdgeWatcher,
  ) {}

  /** Opens the chip and reads its size; throws IoError with what to do when it cannot. */
  static open(path: string, sys: LinuxSyscalls, watcher: EdgeWatcher): GpioChip {
    if (!hasGenericIoctlNumbers()) {
      throw new IoError(`${path}: GPIO from user space is not supported on ${process.arch} hosts`, 'ENOTSUP');
    }
    let fd: number;
    try {
      fd = sys.open(path);
    } catch (error) {
      throw ioErrorOf(error, { path, kind: 'gpio', action: 'open' });
    }
    const buffer = Buffer.alloc(GpioChipInfoLayout.size);
    try {
      sys.ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, buffer);
    } catch (error) {
      sys.close(fd);
      throw ioErrorOf(error, { path, kind: 'gpio', action: 'read the chip information' });
    }
    return new GpioChip(path, decodeChipInfo(buffer), fd, sys, watcher);
  }

  #request(offset: number, consumer: string, flags: bigint, initialHigh?: boolean): number {
    const action = `request line ${offset}`;
    if (!Number.isInteger(offset) || offset < 0 || offset >= this.info.lines) {
      throw new IoError(
        `${this.path} has no line ${offset} (it has ${this.info.lines} lines, 0..${this.info.lines - 1}): check the device profile`,
        'EINVAL',
      );
    }
    const request = encodeLineRequest({
      offset,
      consumer,
      flags,
      ...(initialHigh === undefined ? {} : { initialHigh }),
    });
    try {
      this.sys.ioctl(this.fd, GPIO_V2_GET_LINE_IOCTL, request);
    } catch (error) {
      throw ioErrorOf(error, { path: this.path, kind: 'gpio', action });
    }
    return decodeLineRequestFd(request);
  }

  requestOutput(offset: number, options: OutputOptions): GpioOutput {
    const fd = this.#request(offset, options.consumer, GpioLineFlag.OUTPUT, options.initialHigh);
    return new LineOutput(`${this.path} line ${offset}`, offset, fd, this.sys);
  }

  requestInput(offset: number, options: InputOptions): GpioInput {
    const flags =
      GpioLineFlag.INPUT | EDGE_FLAGS[options.edges] | (options.bias ? BIAS_FLAGS[options.bias] : 0n);
    const fd = this.#request(offset, options.consumer, flags);
    return new LineInput(`${this.path} line ${offset}`, offset, fd, this.sys, this.watcher);
  }

  #closed = false;
  /** Closes the chip handle (its lines stay requested); a second call does nothing. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.sys.close(this.fd);
  }
}

/** What both line kinds share: the handle, reading the value, closing. */
abstract class Line {
  protected open = true;
  constructor(
    protected readonly name: string,
    readonly offset: number,
    protected readonly fd: number,
    protected readonly sys: LinuxSyscalls,
  ) {}

  protected ioctl(action: string, request: number, arg: Buffer): void {
    if (!this.open) throw new IoError(`${this.name} is closed`, 'EBADF');
    try {
      this.sys.ioctl(this.fd, request, arg);
    } catch (error) {
      throw ioErrorOf(error, { path: this.name, kind: 'gpio', action });
    }
  }

  get(): boolean {
    const values = encodeLineValues();
    this.ioctl('read the line', GPIO_V2_LINE_GET_VALUES_IOCTL, values);
    return decodeLineValue(values);
  }
}

class LineOutput extends Line implements GpioOutput {
  set(high: boolean): void {
    this.ioctl('set the line', GPIO_V2_LINE_SET_VALUES_IOCTL, encodeLineValues(high));
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.sys.close(this.fd);
  }
}

class LineInput extends Line implements GpioInput {
  readonly #listeners = new Set<(edge: GpioEdge) => void>();
  readonly #events = Buffer.alloc(EVENTS_PER_READ * GpioLineEventLayout.size);

  constructor(
    name: string,
    offset: number,
    fd: number,
    sys: LinuxSyscalls,
    private readonly watcher: EdgeWatcher,
  ) {
    super(name, offset, fd, sys);
    // Watched from the start: events with no listener are read and dropped, so a listener never gets
    // edges from before it subscribed out of a full kernel buffer.
    watcher.add(fd, () => this.#drain());
  }

  #drain(): void {
    if (!this.open) return;
    let count: number;
    try {
      count = this.sys.read(this.fd, this.#events);
    } catch (error) {
      // A spurious wake-up is harmless; any other error means the line has gone: stop watching it, or
      // every following wait would return at once.
      if ((error as { code?: unknown }).code !== 'EAGAIN') this.watcher.remove(this.fd, () => {});
      return;
    }
    for (const event of decodeLineEvents(this.#events.subarray(0, count))) {
      const edge: GpioEdge = {
        offset: event.offset,
        rising: event.rising,
        timestampNs: event.timestampNs,
        seqno: event.lineSeqno,
      };
      for (const listener of this.#listeners) listener(edge);
    }
  }

  onEdge(listener: (edge: GpioEdge) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    this.#listeners.clear();
    this.watcher.remove(this.fd, () => this.sys.close(this.fd));
  }
}
