/**
 * Raw SocketCAN on Linux: a CAN_RAW socket bound to one interface (`can0`), read as classic 16-byte
 * `struct can_frame`s. The numbers and layouts below are written from the kernel's public headers
 * (linux/can.h, linux/sockios.h, net/if.h, sys/socket.h); the tests compare them with those headers when
 * a C compiler is at hand.
 *
 * socket, ioctl and bind go through the koffi FFI, imported only when a CAN source is started, so the
 * gateway still starts on a host without koffi or without libc.so.6 (the source then says why it cannot
 * read). Nothing here throws: opening gives a reader or a problem in words a user can act on.
 *
 * How frames are read: the socket is created non-blocking and a timer drains it every POLL_MS on the main
 * thread (readSync until EAGAIN), rather than one blocking read kept outstanding in libuv's thread pool.
 * A blocking read on a silent bus would hold one of the pool's four threads (shared with file, DNS and
 * zlib work) for as long as the bus stays silent, and closing a socket does not wake a read blocked on it
 * in another thread, so stop would have to wait for a frame that may never come. A non-blocking read
 * returns at once, holds no thread, and stop is a plain clearInterval and close. A BMS sends a few frames
 * a second; the socket's receive buffer holds thousands, so nothing is lost between two polls.
 */
import { closeSync, constants, readSync } from 'node:fs';
import { loadLinuxLibc } from '@dtu-console/radio/linux/ffi';
import type { BatteryProblem } from '../types';

/** Protocol family of CAN sockets (sys/socket.h: PF_CAN = AF_CAN). */
export const PF_CAN = 29;
export const SOCK_RAW = 3;
/** linux/can.h: the raw protocol of the CAN family. */
export const CAN_RAW = 1;
/**
 * Socket type flags (sys/socket.h). The kernel defines SOCK_NONBLOCK as O_NONBLOCK, which Node gives for
 * this host; SOCK_CLOEXEC is O_CLOEXEC, 0o2000000 on x86, ARM and RISC-V (the hosts the gateway runs on).
 */
export const SOCK_NONBLOCK = constants.O_NONBLOCK;
export const SOCK_CLOEXEC = 0o2000000;
/** linux/sockios.h: an interface's index from its name, through a `struct ifreq`. */
export const SIOCGIFINDEX = 0x8933;
/** net/if.h: an interface name has at most IFNAMSIZ − 1 bytes and a terminating NUL. */
export const IFNAMSIZ = 16;

/** linux/can.h: the flag bits above the identifier in `can_id`, and the identifier masks. */
export const CanIdBits = {
  EFF_FLAG: 0x80000000,
  RTR_FLAG: 0x40000000,
  ERR_FLAG: 0x20000000,
  SFF_MASK: 0x000007ff,
  EFF_MASK: 0x1fffffff,
} as const;
/** linux/can.h: most payload bytes of a classic CAN frame. */
export const CAN_MAX_DLEN = 8;

/** `struct can_frame`: u32 can_id (host order, little-endian here), u8 len (can_dlc), 3 bytes, data[8]. */
export const CanFrameLayout = { size: 16, canId: 0, len: 4, data: 8 } as const;
/**
 * `struct ifreq`: char ifr_name[16], then a union whose `int ifr_ifindex` starts at 16. The union is 24
 * bytes on a 64-bit host and 16 on a 32-bit one; 40 bytes cover both.
 */
export const IfreqLayout = { size: 40, name: 0, ifindex: 16 } as const;
/** `struct sockaddr_can`: u16 can_family, 2 bytes, int can_ifindex, then a 16-byte address union. */
export const SockaddrCanLayout = { size: 24, family: 0, ifindex: 4 } as const;

/** Poll interval of the non-blocking socket, ms, and the most frames taken in one poll. */
const POLL_MS = 200;
const FRAMES_PER_POLL = 256;

/** One classic CAN data frame as it came off the bus: the identifier without its flag bits. */
export interface CanFrame {
  id: number;
  /** 29-bit identifier (extended frame format); Pylontech uses 11-bit ones. */
  extended: boolean;
  /** Remote transmission request: asks for a frame, carries no data. */
  remote: boolean;
  data: Uint8Array;
}

/**
 * The bytes of one `struct can_frame` as a frame. Undefined for anything else: not 16 bytes, a length
 * over 8, or an error frame (the kernel reports bus errors as frames only when asked to; we never ask).
 */
export function parseCanFrame(bytes: Uint8Array): CanFrame | undefined {
  if (bytes.length !== CanFrameLayout.size) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const raw = view.getUint32(CanFrameLayout.canId, true);
  if ((raw & CanIdBits.ERR_FLAG) !== 0) return undefined;
  const length = bytes[CanFrameLayout.len] ?? 0;
  if (length > CAN_MAX_DLEN) return undefined;
  const extended = (raw & CanIdBits.EFF_FLAG) !== 0;
  return {
    id: (raw & (extended ? CanIdBits.EFF_MASK : CanIdBits.SFF_MASK)) >>> 0,
    extended,
    remote: (raw & CanIdBits.RTR_FLAG) !== 0,
    // A copy as a plain Uint8Array (a Buffer's slice would be a view): the read buffer is used again.
    data: Uint8Array.from(bytes.subarray(CanFrameLayout.data, CanFrameLayout.data + length)),
  };
}

/** Where a CAN reader delivers, until it is closed. */
export interface CanListener {
  frame(frame: CanFrame): void;
  /** A read that was not a whole classic CAN data frame. */
  refused(): void;
  /** A passing trouble (the interface went down); reading goes on and resumes when it is up again. */
  problem(problem: BatteryProblem): void;
  /** Reading has ended for good (the interface went away); the reader has closed its socket. */
  ended(problem: BatteryProblem): void;
}

export interface CanReader {
  /** Stops reading and closes the socket. */
  close(): void;
}

export type CanOpenResult = { reader: CanReader } | { problem: BatteryProblem };

/** Opens a CAN interface for reading; resolves with a reader or a problem, never rejects. */
export type OpenCan = (iface: string, listener: CanListener) => Promise<CanOpenResult>;

const errnoOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/**
 * Drains a bound, non-blocking CAN socket every POLL_MS into `listener` until closed or until the
 * interface goes away (then the socket is closed here). Exported for tests, which drive it with a socket
 * pair when there is no CAN interface.
 */
export function readCanFrames(fd: number, iface: string, listener: CanListener): CanReader {
  const buffer = Buffer.alloc(CanFrameLayout.size);
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    clearInterval(timer);
    try {
      closeSync(fd);
    } catch {
      // Already closed: nothing is left to release.
    }
  };
  const end = (problem: BatteryProblem) => {
    close();
    listener.ended(problem);
  };
  const poll = () => {
    for (let n = 0; open && n < FRAMES_PER_POLL; n++) {
      let count: number;
      try {
        count = readSync(fd, buffer, 0, buffer.length, null);
      } catch (error) {
        const code = errnoOf(error);
        if (code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EINTR') return;
        if (code === 'ENETDOWN') {
          listener.problem({
            code: 'device-lost',
            detail: `${iface} is down: bring it up (ip link set ${iface} up type can bitrate 500000)`,
          });
          return;
        }
        if (code === 'ENODEV' || code === 'ENXIO')
          return end({
            code: 'device-lost',
            detail: `${iface} has gone away (adapter removed or driver unloaded)`,
          });
        return end({
          code: 'device-lost',
          detail: `reading ${iface} failed (${code ?? (error as Error).message})`,
        });
      }
      if (count === 0) return end({ code: 'device-lost', detail: `${iface}: the CAN socket was closed` });
      const frame = count === CanFrameLayout.size ? parseCanFrame(buffer) : undefined;
      if (frame) listener.frame(frame);
      else listener.refused();
    }
  };
  const timer = setInterval(poll, POLL_MS);
  // The gateway lives on by its own services; a forgotten reader must not keep a process alive.
  timer.unref();
  return { close };
}

/** The three libc calls opening needs, with the errno name of the last failure. */
interface Libc {
  socket(domain: number, type: number, protocol: number): number;
  ioctl(fd: number, request: number, arg: Buffer): number;
  bind(fd: number, address: Buffer, length: number): number;
  errno(): string;
}

let hostLibc: Promise<Libc> | undefined;

/** libc through koffi, loaded once on first use; rejects with a plain reason where it cannot be. */
function loadLibc(): Promise<Libc> {
  hostLibc ??= createLibc();
  return hostLibc;
}

async function createLibc(): Promise<Libc> {
  const { libc, errnoName } = await loadLinuxLibc('SocketCAN');
  const socket = libc.func('int socket(int domain, int type, int protocol)');
  // `unsigned long` for the request: the kernel's type, 32 or 64 bits with the host.
  const ioctl = libc.func('int ioctl(int fd, unsigned long request, void *arg)');
  const bind = libc.func('int bind(int fd, const void *addr, uint32_t addrlen)');
  return {
    socket: (domain, type, protocol) => socket(domain, type, protocol),
    ioctl: (fd, request, arg) => ioctl(fd, request, arg),
    bind: (fd, address, length) => bind(fd, address, length),
    errno: errnoName,
  };
}

/** Why socket(PF_CAN, SOCK_RAW, CAN_RAW) failed, in words. */
function socketProblem(iface: string, errno: string): BatteryProblem {
  switch (errno) {
    case 'EAFNOSUPPORT':
    case 'EPROTONOSUPPORT':
    case 'ESOCKTNOSUPPORT':
      return {
        code: 'no-socketcan',
        detail: `${iface}: this system cannot open CAN sockets (${errno}): the kernel has no SocketCAN support (modules can and can_raw), or the service may not use them (its RestrictAddressFamilies= must list AF_CAN)`,
      };
    case 'EACCES':
    case 'EPERM':
      return {
        code: 'device-permission',
        detail: `${iface}: not permitted to open a CAN socket (${errno}): a security policy of the service forbids it`,
      };
    default:
      return { code: 'no-socketcan', detail: `${iface}: could not open a CAN socket (${errno})` };
  }
}

/** Why finding or binding the interface failed, in words. */
function interfaceProblem(iface: string, action: 'find' | 'bind', errno: string): BatteryProblem {
  if (errno === 'EACCES' || errno === 'EPERM')
    return {
      code: 'device-permission',
      detail: `${iface}: not permitted to ${action} the interface (${errno})`,
    };
  if (errno === 'ENODEV' && action === 'find')
    return {
      code: 'device-missing',
      detail: `no network interface is named ${iface}: ip link lists them (a CAN HAT needs its overlay, a USB adapter its driver)`,
    };
  if (errno === 'ENODEV')
    return { code: 'device-missing', detail: `${iface} is not a CAN interface, or has just gone away` };
  return { code: 'device-missing', detail: `${iface}: could not ${action} the interface (${errno})` };
}

/** Closes a socket that could not be made ready; the error that got us here is what gets reported. */
function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Nothing more can be done with it.
  }
}

/**
 * A CAN_RAW socket bound to `iface`, non-blocking, as an fd; or why not. The test's second socket (where
 * vcan0 exists) is opened this way too.
 */
export async function openCanSocket(iface: string): Promise<{ fd: number } | { problem: BatteryProblem }> {
  let libc: Libc;
  try {
    libc = await loadLibc();
  } catch (error) {
    return { problem: { code: 'no-socketcan', detail: `${iface}: ${(error as Error).message}` } };
  }
  const fd = libc.socket(PF_CAN, SOCK_RAW | SOCK_NONBLOCK | SOCK_CLOEXEC, CAN_RAW);
  if (fd < 0) return { problem: socketProblem(iface, libc.errno()) };
  const name = Buffer.from(iface, 'utf8');
  if (name.length === 0 || name.length >= IFNAMSIZ || name.includes(0)) {
    closeQuietly(fd);
    return {
      problem: {
        code: 'device-missing',
        detail: `no network interface is named ${iface}: interface names have 1 to ${IFNAMSIZ - 1} bytes`,
      },
    };
  }
  const ifreq = Buffer.alloc(IfreqLayout.size);
  name.copy(ifreq, IfreqLayout.name);
  if (libc.ioctl(fd, SIOCGIFINDEX, ifreq) < 0) {
    const problem = interfaceProblem(iface, 'find', libc.errno());
    closeQuietly(fd);
    return { problem };
  }
  const address = Buffer.alloc(SockaddrCanLayout.size);
  address.writeUInt16LE(PF_CAN, SockaddrCanLayout.family);
  address.writeInt32LE(ifreq.readInt32LE(IfreqLayout.ifindex), SockaddrCanLayout.ifindex);
  if (libc.bind(fd, address, address.length) < 0) {
    const problem = interfaceProblem(iface, 'bind', libc.errno());
    closeQuietly(fd);
    return { problem };
  }
  return { fd };
}

/** The host's SocketCAN: opens `iface` and reads it into `listener` until the reader is closed. */
export const openSocketCan: OpenCan = async (iface, listener) => {
  const opened = await openCanSocket(iface);
  if ('problem' in opened) return opened;
  return { reader: readCanFrames(opened.fd, iface, listener) };
};
