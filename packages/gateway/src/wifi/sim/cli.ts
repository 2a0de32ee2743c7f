/**
 * `npm run wifi-sim -- --port 10081 --model HMS-800W-2T` (or `--model DTU-Pro --inverters 4`): a virtual
 * Hoymiles Wi-Fi device on TCP, for tests and demos. Prints one line once it listens.
 */
import { parseArgs } from 'node:util';
import { WIFI_PORT } from '@dtu-console/hoymiles-wifi';
import { WIFI_SIM_MODELS, wifiSimModel } from './models';
import { WifiSimServer } from './server';
import { VirtualWifiDevice } from './virtual-device';

const HELP = `Usage: npm run wifi-sim -- [options]
  --port <n>         TCP port (default ${WIFI_PORT}; 0 picks a free one)
  --host <address>   address to listen on (default 127.0.0.1; 0.0.0.0 for the LAN)
  --model <name>     ${WIFI_SIM_MODELS.map((m) => m.name).join(', ')} (default HMS-800W-2T)
  --inverters <n>    DTUs only: radio inverters behind it (default 2)
  --encrypt          encrypt with AES-128-GCM, as newer firmware does
  --seed <text>      seed of serials, weather and keys (default: the model's name)
  --start <time>     the device's clock starts at this moment (ISO 8601) and runs on (default: now)
  --drop-after <n>   close each connection at its nth request
  --slow <ms>        wait before each answer
  --bad-crc          answer with a wrong CRC
  --wrong-length     answer with a length field past the frame
  --garbage          answer with bytes that are no frame
  --verbose          one line per request`;

function main(): void {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: String(WIFI_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      model: { type: 'string', default: 'HMS-800W-2T' },
      inverters: { type: 'string', default: '2' },
      encrypt: { type: 'boolean', default: false },
      seed: { type: 'string' },
      start: { type: 'string' },
      'drop-after': { type: 'string' },
      slow: { type: 'string' },
      'bad-crc': { type: 'boolean', default: false },
      'wrong-length': { type: 'boolean', default: false },
      garbage: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const model = wifiSimModel(values.model);
  const port = Number(values.port);
  const inverters = Number(values.inverters);
  if (!model) return void fail(`unknown model '${values.model}'`);
  if (!Number.isInteger(port) || port < 0 || port > 65535) return void fail(`bad port '${values.port}'`);
  const start = values.start === undefined ? undefined : Date.parse(values.start);
  if (start !== undefined && !Number.isFinite(start)) return void fail(`bad start time '${values.start}'`);
  if (!Number.isInteger(inverters) || inverters < 1 || inverters > 99)
    return void fail(`bad inverter count '${values.inverters}'`);
  const device = new VirtualWifiDevice({
    model,
    inverters,
    encrypt: values.encrypt,
    ...(values.seed ? { seed: values.seed } : {}),
    ...(start === undefined ? {} : { now: clockFrom(start) }),
  });
  const server = new WifiSimServer({
    device,
    host: values.host,
    port,
    misbehaviour: {
      ...(values['drop-after'] ? { dropAfter: Number(values['drop-after']) } : {}),
      ...(values.slow ? { slowMs: Number(values.slow) } : {}),
      badCrc: values['bad-crc'],
      wrongLength: values['wrong-length'],
      garbage: values.garbage,
    },
    ...(values.verbose ? { log: (line: string) => process.stdout.write(`${line}\n`) } : {}),
  });
  server.listen().then(
    (listening) => {
      process.stdout.write(
        `wifi-sim: virtual ${model.name} ${device.dtuSerial} serving ${device.serials.join(', ')} on ${values.host}:${listening}${values.encrypt ? ', encrypted' : ''} (simulated, not a real device)\n`,
      );
    },
    (error: Error) => fail(`cannot listen on ${values.host}:${port}: ${error.message}`),
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** A clock that starts at `start` and runs on with real time (a demo gateway started with --sim-start). */
function clockFrom(start: number): () => number {
  const startedAt = Date.now();
  return () => start + (Date.now() - startedAt);
}

function fail(message: string): void {
  process.stderr.write(`wifi-sim: ${message}\n${HELP}\n`);
  process.exitCode = 2;
}

main();
