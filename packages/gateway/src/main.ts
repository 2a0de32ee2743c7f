/** Command-line entry: `npm start`, or `node --import tsx src/main.ts --port 80 --data-dir /var/lib/dtu`. */
import { appendFileSync } from 'node:fs';
import { SystemClock } from '@dtu-console/clock';
import { RESET_REASONS } from '@dtu-console/contract';
import { type Gateway, GatewayRunner } from './app';
import { TlsSetupError } from './http/tls/tls-error';
import { OptionsError, parseOptions } from './options';
import { LAUNCHER_ENV } from './release/state';
import { ConsoleLog } from './system/console-log';
import { createLogger } from './system/logger';
import { isPortInUse, PORT_IN_USE_EXIT_CODE, portInUseMessage } from './system/port-in-use';
import { sunStatus } from './system/sun';
import { posixRuleOf } from './system/zones';

/** Whether the sun is below the horizon at the configured place (official sunrise/sunset). */
function isNightAtPlant(gateway: Gateway): boolean {
  const ntp = gateway.ctx.config.get('ntp');
  return !sunStatus({
    epochMs: gateway.ctx.clock.now(),
    tz: posixRuleOf(ntp.timezone, ntp.timezone_descr),
    latitude: ntp.latitude,
    longitude: ntp.longitude,
    sunsetType: 0,
    synchronised: true,
  }).isDay;
}

/**
 * `npm run bench` only (BENCH_SAMPLE_LOG=<file>): appends "<serial> <epoch ms>" for every new run-data
 * sample the moment the live model takes it from the radio answer, so the bench can time a sample's way
 * to the console's DOM. The simulated radio answers within the transmit call, so this is the radio's time.
 */
function logRadioSamples(gateway: Gateway, file: string): void {
  gateway.ctx.bus.on('live:inverter', (serial, change) => {
    if (change === 'data') appendFileSync(file, `${serial} ${Date.now()}\n`);
  });
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof OptionsError && error.exitCode === 0) {
      process.stdout.write(`${error.message.trimEnd()}\n`);
      process.exit(0);
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`dtu-console: ${message.trimEnd()}\n`);
    process.exit(2);
  }
  const consoleLog = new ConsoleLog();
  const log = createLogger({ level: options.logLevel, pretty: options.prettyLog, consoleLog });
  // One clock for the whole process: a manual time set or --sim-start survives in-process reboots.
  // Hosts without a battery-backed clock can ask to wait for SNTP or a manual time set (no inverter
  // requests until then); a simulated start counts as synchronised.
  const clock = new SystemClock({
    ...(options.simStart === undefined ? {} : { startAt: options.simStart }),
    requireSync: options.requireTimeSync === true,
  });
  if (options.simStart !== undefined) {
    log.info(`Simulated time starts at ${new Date(options.simStart).toISOString()}`);
  }
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  let announced = false;
  const onStart = (gateway: Gateway) => {
    if (process.env.BENCH_SAMPLE_LOG) logRadioSamples(gateway, process.env.BENCH_SAMPLE_LOG);
    if (gateway.ctx.resetReason === RESET_REASONS.softwareReset) {
      log.info('Restarted');
      return;
    }
    if (announced) return;
    announced = true;
    const port = gateway.ctx.options.port;
    const tls = gateway.ctx.tls;
    log.info(
      `Console ready at ${tls ? 'https' : 'http'}://${shownHost}:${port}/ (data in ${options.dataDir})`,
    );
    if (tls) {
      // What the browser shows under the certificate's details: an owner compares it before trusting it.
      log.info(
        `TLS certificate (${tls.source === 'self-signed' ? 'self-signed' : 'from --tls-cert'}) SHA-256 fingerprint: ${tls.fingerprint256}`,
      );
    }
    if (gateway.redirect) {
      log.info(`Plain HTTP on port ${gateway.redirect.port} redirects to HTTPS`);
    }
    // The password itself is only ever printed when it is the documented default.
    if (gateway.ctx.auth.defaultPasswordActive()) {
      log.info('Sign in as "admin" with password "openDTU42" until you change it in Settings → Security');
    }
    // Virtual inverters (simulated radio, or the chip models) sleep at night; a replay or real radio has none.
    if ((options.radio === 'simulated' || options.radio === 'model') && isNightAtPlant(gateway)) {
      log.info(
        'It is night at the configured place, so the simulated inverters sleep as real ones do. ' +
          'To watch them produce, start with e.g. --sim-start 2026-06-21T12:00:00+02:00',
      );
    }
  };

  // Each reboot is a new gateway run in this process (app.ts); --reboot-exits leaves it to a supervisor.
  const runner = new GatewayRunner(options, { log, clock, consoleLog }, onStart);
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal} received: shutting down`);
    runner.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  try {
    const outcome = await runner.run();
    if (outcome === 'exit-for-reboot') log.info('Reboot requested: exiting for the supervisor to restart');
    process.exit(0);
  } catch (error) {
    if (error instanceof TlsSetupError) {
      // The owner's file is wrong, not the gateway: one line that says which file and why.
      process.stderr.write(`dtu-console: ${error.message}\n`);
      process.exit(1);
    }
    if (isPortInUse(error)) {
      // Under the launcher, the launcher says it (once, however often it tried).
      if (!process.env[LAUNCHER_ENV])
        process.stderr.write(`dtu-console: ${portInUseMessage(options.port)}\n`);
      process.exit(PORT_IN_USE_EXIT_CODE);
    }
    log.fatal({ err: error }, `Cannot run the gateway on ${options.host}:${options.port}`);
    process.exit(1);
  }
}

await main();
