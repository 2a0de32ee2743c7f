/**
 * How Linux numbers an ioctl request: a direction, a "type" letter, a number and the size of the argument
 * struct packed into one 32-bit word. This is the layout of the generic architectures (x86, ARM, ARM64,
 * RISC-V, LoongArch): 8 bits number, 8 bits type, 14 bits size, 2 bits direction (1 = write, 2 = read).
 * PowerPC, MIPS and SPARC pack it differently; the radios refuse to start there rather than send a wrong
 * request to a device.
 */

const NR_SHIFT = 0;
const TYPE_SHIFT = 8;
const SIZE_SHIFT = 16;
const DIR_SHIFT = 30;
const SIZE_MAX = (1 << 14) - 1;

/** Direction bits, seen from user space: "write" passes data to the kernel, "read" gets data back. */
export const IocDir = { none: 0, write: 1, read: 2 } as const;

/** Architectures whose ioctl numbering is the generic one above. */
const GENERIC_IOC_ARCHES: readonly string[] = ['x64', 'ia32', 'arm', 'arm64', 'riscv64', 'loong64'];

export function hasGenericIoctlNumbers(arch: string = process.arch): boolean {
  return GENERIC_IOC_ARCHES.includes(arch);
}

/** One request number; `>>> 0` keeps it an unsigned 32-bit value (the direction bit 31 is set for reads). */
export function ioc(dir: number, type: number, nr: number, size: number): number {
  if (size < 0 || size > SIZE_MAX) throw new RangeError(`ioctl argument size ${size} does not fit 14 bits`);
  return ((dir << DIR_SHIFT) | (size << SIZE_SHIFT) | (type << TYPE_SHIFT) | (nr << NR_SHIFT)) >>> 0;
}

export const iow = (type: number, nr: number, size: number): number => ioc(IocDir.write, type, nr, size);
export const ior = (type: number, nr: number, size: number): number => ioc(IocDir.read, type, nr, size);
export const iowr = (type: number, nr: number, size: number): number =>
  ioc(IocDir.write | IocDir.read, type, nr, size);
