/**
 * A started test gateway whose plant (simulated radio, engine) runs on a ManualClock: tests move time
 * with `advance(ms)`. It listens on 127.0.0.1 on a free port for WebSocket tests; fastify inject works too.
 */
import { ManualClock } from '@dtu-console/clock';
import pino from 'pino';
import type { GatewayDeps } from '../../src/app';
import { ConsoleLog } from '../../src/system/console-log';
import { testGateway } from './gateway';

/** 21 June 2025 11:00 UTC = 13:00 in Berlin: broad daylight at the default location. */
export const SUMMER_NOON = Date.UTC(2025, 5, 21, 11, 0, 0);

/** The first-start inverters (config/defaults.ts): an HM-800 and an HMS-2000-4T. */
export const HM800 = '114172220003';
export const HMS2000 = '116683554321';

/** A limiter settings row for one of the plant's inverters: governed, behind the meter, no own bounds. */
export const governed = (serial: string) => ({
  serial,
  governed: true,
  behind_power_meter: true,
  lower_power_limit: 0,
  upper_power_limit: 0,
  role: 'solar' as const,
});

/** The limiter settings that steer both first-start inverters towards zero grid power. */
export const LIMITER_ON = {
  enabled: true,
  target_power_consumption: 0,
  target_power_consumption_hysteresis: 20,
  base_load_limit: 200,
  min_command_interval: 3,
  inverters: [governed(HM800), governed(HMS2000)],
};

export interface PlantGatewayOptions {
  start?: number;
  seed?: number;
  /** Log at info level into the console log (what /console shows), as main.ts wires it. */
  logToConsole?: boolean;
  deps?: Partial<GatewayDeps>;
  /** Reuse a data directory (a gateway started again on the same files). */
  dataDir?: string;
  /** Serve a built console from here. */
  webRoot?: string;
  /** `--max-socket-clients`. */
  maxSocketClients?: number;
  /** How long a Wi-Fi device may take to answer, ms (tests over real TCP on the manual clock). */
  wifiTimeoutMs?: number;
}

export async function plantGateway(options: PlantGatewayOptions = {}) {
  const clock = new ManualClock(options.start ?? SUMMER_NOON);
  const consoleLog = new ConsoleLog();
  const env = await testGateway(
    {
      ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
      ...(options.webRoot === undefined ? {} : { webRoot: options.webRoot }),
      ...(options.maxSocketClients === undefined ? {} : { maxSocketClients: options.maxSocketClients }),
      ...(options.wifiTimeoutMs === undefined ? {} : { wifiTimeoutMs: options.wifiTimeoutMs }),
    },
    {
      clock,
      consoleLog,
      ...(options.logToConsole ? { log: pino({ level: 'info' }, consoleLog.stream()) } : {}),
      seed: options.seed ?? 1,
      chipId: 0x1a2b3c,
      authLimits: { maxFailures: 100_000 },
      ...options.deps,
    },
  );
  await env.gateway.start();
  const bound = env.gateway.http.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : 0;
  return {
    ...env,
    clock,
    consoleLog,
    port,
    /** Moves the gateway clock; the engine polls and the simulated inverters answer meanwhile. */
    advance: (ms: number) => clock.advance(ms),
  };
}

export type PlantGateway = Awaited<ReturnType<typeof plantGateway>>;
