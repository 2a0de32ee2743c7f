#!/usr/bin/env node
// Builds the web console when packages/web/dist is missing or older than its sources, so that
// `npm start` is the one command a newcomer needs after `npm ci`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'packages/web/dist/index.html');
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
  'packages/contract/src',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changedAt = Math.max(...sources.map((path) => newestMtime(join(root, path))));
if (builtAt >= changedAt) process.exit(0);

console.log(
  builtAt ? 'Console sources changed: rebuilding the console…' : 'Building the console (first start)…',
);
try {
  execFileSync('npm', ['run', 'build', '--workspace', '@dtu-console/web'], { cwd: root, stdio: 'inherit' });
} catch {
  console.error('The console build failed; see the messages above.');
  process.exit(1);
}
