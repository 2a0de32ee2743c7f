/**
 * The grid signal from a ripple-control receiver's relay contacts on GPIO lines, through the kernel's GPIO
 * character device (the project's GPIO v2 layer in radio/linux/): each wired contact is one input line
 * with edge events on both edges and a pull resistor towards "open". An edge starts the debounce time;
 * the lines are read once they have been quiet that long, so relay bounce never shows as a step. The lines
 * are also read back now and then: a chip or line that became unreadable is reported as lost (the last
 * step is kept), and the source opens the lines again until it can read them.
 */
import type { Clock } from '@dtu-console/clock';
import { FeedInLimits } from '@dtu-console/contract';
import type { GpioInput } from '@dtu-console/radio/io';
import { EdgeWatcher } from '@dtu-console/radio/linux/edge-watcher';
import { GpioChip } from '@dtu-console/radio/linux/gpio-chip';
import type { LinuxSyscalls } from '@dtu-console/radio/linux/syscalls';
import type { SignalSink, SignalSource } from './source';
import { stepOfContacts } from './steps';

export interface GpioSignalOptions {
  chip: string;
  /** The line of each contact K1..K4; -1 = not wired. */
  lines: readonly number[];
  activeLow: boolean;
  steps: readonly number[];
  clock: Clock;
  /** The host's system calls (loaded on first use), or a test's fake. */
  host: () => Promise<LinuxSyscalls>;
}

export class GpioSignalSource implements SignalSource {
  readonly #options: GpioSignalOptions;
  #sink: SignalSink | undefined;
  #inputs: (GpioInput | undefined)[] = [];
  #watcher: EdgeWatcher | undefined;
  #sys: LinuxSyscalls | undefined;
  #cancelDebounce: (() => void) | undefined;
  #cancelCheck: (() => void) | undefined;
  #running = false;

  constructor(options: GpioSignalOptions) {
    this.#options = options;
  }

  start(sink: SignalSink): void {
    this.#sink = sink;
    this.#running = true;
    void this.#open();
  }

  stop(): void {
    this.#running = false;
    this.#cancelDebounce?.();
    this.#cancelCheck?.();
    this.#closeLines();
    this.#sink = undefined;
  }

  async #open(): Promise<void> {
    try {
      this.#sys ??= await this.#options.host();
    } catch (error) {
      this.#lost(`GPIO unavailable: ${(error as Error).message}`);
      this.#scheduleCheck();
      return;
    }
    if (!this.#running) return;
    this.#watcher ??= new EdgeWatcher(this.#sys);
    const { chip: path, lines, activeLow } = this.#options;
    let chip: GpioChip | undefined;
    try {
      chip = GpioChip.open(path, this.#sys, this.#watcher);
      this.#inputs = lines.map((line, index) =>
        line < 0
          ? undefined
          : chip!.requestInput(line, {
              consumer: `dtu-console grid signal K${index + 1}`,
              edges: 'both',
              // Open contact reads inactive without an outside resistor.
              bias: activeLow ? 'pull-up' : 'pull-down',
            }),
      );
    } catch (error) {
      this.#closeLines();
      this.#lost((error as Error).message);
      this.#scheduleCheck();
      return;
    } finally {
      chip?.close();
    }
    for (const input of this.#inputs) input?.onEdge(() => this.#edge());
    this.#read();
    this.#scheduleCheck();
  }

  /** An edge: the lines are read once they were quiet for the debounce time. */
  #edge(): void {
    this.#cancelDebounce?.();
    this.#cancelDebounce = this.#options.clock.setTimer(FeedInLimits.debounceMs, () => {
      this.#cancelDebounce = undefined;
      this.#read();
    });
  }

  /** Reads every wired line and reports the step; false when a line cannot be read. */
  #read(): boolean {
    const { activeLow, steps } = this.#options;
    let closed: (boolean | undefined)[];
    try {
      closed = this.#inputs.map((input) => (input ? input.get() !== activeLow : undefined));
    } catch (error) {
      this.#closeLines();
      this.#lost((error as Error).message);
      return false;
    }
    this.#sink?.step(stepOfContacts(closed, steps));
    return true;
  }

  #scheduleCheck(): void {
    if (!this.#running) return;
    this.#cancelCheck = this.#options.clock.setTimer(FeedInLimits.gpioCheckMs, () => {
      if (!this.#running) return;
      // Lines open: read them back (an edge lost or a line gone). Else: try to open them again.
      if (this.#inputs.some((input) => input !== undefined)) {
        if (this.#cancelDebounce === undefined) this.#read();
        this.#scheduleCheck();
      } else void this.#open();
    });
  }

  #lost(problem: string): void {
    this.#sink?.lost(problem);
  }

  #closeLines(): void {
    for (const input of this.#inputs) {
      try {
        input?.close();
      } catch {
        // Closing a line that has gone is best effort.
      }
    }
    this.#inputs = [];
  }
}
