/**
 * Recording doors for the golden SPI traces: every transaction becomes one readable line.
 *   W 60 02        register write (address, value)
 *   R 61 -> 02     register read
 *   F< 1b / F> 95  FIFO byte written to / read from the chip
 *   FCSB 0 / FCSB 1, GPIO2 ^ / GPIO3 v   FCSB line changes and interrupt edges
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { GpioInput, GpioOutput, SpiBus } from '../../../src/io';

const hex = (b: number) => b.toString(16).padStart(2, '0');

export class Trace {
  readonly lines: string[] = [];

  registerBus(bus: SpiBus): SpiBus {
    return {
      path: bus.path,
      transfer: (segments) => {
        const result = bus.transfer(segments);
        const first = segments[0]?.tx;
        if (first && first.length === 1 && segments[1]?.rxLength === 1) {
          this.lines.push(`R ${hex(first[0]! & 0x7f)} -> ${hex(result[1]![0]!)}`);
        } else {
          this.lines.push(
            `W ${segments
              .flatMap((s) => [...(s.tx ?? [])])
              .map(hex)
              .join(' ')}`,
          );
        }
        return result;
      },
      close: () => bus.close(),
    };
  }

  fifoBus(bus: SpiBus): SpiBus {
    return {
      path: bus.path,
      transfer: (segments) => {
        const result = bus.transfer(segments);
        const tx = segments[0]?.tx;
        this.lines.push(tx ? `F< ${[...tx].map(hex).join(' ')}` : `F> ${[...result[0]!].map(hex).join(' ')}`);
        return result;
      },
      close: () => bus.close(),
    };
  }

  output(line: GpioOutput, name: string): GpioOutput {
    return {
      offset: line.offset,
      set: (high) => {
        this.lines.push(`${name} ${high ? 1 : 0}`);
        line.set(high);
      },
      close: () => line.close(),
    };
  }

  input(line: GpioInput, name: string): GpioInput {
    return {
      offset: line.offset,
      get: () => line.get(),
      onEdge: (listener) =>
        line.onEdge((edge) => {
          this.lines.push(`${name} ${edge.rising ? '^' : 'v'}`);
          listener(edge);
        }),
      close: () => line.close(),
    };
  }

  take(): string[] {
    return this.lines.splice(0);
  }
}

/** Compares with the checked-in trace; UPDATE_TRACES=1 rewrites it. */
export function expectedTrace(path: string, actual: string[]): string[] {
  const text = `${actual.join('\n')}\n`;
  if (process.env.UPDATE_TRACES === '1') writeFileSync(path, text);
  return readFileSync(path, 'utf8').trimEnd().split('\n');
}
