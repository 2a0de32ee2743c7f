import { mkdir } from 'node:fs/promises';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { authHook } from './auth/hook';
import type { FailureLimits } from './auth/limiter';
import { AuthService } from './auth/service';
import { EventBus, type Service } from './bus';
import { ConfigStore } from './config/store';
import type { GatewayContext } from './context';
import { consoleStatic } from './http/console-static';
import { installErrorHandler } from './http/error-handler';
import { postBodies } from './http/post-data';
import type { GatewayOptions } from './options';
import { apiRoutes } from './routes';
import { type BuildInfo, readBuildInfo } from './system/build-info';
import { HeapWatermark } from './system/host';
import type { Logger } from './system/logger';

export interface Gateway {
  readonly http: FastifyInstance;
  readonly ctx: GatewayContext;
  /** Starts the services in order, then listens; resolves with the bound address. */
  start(): Promise<string>;
  /** Closes sockets and connections first, then stops the services in reverse order. */
  stop(): Promise<void>;
}

export interface GatewayDeps {
  log: Logger;
  build?: BuildInfo;
  resetReason?: GatewayContext['resetReason'];
  /** Fixes the host identity (DTU serial, MQTT client id) in tests; see config/identity.ts. */
  chipId?: number;
  /** Failed-login lockout thresholds (tests use small ones). */
  authLimits?: Partial<FailureLimits>;
}

/** Wires the services and the HTTP server of one gateway run. */
export async function createGateway(options: GatewayOptions, deps: GatewayDeps): Promise<Gateway> {
  await mkdir(options.dataDir, { recursive: true });
  const heap = new HeapWatermark();
  const bus = new EventBus();
  const config = await ConfigStore.open({
    dataDir: options.dataDir,
    log: deps.log,
    bus,
    ...(options.adminPassword === undefined ? {} : { adminPassword: options.adminPassword }),
    ...(deps.chipId === undefined ? {} : { chipId: deps.chipId }),
  });
  const auth = await AuthService.create({
    config,
    bus,
    log: deps.log,
    ...(deps.authLimits === undefined ? {} : { limits: deps.authLimits }),
  });
  const ctx: GatewayContext = {
    options,
    log: deps.log,
    bus,
    build: deps.build ?? readBuildInfo(),
    heap,
    startedAt: performance.now(),
    resetReason: deps.resetReason ?? 'Power on',
    config,
    auth,
  };
  // The config store comes first so it stops last: its stop() waits for pending writes.
  const services: Service[] = [config, auth, heap];

  const http = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    // One line per request would drown the console log of a small gateway; errors are logged by the handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Keep-alive browser connections must not hold a reboot or shutdown hostage.
    forceCloseConnections: true,
    return503OnClosing: true,
  });
  installErrorHandler(http);
  await http.register(postBodies);
  await http.register(authHook, { auth });
  await http.register(apiRoutes, { ctx });
  await http.register(consoleStatic, { webRoot: options.webRoot });

  return {
    http,
    ctx,
    async start() {
      for (const service of services) await service.start();
      return http.listen({ port: options.port, host: options.host });
    },
    async stop() {
      ctx.bus.emit('shutdown', 'stop');
      await http.close();
      for (const service of [...services].reverse()) await service.stop();
    },
  };
}
