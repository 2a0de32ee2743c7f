import { mkdir } from 'node:fs/promises';
import { type Clock, SystemClock } from '@dtu-console/clock';
import { RESET_REASONS, type ResetReason } from '@dtu-console/contract';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { authHook } from './auth/hook';
import type { FailureLimits } from './auth/limiter';
import { AuthService } from './auth/service';
import { EventBus, type Service } from './bus';
import { ConfigStore } from './config/store';
import type { GatewayContext } from './context';
import { consoleTextsReader } from './http/console-language';
import { consoleStatic } from './http/console-static';
import { installErrorHandler } from './http/error-handler';
import { HttpsRedirect } from './http/https-redirect';
import { originGuard } from './http/origin-guard';
import { OriginRefusals } from './http/origin-refusals';
import { postBodies } from './http/post-data';
import { securityHeadersHook, unroutableAnswer } from './http/security-headers';
import { loadServerTls } from './http/tls/server-tls';
import type { GatewayOptions } from './options';
import { gatewayHintInputs, livedataFirstPaintJson } from './output/live-json';
import { createPlant, type PlantOptions } from './plant';
import { releaseSwitchPending } from './release/state';
import { apiRoutes } from './routes';
import { openapiOptions } from './routes/openapi';
import { type CoreContext, createServices } from './services';
import { type BuildInfo, readBuildInfo } from './system/build-info';
import { ConsoleLog } from './system/console-log';
import { HeapWatermark } from './system/host';
import type { Logger } from './system/logger';
import { websocketSupport } from './ws/plugin';

export interface Gateway {
  readonly http: FastifyInstance;
  readonly ctx: GatewayContext;
  /** Starts the services in order, then listens; resolves with the bound address. */
  start(): Promise<string>;
  /** Closes sockets and connections first, then stops the services in reverse order. */
  stop(reason?: 'reboot' | 'stop'): Promise<void>;
  /** Resolves when a reboot was requested (ctx.requestReboot) and its delay has passed. */
  readonly rebootRequested: Promise<void>;
  /** `--http-redirect`: the plain HTTP server that sends visitors to HTTPS (started by start()). */
  readonly redirect: HttpsRedirect | undefined;
}

export interface GatewayDeps {
  log: Logger;
  build?: BuildInfo;
  resetReason?: GatewayContext['resetReason'];
  /** Fixes the host identity (DTU serial, MQTT client id) in tests; see config/identity.ts. */
  chipId?: number;
  /** Failed-login lockout thresholds (tests use small ones). */
  authLimits?: Partial<FailureLimits>;
  /** Time between a reboot request and the restart, so the answer reaches the client (default 1 s). */
  rebootDelayMs?: number;
  /** The gateway clock; it lives across reboots (main.ts makes one). Tests pass a ManualClock. */
  clock?: Clock;
  /** Where log lines for the /console WebSocket go; it lives across reboots. */
  consoleLog?: ConsoleLog;
  /** Seed of the simulated plant (weather, radio faults). */
  seed?: number | string;
  /** Tests shorten the SNTP timeout. */
  sntpTimeoutMs?: number;
  /** `--radio hardware`: the host's radio devices (tests give fake system calls). */
  radioHost?: PlantOptions['radioHost'];
  /** Where the drivers of `--radio model|hardware` run (default their own thread; see PlantOptions). */
  radioThread?: PlantOptions['radioThread'];
}

/** the device restarts about 1 s after answering. */
export const REBOOT_DELAY_MS = 1000;

/** Wires the services and the HTTP server of one gateway run. */
export async function createGateway(options: GatewayOptions, deps: GatewayDeps): Promise<Gateway> {
  await mkdir(options.dataDir, { recursive: true });
  // Read (and with --tls self-signed made) first, before anything else starts; a bad file ends the start (TlsSetupError).
  const tls =
    options.tls === undefined ? undefined : await loadServerTls(options.tls, options.dataDir, deps.log);
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
  let rebootPending = false;
  let resolveReboot: () => void = () => {};
  const rebootRequested = new Promise<void>((resolve) => {
    resolveReboot = resolve;
  });
  const startedAt = performance.now();
  const clock = deps.clock ?? new SystemClock();
  const plant = createPlant({
    config,
    bus,
    clock,
    log: deps.log,
    startedAt,
    ...(deps.seed === undefined ? {} : { seed: deps.seed }),
    ...(options.radio === undefined ? {} : { radio: options.radio }),
    ...(options.replayFile === undefined ? {} : { replayFile: options.replayFile }),
    dataDir: options.dataDir,
    ...(deps.radioHost === undefined ? {} : { radioHost: deps.radioHost }),
    ...(deps.radioThread === undefined ? {} : { radioThread: deps.radioThread }),
  });
  const core: CoreContext = {
    options,
    ...(tls === undefined
      ? {}
      : { tls: { source: tls.source, fingerprint256: tls.fingerprint256, validTo: tls.validTo } }),
    log: deps.log,
    bus,
    build: deps.build ?? readBuildInfo(),
    heap,
    startedAt,
    resetReason: deps.resetReason ?? RESET_REASONS.powerOn,
    config,
    auth,
    clock,
    plant,
    consoleLog: deps.consoleLog ?? new ConsoleLog(),
    originRefusals: new OriginRefusals({ clock, log: deps.log }),
    requestReboot(reason) {
      if (rebootPending) return;
      rebootPending = true;
      deps.log.info(`Restarting: ${reason}`);
      setTimeout(resolveReboot, deps.rebootDelayMs ?? REBOOT_DELAY_MS);
    },
  };
  const extra = createServices(core, {
    ...(deps.sntpTimeoutMs === undefined ? {} : { sntpTimeoutMs: deps.sntpTimeoutMs }),
    ...(deps.seed === undefined ? {} : { seed: deps.seed }),
  });
  const ctx: GatewayContext = { ...core, services: extra.slots };
  // The config store comes first so it stops last: its stop() waits for pending writes. The plant runs
  // before the outputs that read it.
  const services: Service[] = [config, auth, heap, plant, ...extra.list];

  const http = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    // One line per request would drown the console log of a small gateway; errors are logged by the handler.
    logController: new LogController({ disableRequestLogging: true }),
    // Keep-alive browser connections must not hold a reboot or shutdown hostage.
    forceCloseConnections: true,
    return503OnClosing: true,
    // A URL Fastify cannot even route still gets the security headers of every answer.
    frameworkErrors: unroutableAnswer(options.webRoot),
    // HTTPS for the console, the API and the WebSockets alike (their upgrades arrive on this server).
    ...(tls === undefined ? {} : { https: { key: tls.key, cert: tls.cert } }),
  }) as unknown as FastifyInstance; // routes and hooks do not depend on which server (http or https) carries them
  const redirect =
    tls === undefined || options.httpRedirectPort === undefined
      ? undefined
      : new HttpsRedirect({ host: options.host, port: options.httpRedirectPort });
  installErrorHandler(http);
  // First, so its onRequest hook marks upgrade requests before any hook answers early (503, 401, 429):
  // only then is the socket of a refused upgrade destroyed instead of holding server.close() open.
  await http.register(websocketSupport);
  // Security headers on every answer, early answers (503, 401, 429) and errors included.
  await http.register(securityHeadersHook, { webRoot: options.webRoot });
  // Once a restart is decided the gateway counts as down: the console's reboot and firmware pages wait
  // for /api/system/status to answer again, which must not happen before the new run is up.
  http.addHook('onRequest', async (_request, reply) => {
    if (!rebootPending) return;
    return reply
      .code(503)
      .header('Retry-After', '1')
      .header('Connection', 'close')
      .send({ message: 'Restarting', statusCode: 503 });
  });
  // Before any route, so its onRoute hook sees every route (GET /api/openapi.json).
  await http.register(fastifySwagger, openapiOptions(core.build.version));
  await http.register(postBodies);
  // Before the auth hook: another site's page gets 403, never a login dialog (docs/security.md).
  await http.register(originGuard, {
    tls: tls !== undefined,
    allowedOrigins: () => config.get('security').allowed_origins,
    refusals: core.originRefusals,
  });
  await http.register(authHook, { auth });
  await http.register(apiRoutes, { ctx });
  await http.register(consoleStatic, {
    webRoot: options.webRoot,
    // The same rule as GET /api/livedata/status: nothing for an anonymous visitor without read-only access.
    firstPaint: async (request) =>
      (await auth.authorize(request, 'readonly')).allowed
        ? livedataFirstPaintJson(ctx.plant.live, gatewayHintInputs(ctx.auth, ctx.plant.radio))
        : null,
    consoleTexts: consoleTextsReader(),
  });

  return {
    http,
    ctx,
    async start() {
      for (const service of services) await service.start();
      const address = await http.listen({ port: options.port, host: options.host });
      if (redirect) {
        const bound = http.server.address();
        await redirect.start(bound && typeof bound === 'object' ? bound.port : options.port);
      }
      return address;
    },
    redirect,
    async stop(reason = 'stop') {
      ctx.bus.emit('shutdown', reason);
      await redirect?.stop();
      await http.close();
      for (const service of [...services].reverse()) await service.stop();
    },
    rebootRequested,
  };
}

export type RunOutcome = 'stopped' | 'exit-for-reboot';

/**
 * The gateway's life in one process: create a run, start it, and on a reboot request stop it and create
 * the next one (config reloaded from disk, every service re-initialised, reset reason "Software reset"),
 * on the same port. With `rebootExits` a reboot ends run() instead, for a supervisor to restart us.
 */
export class GatewayRunner {
  readonly #options: GatewayOptions;
  readonly #deps: GatewayDeps;
  readonly #onStart: ((gateway: Gateway, address: string) => void) | undefined;
  #current: Gateway | undefined;
  #stopRequested = false;
  #resolveStop: () => void = () => {};
  readonly #stopSignal = new Promise<void>((resolve) => {
    this.#resolveStop = resolve;
  });
  #running: Promise<RunOutcome> | undefined;

  constructor(
    options: GatewayOptions,
    deps: GatewayDeps,
    onStart?: (gateway: Gateway, address: string) => void,
  ) {
    this.#options = options;
    this.#deps = deps;
    this.#onStart = onStart;
  }

  /** The gateway of the current run (undefined while between runs). */
  get current(): Gateway | undefined {
    return this.#current;
  }

  run(): Promise<RunOutcome> {
    this.#running ??= this.#loop();
    return this.#running;
  }

  /** Stops the current run (SIGINT/SIGTERM) and resolves when run() has ended. */
  async stop(): Promise<void> {
    this.#stopRequested = true;
    this.#resolveStop();
    await this.#running?.catch(() => {});
  }

  async #loop(): Promise<RunOutcome> {
    let options = this.#options;
    let resetReason: ResetReason = this.#deps.resetReason ?? RESET_REASONS.powerOn;
    for (;;) {
      const gateway = await createGateway(options, { ...this.#deps, resetReason });
      if (this.#stopRequested) {
        await gateway.stop();
        return 'stopped';
      }
      this.#current = gateway;
      const address = await gateway.start();
      // A restart must come back where the console is polling, also when port 0 picked one.
      const bound = gateway.http.server.address();
      if (bound && typeof bound === 'object') options = { ...options, port: bound.port };
      if (gateway.redirect) options = { ...options, httpRedirectPort: gateway.redirect.port };
      this.#onStart?.(gateway, address);
      const next = await Promise.race([
        gateway.rebootRequested.then(() => 'reboot' as const),
        this.#stopSignal.then(() => 'stop' as const),
      ]);
      this.#current = undefined;
      await gateway.stop(next);
      if (next === 'stop') return 'stopped';
      // A newly installed release needs a new process: the launcher starts it.
      if (options.rebootExits || releaseSwitchPending(options.dataDir)) return 'exit-for-reboot';
      resetReason = RESET_REASONS.softwareReset;
    }
  }
}
