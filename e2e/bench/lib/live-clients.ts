/**
 * Live clients for the bench: many /livedata WebSockets in this process, each noting when a message for
 * which inverter arrived; and the radio samples the gateway logs (BENCH_SAMPLE_LOG), to time the way from
 * a sample to a client.
 */
import { existsSync, readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { percentile, sleep } from './stats';

/** Epoch ms with sub-millisecond resolution (the gateway logs Date.now(), the same wall clock). */
export const epochNow = () => performance.timeOrigin + performance.now();

export interface Sample {
  serial: string;
  at: number;
}

export function readSamples(file: string): Sample[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [serial = '', at = '0'] = line.split(' ');
      return { serial, at: Number(at) };
    });
}

/** The serial of a /livedata message: its one inverter comes first, so a search beats parsing. */
function serialOf(text: string): string | undefined {
  return /"serial":"(\w+)"/.exec(text)?.[1];
}

export class LiveClients {
  /** Per client: per serial, receive times in order. */
  readonly #received: Map<string, number[]>[] = [];
  readonly #sockets: WebSocket[] = [];
  closedByServer = 0;

  static async open(url: string, count: number): Promise<LiveClients> {
    const clients = new LiveClients();
    // In batches, as browsers would not all arrive in the same millisecond either.
    for (let i = 0; i < count; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => clients.#connect(url)));
    }
    return clients;
  }

  #connect(url: string): Promise<void> {
    const received = new Map<string, number[]>();
    this.#received.push(received);
    const socket = new WebSocket(url);
    this.#sockets.push(socket);
    socket.on('message', (data) => {
      const at = epochNow();
      const serial = serialOf(data.toString());
      if (!serial) return;
      const times = received.get(serial);
      if (times) times.push(at);
      else received.set(serial, [at]);
    });
    socket.on('close', (code) => {
      if (code !== 1000 && code !== 1005) this.closedByServer++;
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
  }

  get count(): number {
    return this.#sockets.length;
  }

  get open(): number {
    return this.#sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
  }

  /**
   * For every sample taken in [from, to] and every client: ms until that client received the inverter's
   * next message. A client that got none within `giveUpMs` counts as infinitely late.
   */
  latencies(samples: readonly Sample[], from: number, to: number, giveUpMs = 5000): number[] {
    const out: number[] = [];
    for (const sample of samples) {
      if (sample.at < from || sample.at > to) continue;
      for (const received of this.#received) {
        const times = received.get(sample.serial) ?? [];
        const next = times.find((at) => at >= sample.at);
        out.push(
          next === undefined || next - sample.at > giveUpMs ? Number.POSITIVE_INFINITY : next - sample.at,
        );
      }
    }
    return out;
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.close(1000);
    await sleep(200);
    for (const socket of this.#sockets) socket.terminate();
  }
}

export function latencySummary(values: readonly number[]): {
  p50: number;
  p99: number;
  max: number;
  missed: number;
} {
  return {
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : Number.NaN,
    missed: values.filter((value) => !Number.isFinite(value)).length,
  };
}
