#!/usr/bin/env node
// Builds what `npm start` runs when it is missing or older than its sources: the web console
// (packages/web/dist) and the gateway bundle (packages/gateway/dist), so that `npm start` is the one
// command a newcomer needs after `npm ci`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const BUILDS = [
  {
    what: 'the console',
    workspace: '@dtu-console/web',
    // The first paint's stylesheet is cut last, from the server render: it stands for the whole build.
    stamp: 'packages/web/dist/ssr/first-paint.css',
    sources: [
      'packages/web/src',
      'packages/web/public',
      'packages/web/index.html',
      'packages/web/vite.config.ts',
      'packages/web/scripts',
      'packages/web/package.json',
      'packages/contract/src',
      'package-lock.json',
    ],
  },
  {
    what: 'the gateway',
    workspace: '@dtu-console/gateway',
    stamp: 'packages/gateway/dist/main.js',
    sources: [
      'packages/gateway/src',
      'packages/gateway/build.mjs',
      'packages/gateway/package.json',
      'packages/contract/src',
      'packages/hoymiles/src',
      'packages/hoymiles/data',
      'packages/hoymiles-wifi/src',
      'packages/radio/src',
      'packages/clock/src',
      'package-lock.json',
    ],
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

for (const { what, workspace, stamp, sources } of BUILDS) {
  const builtAt = existsSync(join(root, stamp)) ? statSync(join(root, stamp)).mtimeMs : 0;
  const changedAt = Math.max(...sources.map((path) => newestMtime(join(root, path))));
  if (builtAt >= changedAt) continue;
  console.log(builtAt ? `Sources changed: rebuilding ${what}…` : `Building ${what} (first start)…`);
  try {
    execFileSync('npm', ['run', 'build', '--workspace', workspace], { cwd: root, stdio: 'inherit' });
  } catch {
    console.error(`The build of ${what} failed; see the messages above.`);
    process.exit(1);
  }
}
