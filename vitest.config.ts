import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers the unit tests of every package; each package keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/*'],
    // Many test files wait on sockets, child processes and timers rather than compute: twice as many
    // workers as cores keeps both cores busy (docs/testing.md, "Unit tests": 1 worker on 2 cores by
    // default, 334 s for the gateway alone; measured per worker count there).
    maxWorkers: availableParallelism() * 2,
  },
});
