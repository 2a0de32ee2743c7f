#!/usr/bin/env node
// The first step of `npm test`: the system tools the tests drive, installed from Debian's packages when
// missing. As root it runs apt-get itself; otherwise it prints the one line to run and stops before any
// test, so a missing tool is said at once instead of failing a test half-way through the suite.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** What the tests need, the Debian package that brings it, and where it may already be. */
const TOOLS = [
  {
    // Debian's headless shell of Chromium (e2e/chromium.ts says why the tests use it, not the full browser).
    what: "Chromium's headless shell (browser tests)",
    pkg: 'chromium-headless-shell',
    found: () =>
      executable(process.env.CHROMIUM_TEST_PATH) ||
      onPath('chromium-headless-shell') ||
      executable('/usr/bin/chromium-headless-shell'),
  },
  {
    what: 'Mosquitto (MQTT tests)',
    pkg: 'mosquitto',
    found: () => onPath('mosquitto') || executable('/usr/sbin/mosquitto'),
  },
  { what: 'promtool and Prometheus (metrics tests)', pkg: 'prometheus', found: () => onPath('promtool') },
  { what: 'systemd-analyze (service unit test)', pkg: 'systemd', found: () => onPath('systemd-analyze') },
  { what: 'socat (serial line tests)', pkg: 'socat', found: () => onPath('socat') },
  {
    // The only fonts the browser tests' Chromium sees (e2e/fonts/fonts.conf): the compared pictures'
    // baselines are drawn with them.
    what: "Debian's DejaVu fonts (compared pictures)",
    pkg: 'fonts-dejavu-core',
    found: () => DEJAVU.every((file) => readable(`/usr/share/fonts/truetype/dejavu/${file}`)),
  },
];

/** The files of fonts-dejavu-core that e2e/fonts/fonts.conf lets Chromium use. */
const DEJAVU = ['Sans', 'Sans-Bold', 'SansMono', 'SansMono-Bold', 'Serif', 'Serif-Bold'].map(
  (style) => `DejaVu${style}.ttf`,
);

function readable(path) {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}

function executable(path) {
  if (!path) return false;
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function onPath(name) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && executable(join(dir, name)));
}

const missing = TOOLS.filter((tool) => !tool.found());
if (missing.length === 0) process.exit(0);

const packages = missing.map((tool) => tool.pkg);
const line = `sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`;
console.log(`npm test needs: ${missing.map((tool) => tool.what).join(', ')}.`);

const root = typeof process.getuid === 'function' && process.getuid() === 0;
const apt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
if (!root || !apt) {
  console.log(
    apt
      ? `Install them with:\n\n  ${line}\n\nthen run npm test again.`
      : `This is not a Debian-like system with apt-get: install ${packages.join(', ')} with its package manager, then run npm test again.`,
  );
  process.exit(1);
}

console.log(`Installing ${packages.join(' ')} from Debian's packages…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
  stdio: 'inherit',
  env,
});
const still = TOOLS.filter((tool) => !tool.found());
if (still.length > 0) {
  console.log(`Still missing after the install: ${still.map((tool) => tool.what).join(', ')}.`);
  process.exit(1);
}
