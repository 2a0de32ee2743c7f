/**
 * Soak only (npm run test:soak): 100 WebSocket clients on the gateway's sockets for 10 minutes while the
 * simulated plant produces at noon; the gateway process' resident memory (from /proc) must not grow by
 * 10 % or more between the first and the last minute. A client the server closes connects again after a
 * short pause, as the console does (with the default client limit of 1000 none should be). DTU_SOAK_WS_MS
 * shortens it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { basic } from '../../helpers/api';
import { startChildGateway } from './child-gateway';
import { SEED, SOAK, seededRandom } from './soak';

const CLIENTS = 100;
const DURATION_MS = Number(process.env.DTU_SOAK_WS_MS ?? 10 * 60_000);
/** The first and the last part of the run whose RSS samples are compared (after a warm-up as long). */
const WINDOW_MS = Math.min(60_000, DURATION_MS / 5);
const SAMPLE_MS = 2_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

describe('100 live WebSocket clients', () => {
  it.runIf(SOAK)(
    `keep the gateway's memory growth under 10 % for ${Math.round(DURATION_MS / 1000)} s`,
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'dtu-ws-soak-'));
      const gateway = await startChildGateway(dataDir, {
        args: ['--sim-start', '2026-06-21T12:00:00+02:00'],
      });
      const random = seededRandom(SEED);
      const stats = { connects: 0, closedByServer: 0, frames: 0, errors: 0 };
      const sockets = new Set<WebSocket>();
      let running = true;
      const open = (path: string) => {
        if (!running) return;
        const ws = new WebSocket(`ws://127.0.0.1:${gateway.port}${path}`, {
          headers: { authorization: basic() },
        });
        stats.connects++;
        sockets.add(ws);
        ws.on('message', () => {
          stats.frames++;
        });
        ws.on('error', () => {
          stats.errors++;
        });
        ws.on('close', () => {
          sockets.delete(ws);
          if (!running) return;
          stats.closedByServer++;
          setTimeout(() => open(path), 1000 + random.int(2000));
        });
      };
      const samples: { t: number; rss: number }[] = [];
      const startedAt = Date.now();
      try {
        for (let i = 0; i < CLIENTS; i++) open(i % 4 === 3 ? '/console' : '/livedata');
        while (Date.now() - startedAt < DURATION_MS) {
          await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
          samples.push({ t: Date.now() - startedAt, rss: await gateway.rss() });
        }
      } finally {
        running = false;
        for (const ws of sockets) ws.terminate();
        await gateway.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
      const first = samples.filter((s) => s.t >= WINDOW_MS && s.t < 2 * WINDOW_MS).map((s) => s.rss);
      const last = samples.filter((s) => s.t >= DURATION_MS - WINDOW_MS).map((s) => s.rss);
      const growth = median(last) / median(first) - 1;
      console.info(
        `websocket soak: ${Math.round(DURATION_MS / 1000)} s, ${CLIENTS} clients, ${stats.connects} connects, ` +
          `${stats.closedByServer} closed by the server, ${stats.frames} frames, RSS ${(median(first) / 2 ** 20).toFixed(1)} → ` +
          `${(median(last) / 2 ** 20).toFixed(1)} MiB (${(growth * 100).toFixed(1)} %), peak ` +
          `${(Math.max(...samples.map((s) => s.rss)) / 2 ** 20).toFixed(1)} MiB`,
      );
      expect(stats.frames).toBeGreaterThan(0);
      expect(first.length).toBeGreaterThan(0);
      expect(last.length).toBeGreaterThan(0);
      expect(growth).toBeLessThan(0.1);
    },
    DURATION_MS + 120_000,
  );
});
