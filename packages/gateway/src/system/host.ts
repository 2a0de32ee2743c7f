import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import v8 from 'node:v8';

/** Facts about the host the gateway runs on, in the units the system status reports (bytes, MHz, seconds). */
export interface HostFacts {
  hostname: string;
  platform: string;
  cpuModel: string;
  cpuCores: number;
  cpuMhz: number;
  cpuTemperature: number | null;
  memoryTotal: number;
  heap: { total: number; used: number; maxBlock: number };
  disk: { total: number; used: number };
}

export async function readHostFacts(dataDir: string): Promise<HostFacts> {
  const cpus = os.cpus();
  const heap = v8.getHeapStatistics();
  const fs = await statfs(dataDir);
  return {
    hostname: os.hostname(),
    platform: `Node.js ${process.version} on ${os.type()} ${os.release()} (${process.arch})`,
    cpuModel: cpus[0]?.model.trim() || os.machine(),
    cpuCores: cpus.length,
    cpuMhz: cpus[0]?.speed ?? 0,
    cpuTemperature: await readCpuTemperature(),
    memoryTotal: os.totalmem(),
    heap: {
      total: heap.total_heap_size,
      used: heap.used_heap_size,
      maxBlock: largestHeapSpaceAvailable(),
    },
    disk: { total: fs.blocks * fs.bsize, used: (fs.blocks - fs.bfree) * fs.bsize },
  };
}

/** V8 has no "largest free block"; the most room left in one heap space is the honest analogue. */
function largestHeapSpaceAvailable(): number {
  return Math.max(0, ...v8.getHeapSpaceStatistics().map((space) => space.space_available_size));
}

async function readCpuTemperature(): Promise<number | null> {
  try {
    const milli = Number((await readFile('/sys/class/thermal/thermal_zone0/temp', 'utf8')).trim());
    return Number.isFinite(milli) ? Math.round(milli / 100) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * Tracks the lowest free heap seen, the figure behind the console's "max usage" (total − min free).
 * Sampled on a slow unref'd timer so it costs nothing measurable and never keeps the process alive.
 */
export class HeapWatermark {
  #minFree = Number.POSITIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;

  readonly name = 'heap-watermark';

  start(intervalMs = 10_000): void {
    this.sample();
    this.#timer = setInterval(() => this.sample(), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  sample(): number {
    const heap = v8.getHeapStatistics();
    this.#minFree = Math.min(this.#minFree, heap.total_heap_size - heap.used_heap_size);
    return this.#minFree;
  }
}
