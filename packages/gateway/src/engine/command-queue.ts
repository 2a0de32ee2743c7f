/**
 * One radio's command queue: one command on air at a time; user commands (limit, power)
 * go before polls, so a command waits at most for the transaction on air (the poll scheduler keeps only
 * one inverter's polls queued at a time); a command identical to one already waiting or on air is dropped. Each command runs
 * with an AbortSignal and a deadline in clock time, so a stuck command cannot block the radio.
 */
import type { Clock } from '@dtu-console/clock';

export type CommandPriority = 'command' | 'poll';

export interface QueuedCommand {
  /** Commands with equal keys are identical: a second one is dropped while the first waits or runs. */
  key: string;
  /** Numeric serial of the inverter it is for. */
  serial: number;
  /** What it is ('run-data', 'limit', …); used to find or replace commands. */
  kind: string;
  priority: CommandPriority;
  run(signal: AbortSignal): Promise<void>;
  /** Called instead of run when the command leaves the queue without running. */
  dropped?(): void;
}

export interface CommandQueueOptions {
  clock: Clock;
  /** A command still running after this long is abandoned (its signal aborted) and the queue moves on. */
  deadlineMs?: number;
  /** Reports a command that threw; the queue carries on either way. */
  onError?(command: QueuedCommand, error: unknown): void;
}

/** Longest legitimate command: 5 × 2000 ms device control plus 5 re-requests, with room to spare. */
export const DEFAULT_COMMAND_DEADLINE_MS = 30_000;

export class CommandQueue {
  readonly #clock: Clock;
  readonly #deadlineMs: number;
  readonly #onError: CommandQueueOptions['onError'];
  #waiting: QueuedCommand[] = [];
  #current: { command: QueuedCommand; abort: AbortController } | undefined;
  #running = false;
  #idleWaiters: (() => void)[] = [];
  #pollWaiters: (() => void)[] = [];

  constructor(options: CommandQueueOptions) {
    this.#clock = options.clock;
    this.#deadlineMs = options.deadlineMs ?? DEFAULT_COMMAND_DEADLINE_MS;
    this.#onError = options.onError;
  }

  get size(): number {
    return this.#waiting.length + (this.#current ? 1 : 0);
  }

  /** A command is on air. */
  get busy(): boolean {
    return this.#current !== undefined;
  }

  start(): void {
    this.#running = true;
    this.#pump();
  }

  /** Aborts the running command and drops everything waiting. */
  stop(): void {
    this.#running = false;
    this.#current?.abort.abort();
    this.remove(() => true);
  }

  /** Queues a command; false when an identical one is already waiting or running (the new one is dropped). */
  enqueue(command: QueuedCommand): boolean {
    if (this.has((c) => c.key === command.key)) return false;
    this.#waiting.push(command);
    this.#pump();
    return true;
  }

  /** True when a waiting or running command matches. */
  has(predicate: (command: QueuedCommand) => boolean): boolean {
    return (this.#current !== undefined && predicate(this.#current.command)) || this.#waiting.some(predicate);
  }

  /** Removes matching waiting commands (not the one on air) and tells each it was dropped. */
  remove(predicate: (command: QueuedCommand) => boolean): QueuedCommand[] {
    const removed = this.#waiting.filter(predicate);
    if (removed.length === 0) return removed;
    this.#waiting = this.#waiting.filter((c) => !predicate(c));
    for (const command of removed) command.dropped?.();
    this.#settleIdle();
    return removed;
  }

  /** Aborts the command on air if it matches (e.g. its inverter was removed). */
  abortCurrent(predicate: (command: QueuedCommand) => boolean): void {
    if (this.#current && predicate(this.#current.command)) this.#current.abort.abort();
  }

  /** Resolves once nothing waits and nothing runs (tests, orderly shutdown). */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /**
   * Resolves once no poll waits and none is on air (user commands may still run): the poll scheduler
   * hands the radio to the next inverter then.
   */
  pollsDone(): Promise<void> {
    if (!this.has((c) => c.priority === 'poll')) return Promise.resolve();
    return new Promise((resolve) => this.#pollWaiters.push(resolve));
  }

  #next(): QueuedCommand | undefined {
    const index = this.#waiting.findIndex((c) => c.priority === 'command');
    // No user command waiting (-1): the oldest poll request.
    const [command] = this.#waiting.splice(Math.max(index, 0), 1);
    return command;
  }

  #pump(): void {
    if (!this.#running || this.#current) return;
    const command = this.#next();
    if (!command) {
      this.#settleIdle();
      return;
    }
    const abort = new AbortController();
    this.#current = { command, abort };
    void this.#run(command, abort);
  }

  async #run(command: QueuedCommand, abort: AbortController): Promise<void> {
    let cancelDeadline: () => void = () => {};
    const deadline = new Promise<void>((resolve) => {
      cancelDeadline = this.#clock.setTimer(this.#deadlineMs, () => {
        abort.abort();
        resolve();
      });
    });
    try {
      await Promise.race([command.run(abort.signal), deadline]);
    } catch (error) {
      this.#onError?.(command, error);
    } finally {
      cancelDeadline();
      if (this.#current?.command === command) this.#current = undefined;
      this.#settleIdle();
      this.#pump();
    }
  }

  #settleIdle(): void {
    if (this.#pollWaiters.length > 0 && !this.has((c) => c.priority === 'poll')) {
      const pollWaiters = this.#pollWaiters;
      this.#pollWaiters = [];
      for (const resolve of pollWaiters) resolve();
    }
    if (this.size > 0) return;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
