/**
 * The few system calls the Linux radio I/O needs, behind one interface: the host's (opening and reading
 * through Node, ioctl and poll through the koffi FFI) or a test's fake. koffi is imported only when
 * hardware is asked for, so tests, `npm start` and the bundle never load it, and a host without it still
 * starts (the radio then says why it cannot run).
 */
import { closeSync, constants, openSync, readSync } from 'node:fs';
import { loadLinuxLibc } from './ffi';

/** A failed system call: `code` is the errno name (ENOENT, EACCES, ...), as Node's own errors have. */
export class SyscallError extends Error {
  readonly code: string;
  constructor(call: string, code: string) {
    super(`${call} failed: ${code}`);
    this.code = code;
  }
}

export interface LinuxSyscalls {
  /** Opens a device read-write; throws an error with `code`. */
  open(path: string): number;
  close(fd: number): void;
  /** `ioctl(fd, request, arg)`; throws SyscallError on -1. */
  ioctl(fd: number, request: number, arg: Buffer): void;
  /** Reads what is there (the caller knows the fd is readable); returns the byte count. */
  read(fd: number, into: Buffer): number;
  /** The memory address of a buffer, for the pointers inside `struct spi_ioc_transfer`. */
  addressOf(buffer: Buffer): bigint;
  /**
   * Waits off the main thread until one of `fds` is readable or `timeoutMs` passes, then calls `done` on
   * the main thread with the readable fds (empty on timeout).
   */
  waitReadable(fds: readonly number[], timeoutMs: number, done: (readable: number[]) => void): void;
  /**
   * The monotonic nanosecond clock the chip-select times are waited on (FCSB's and CSB's µs gaps).
   * Omitted on a host: process.hrtime.bigint. A fake host gives the clock its chip model measures on.
   */
  nanos?: () => bigint;
}

/** `struct pollfd`: int fd, short events, short revents. */
const POLLFD_SIZE = 8;
const POLLIN = 0x0001;
const POLLERR = 0x0008;
const POLLHUP = 0x0010;

let hostSyscalls: Promise<LinuxSyscalls> | undefined;

/** The host's system calls, loading koffi once on first use; rejects with a plain reason without it. */
export function loadHostSyscalls(): Promise<LinuxSyscalls> {
  hostSyscalls ??= createHostSyscalls();
  return hostSyscalls;
}

async function createHostSyscalls(): Promise<LinuxSyscalls> {
  const { koffi, libc, errnoName } = await loadLinuxLibc('radio hardware');
  // `unsigned long` for the request: the kernel's type, 32 or 64 bits with the host.
  const ioctl = libc.func('int ioctl(int fd, unsigned long request, void *arg)');
  const poll = libc.func('int poll(void *fds, unsigned long nfds, int timeout)');

  return {
    open: (path) => openSync(path, constants.O_RDWR),
    close: (fd) => closeSync(fd),
    ioctl(fd, request, arg) {
      if (ioctl(fd, request, arg) < 0) throw new SyscallError('ioctl', errnoName());
    },
    read: (fd, into) => readSync(fd, into, 0, into.length, null),
    addressOf: (buffer) => koffi.address(buffer),
    waitReadable(fds, timeoutMs, done) {
      const pollfds = Buffer.alloc(fds.length * POLLFD_SIZE);
      fds.forEach((fd, index) => {
        pollfds.writeInt32LE(fd, index * POLLFD_SIZE);
        pollfds.writeInt16LE(POLLIN, index * POLLFD_SIZE + 4);
      });
      // The async call blocks one of koffi's worker threads, never the event loop.
      poll.async(pollfds, fds.length, timeoutMs, (error: unknown, count: number) => {
        if (error || count <= 0) return done([]);
        done(
          fds.filter(
            (_, index) => (pollfds.readInt16LE(index * POLLFD_SIZE + 6) & (POLLIN | POLLERR | POLLHUP)) !== 0,
          ),
        );
      });
    },
  };
}
