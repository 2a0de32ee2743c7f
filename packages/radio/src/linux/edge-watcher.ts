/**
 * Waits for GPIO edge events without blocking Node's event loop: one poll() at a time on all watched line
 * handles runs on an FFI worker thread; when it returns, the readable handles are read on the main thread
 * (a read then never blocks). The wait has a timeout so that a line added meanwhile is watched soon after.
 * A handle is closed only between two waits, so its number can never be reused under a running poll().
 */
import type { LinuxSyscalls } from './syscalls';

/** How long one poll() waits at most: the delay before a newly added line is watched. */
export const EDGE_WAIT_MS = 200;

interface Watched {
  onReadable: () => void;
}

export class EdgeWatcher {
  readonly #watched = new Map<number, Watched>();
  /** Handles to close once the running wait returns. */
  readonly #pendingClose: Array<() => void> = [];
  #waiting = false;

  constructor(private readonly sys: LinuxSyscalls) {}

  /** Starts watching `fd`; `onReadable` runs on the main thread when it has events. */
  add(fd: number, onReadable: () => void): void {
    this.#watched.set(fd, { onReadable });
    this.#wait();
  }

  /** Stops watching `fd`; `release` (closing it) runs now, or right after the running wait returns. */
  remove(fd: number, release: () => void): void {
    this.#watched.delete(fd);
    if (this.#waiting) this.#pendingClose.push(release);
    else release();
  }

  /** Whether a wait is running: tests and shutdown check that nothing is left behind. */
  get busy(): boolean {
    return this.#waiting;
  }

  #wait(): void {
    if (this.#waiting || this.#watched.size === 0) return;
    this.#waiting = true;
    this.sys.waitReadable([...this.#watched.keys()], EDGE_WAIT_MS, (readable) => {
      this.#waiting = false;
      for (const release of this.#pendingClose.splice(0)) release();
      for (const fd of readable) this.#watched.get(fd)?.onReadable();
      this.#wait();
    });
  }
}
