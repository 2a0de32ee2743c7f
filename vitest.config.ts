import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { webProject } from './packages/web/vitest.config';

/**
 * The console's test files that replace modules (`vi.mock`, `vi.doMock`) run isolated, each with its own
 * modules; the others share their worker's modules and jsdom, which saves a fresh environment per file
 * (docs/testing.md, "Unit tests"). A stubbed global (`vi.stubGlobal`) is put back after each test by the
 * file itself, so it needs no isolation. Found by reading the files, so a new module mock cannot land in
 * the shared group by mistake. No web test replaces a module today: every file is shared.
 */
const WEB = 'packages/web';
const REPLACES_MODULES = /\bvi\.(?:mock|doMock)\(/;
const webTests = (readdirSync(join(WEB, 'test'), { recursive: true }) as string[])
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `test/${file.split('\\').join('/')}`);
const isolated = webTests.filter((file) => REPLACES_MODULES.test(readFileSync(join(WEB, file), 'utf8')));
const shared = webTests.filter((file) => !isolated.includes(file));

// One vitest run covers the unit tests of every package; each package keeps its own config.
export default defineConfig({
  test: {
    projects: [
      'packages/!(web)',
      { root: WEB, ...webProject('web', isolated, true) },
      { root: WEB, ...webProject('web-shared', shared, false) },
    ],
    // Many test files wait on sockets, child processes and timers rather than compute: twice as many
    // workers as cores keeps both cores busy (docs/testing.md, "Unit tests": 1 worker on 2 cores by
    // default, 334 s for the gateway alone; measured per worker count there).
    maxWorkers: availableParallelism() * 2,
  },
});
