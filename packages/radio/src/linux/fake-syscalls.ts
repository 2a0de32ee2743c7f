/**
 * A fake host for the Linux radio I/O: devices by path, every ioctl recorded with a copy of the bytes it
 * was given, SPI messages decoded from `struct spi_ioc_transfer` through fake buffer addresses (so the
 * test reads back exactly what the kernel would), and poll() waits the test completes by hand.
 */
import { type LinuxSyscalls, SyscallError } from '../../src/linux/syscalls';

export interface IoctlCall {
  fd: number;
  path: string;
  request: number;
  arg: Buffer;
}

export interface FakeDevice {
  /** Errno name thrown by open. */
  openError?: string;
  /** Answers an ioctl: may write into `arg`, throw a SyscallError, or return a new fd (line requests). */
  ioctl?: (request: number, arg: Buffer, host: FakeHost) => number | undefined;
}

export class FakeHost implements LinuxSyscalls {
  readonly devices = new Map<string, FakeDevice>();
  readonly calls: IoctlCall[] = [];
  /** fd → path of every open handle. */
  readonly openFds = new Map<number, string>();
  /** Bytes waiting to be read, per fd. */
  readonly pending = new Map<number, Buffer>();
  readonly buffers = new Map<bigint, Buffer>();
  waits: Array<{ fds: readonly number[]; timeoutMs: number; done: (readable: number[]) => void }> = [];
  /** The monotonic clock the ports wait on (LinuxSyscalls.nanos); a chip model's host sets its own. */
  nanos?: () => bigint;
  #nextFd = 10;
  #nextAddress = 0x1000n;

  device(path: string, device: FakeDevice = {}): this {
    this.devices.set(path, device);
    return this;
  }

  /** A new handle (a line request's), owned by `path`. */
  handle(path: string): number {
    const fd = this.#nextFd++;
    this.openFds.set(fd, path);
    return fd;
  }

  open(path: string): number {
    const device = this.devices.get(path);
    if (!device) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    if (device.openError)
      throw Object.assign(new Error(`${device.openError}: ${path}`), { code: device.openError });
    return this.handle(path);
  }

  close(fd: number): void {
    if (!this.openFds.delete(fd)) throw new Error(`close of fd ${fd}, which is not open`);
  }

  ioctl(fd: number, request: number, arg: Buffer): void {
    const path = this.openFds.get(fd);
    if (path === undefined) throw new SyscallError('ioctl', 'EBADF');
    this.calls.push({ fd, path, request, arg: Buffer.from(arg) });
    const device = this.devices.get(path.replace(/ line \d+$/, ''));
    device?.ioctl?.(request, arg, this);
  }

  read(fd: number, into: Buffer): number {
    const bytes = this.pending.get(fd);
    if (!bytes || bytes.length === 0) throw Object.assign(new Error('EAGAIN'), { code: 'EAGAIN' });
    const count = bytes.copy(into, 0, 0, Math.min(into.length, bytes.length));
    this.pending.set(fd, bytes.subarray(count));
    return count;
  }

  addressOf(buffer: Buffer): bigint {
    const address = this.#nextAddress;
    this.#nextAddress += 0x1000n;
    this.buffers.set(address, buffer);
    return address;
  }

  /** The buffer behind a fake address (what the kernel would read or fill). */
  at(address: bigint): Buffer {
    const buffer = this.buffers.get(address);
    if (!buffer) throw new Error(`no buffer at ${address}`);
    return buffer;
  }

  waitReadable(fds: readonly number[], timeoutMs: number, done: (readable: number[]) => void): void {
    this.waits.push({ fds, timeoutMs, done });
  }

  /** Ends the oldest running wait with the fds that have pending bytes. */
  finishWait(): void {
    const wait = this.waits.shift();
    if (!wait) throw new Error('no wait is running');
    wait.done(wait.fds.filter((fd) => (this.pending.get(fd)?.length ?? 0) > 0));
  }
}

export const errno = (code: string) => () => {
  throw new SyscallError('ioctl', code);
};
