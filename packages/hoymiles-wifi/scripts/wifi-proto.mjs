#!/usr/bin/env node
// Regenerates src/gen/*_pb.ts from proto/*.proto with buf and protoc-gen-es (both npm packages; no
// network, no system protoc). Run: npm run wifi-proto -w @dtu-console/hoymiles-wifi
import { execFileSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const protoDir = join(here, '..', 'proto');
const genDir = join(here, '..', 'src', 'gen');
const require = createRequire(import.meta.url);
const bufBin = join(dirname(require.resolve('@bufbuild/buf/package.json')), 'bin', 'buf');
const pluginDir = join(dirname(require.resolve('@bufbuild/protoc-gen-es/package.json')), 'bin');

rmSync(genDir, { recursive: true, force: true });
execFileSync(bufBin, ['generate'], {
  cwd: protoDir,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${pluginDir}:${process.env.PATH ?? ''}` },
});
// The generated files are committed in the house format (Biome formats them and sorts their imports).
const biomeBin = join(dirname(require.resolve('@biomejs/biome/package.json')), 'bin', 'biome');
execFileSync(biomeBin, ['check', '--write', genDir], { stdio: 'inherit' });
console.log(`wifi-proto: ${readdirSync(genDir).join(', ')}`);
