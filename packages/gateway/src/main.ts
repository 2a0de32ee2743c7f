import { createGateway } from './app';
import { OptionsError, parseOptions } from './options';
import { createLogger } from './system/logger';

/** Command-line entry: `npm start`, or `node --import tsx src/main.ts --port 80 --data-dir /var/lib/dtu`. */
async function main(): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    const message =
      error instanceof OptionsError || error instanceof TypeError ? error.message : String(error);
    process.stderr.write(`dtu-console: ${message}\n`);
    process.exit(2);
  }
  const log = createLogger({ level: options.logLevel, pretty: options.prettyLog });
  const gateway = await createGateway(options, { log });
  try {
    await gateway.start();
  } catch (error) {
    log.fatal({ err: error }, `Cannot listen on ${options.host}:${options.port}`);
    process.exit(1);
  }

  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  log.info(`Console ready at http://${shownHost}:${options.port}/ (data in ${options.dataDir})`);
  log.info('Sign in as "admin" with password "openDTU42" until you change it in Settings → Security');

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    log.info(`${signal} received: shutting down`);
    gateway.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

await main();
