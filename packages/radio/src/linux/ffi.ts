/**
 * The host's C library through the koffi FFI, loaded once on first use by whatever needs a system call
 * Node lacks (the radios' ioctl and poll, SocketCAN's socket and bind). koffi is imported only here and
 * only then, so the gateway starts on a host without it; a caller gets a plain reason instead.
 */
type Koffi = typeof import('koffi');

export interface LinuxLibc {
  koffi: Koffi;
  libc: ReturnType<Koffi['load']>;
  /** The name of the last call's errno (`ENODEV`), or `errno N`. */
  errnoName(): string;
}

let loaded: Promise<LinuxLibc> | undefined;

/** libc through koffi; rejects with a plain reason (`needs` says what for) where it cannot be loaded. */
export function loadLinuxLibc(needs: string): Promise<LinuxLibc> {
  if (process.platform !== 'linux')
    return Promise.reject(new Error(`${needs} needs Linux (this host runs ${process.platform})`));
  loaded ??= createLibc();
  return loaded;
}

async function createLibc(): Promise<LinuxLibc> {
  let koffi: Koffi;
  try {
    koffi = await import('koffi');
  } catch (error) {
    loaded = undefined;
    throw new Error(
      `the koffi package could not be loaded (${(error as Error).message}): run npm ci in a checkout, or install the package again (docs/install.md)`,
    );
  }
  let libc: ReturnType<Koffi['load']>;
  try {
    libc = koffi.load('libc.so.6');
  } catch (error) {
    loaded = undefined;
    throw new Error(`libc.so.6 could not be loaded (${(error as Error).message})`);
  }
  const errnoNames = new Map(Object.entries(koffi.os.errno).map(([name, value]) => [value, name]));
  return {
    koffi,
    libc,
    errnoName: () => {
      const errno = koffi.errno();
      return errnoNames.get(errno) ?? `errno ${errno}`;
    },
  };
}
