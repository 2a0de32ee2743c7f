import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SecurityLimits, SocketLimits } from '@dtu-console/contract';
import { RADIO_MODES, type RadioMode } from '@dtu-console/radio/radio';
import { CHECKOUT_DATA_DIR, DEFAULT_WEB_ROOT, defaultDataDir, SERVICE_DATA_DIR } from './paths';
import { versionText } from './system/build-info';

/** Everything the gateway needs to know before it starts, from flags first, then the environment. */
export interface GatewayOptions {
  port: number;
  host: string;
  /** Where config.json, backups and staged uploads live. */
  dataDir: string;
  /** The built console (packages/web/dist). */
  webRoot: string;
  logLevel: string;
  /** Human-readable log lines (a terminal) instead of JSON lines (a supervisor or a file). */
  prettyLog: boolean;
  /** Admin password of a first start (no config.json yet); default openDTU42. Never logged. */
  adminPassword?: string;
  /** A reboot exits with status 0 (a supervisor restarts the process) instead of restarting in-process. */
  rebootExits?: boolean;
  /** `--sim-start` / `SIM_START`: the gateway clock starts at this moment (epoch ms) and runs on. */
  simStart?: number;
  /**
   * `--test-clock`, tests only: POST /api/test/clock (admin) moves the gateway clock forward. Production
   * never sets it; the gateway warns at every start when it is on. A flag only, no environment variable:
   * it shows on the command line and cannot be inherited unseen.
   */
  testClock?: boolean;
  /** `--require-time-sync` / `REQUIRE_TIME_SYNC=1`: distrust the host clock until SNTP answers or the time is set. */
  requireTimeSync?: boolean;
  /** `--max-socket-clients` / `MAX_SOCKET_CLIENTS`: clients per WebSocket before the oldest is closed. */
  maxSocketClients?: number;
  /** Tests: how long a Wi-Fi device may take to connect or answer, ms (default 10 s). */
  wifiTimeoutMs?: number;
  /** `--radio` / `RADIO`: simulated (default), model (the drivers against chip models) or hardware. */
  radio?: RadioMode;
  /** `--tls-cert`/`--tls-key` or `--tls self-signed`: serve over HTTPS (docs/https.md). Absent: plain HTTP. */
  tls?: TlsOption;
  /** `--http-redirect` / `HTTP_REDIRECT`: a plain HTTP port that redirects to the HTTPS one (needs tls). */
  httpRedirectPort?: number;
  /** `--replay-file` / `REPLAY_FILE`: the capture `--radio replay` answers from (docs/replay.md). */
  replayFile?: string;
}

/** Where the HTTPS key and certificate come from: PEM files, or made once in the data directory. */
export type TlsOption = { mode: 'files'; certFile: string; keyFile: string } | { mode: 'self-signed' };

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '0.0.0.0';

/** A start that must not go on: a bad flag (exit 2), or `--help` or `--version` (its text, exit 0). */
export class OptionsError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** What `--help` prints: each flag, its variable and its default. */
export const USAGE = `Usage: dtu-console [options]

  --port <n>                 PORT                HTTP port, or HTTPS port with TLS (default ${DEFAULT_PORT})
  --host <address>           HOST                address to listen on (default ${DEFAULT_HOST})
  --data-dir <path>          DATA_DIR            config, history and backups (default ${CHECKOUT_DATA_DIR};
                                                 ${SERVICE_DATA_DIR} when installed from the package)
  --web-root <path>          WEB_ROOT            the built console
  --log-level <level>        LOG_LEVEL           trace, debug, info, warn, error (default info)
  --admin-password <text>    ADMIN_PASSWORD      the admin password of a first start (8..64 characters)
  --reboot-exits             REBOOT_EXITS=1      a reboot exits (a supervisor restarts the gateway)
  --sim-start <ISO time>     SIM_START           the gateway clock starts at this moment
  --require-time-sync        REQUIRE_TIME_SYNC=1 no inverter requests until the time is synchronised
  --test-clock                                   TESTS ONLY, never in production: POST /api/test/clock
                                                 (admin) moves the gateway clock forward
  --max-socket-clients <n>   MAX_SOCKET_CLIENTS  clients per WebSocket before the oldest is closed
  --radio <mode>             RADIO               simulated (default), model, hardware or replay
  --replay-file <path>       REPLAY_FILE         the captured log --radio replay answers from
  --tls-cert <file>          TLS_CERT            serve HTTPS with this PEM certificate (chain)
  --tls-key <file>           TLS_KEY             the PEM private key of that certificate
  --tls self-signed          TLS=self-signed     serve HTTPS with a certificate made in the data directory
  --http-redirect <n>        HTTP_REDIRECT       with HTTPS: redirect plain HTTP on this port to it
  -v, --version                                  the installed version
  -h, --help                                     this text
`;

const FLAGS = {
  port: { type: 'string' },
  host: { type: 'string' },
  'data-dir': { type: 'string' },
  'web-root': { type: 'string' },
  'log-level': { type: 'string' },
  'admin-password': { type: 'string' },
  'reboot-exits': { type: 'boolean' },
  'sim-start': { type: 'string' },
  'require-time-sync': { type: 'boolean' },
  'test-clock': { type: 'boolean' },
  'max-socket-clients': { type: 'string' },
  radio: { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  tls: { type: 'string' },
  'http-redirect': { type: 'string' },
  'replay-file': { type: 'string' },
  version: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The flags, with an unknown flag or a missing value said plainly (parseArgs throws a TypeError). */
function parsedFlags(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: FLAGS, strict: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new OptionsError(`${reason}\n\n${USAGE}`);
  }
}

export function parseOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
  isTerminal = Boolean(process.stdout.isTTY),
): GatewayOptions {
  const { values } = parsedFlags(argv);
  if (values.help) throw new OptionsError(USAGE, 0);
  if (values.version) throw new OptionsError(versionText(), 0);
  const portText = values.port ?? env.PORT ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new OptionsError(`Invalid port "${portText}": expected an integer 0..65535`);
  }
  const tlsOption = tls(
    values['tls-cert'] ?? env.TLS_CERT,
    values['tls-key'] ?? env.TLS_KEY,
    values.tls ?? env.TLS,
  );
  const redirect = httpRedirect(values['http-redirect'] ?? env.HTTP_REDIRECT, tlsOption, port);
  return {
    port,
    host: values.host ?? env.HOST ?? DEFAULT_HOST,
    dataDir: resolve(values['data-dir'] ?? env.DATA_DIR ?? defaultDataDir()),
    webRoot: resolve(values['web-root'] ?? env.WEB_ROOT ?? DEFAULT_WEB_ROOT),
    logLevel: values['log-level'] ?? env.LOG_LEVEL ?? 'info',
    prettyLog: env.LOG_FORMAT ? env.LOG_FORMAT === 'pretty' : isTerminal,
    ...adminPassword(values['admin-password'] ?? env.ADMIN_PASSWORD),
    ...simStart(values['sim-start'] ?? env.SIM_START),
    ...maxSocketClients(values['max-socket-clients'] ?? env.MAX_SOCKET_CLIENTS),
    ...radioMode(values.radio ?? env.RADIO, values['replay-file'] ?? env.REPLAY_FILE),
    ...(tlsOption === undefined ? {} : { tls: tlsOption }),
    ...redirect,
    requireTimeSync:
      values['require-time-sync'] ??
      ['1', 'true', 'yes'].includes((env.REQUIRE_TIME_SYNC ?? '').toLowerCase()),
    rebootExits:
      values['reboot-exits'] ?? ['1', 'true', 'yes'].includes((env.REBOOT_EXITS ?? '').toLowerCase()),
    ...(values['test-clock'] ? { testClock: true } : {}),
  };
}

/** The first-start admin password must pass the same length rule as one set in the console (8..64). */
function adminPassword(value: string | undefined): { adminPassword?: string } {
  if (value === undefined || value === '') return {};
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes < SecurityLimits.passwordMinLength || bytes > SecurityLimits.passwordMaxLength) {
    // The value itself is not repeated: it is a secret.
    throw new OptionsError(
      `Invalid admin password: expected ${SecurityLimits.passwordMinLength}..${SecurityLimits.passwordMaxLength} characters`,
    );
  }
  return { adminPassword: value };
}

function maxSocketClients(value: string | undefined): { maxSocketClients?: number } {
  if (value === undefined || value === '') return {};
  const clients = Number(value);
  if (!Number.isInteger(clients) || clients < 1 || clients > SocketLimits.maxClientsPerSocketMax) {
    throw new OptionsError(
      `Invalid --max-socket-clients "${value}": expected an integer 1..${SocketLimits.maxClientsPerSocketMax}`,
    );
  }
  return { maxSocketClients: clients };
}

function radioMode(
  value: string | undefined,
  replayFile: string | undefined,
): { radio?: RadioMode; replayFile?: string } {
  const file = replayFile === undefined || replayFile === '' ? undefined : resolve(replayFile);
  if (value === undefined || value === '') {
    if (file !== undefined) throw new OptionsError('--replay-file needs --radio replay');
    return {};
  }
  if (!(RADIO_MODES as readonly string[]).includes(value)) {
    throw new OptionsError(`Invalid --radio "${value}": expected ${RADIO_MODES.join(', ')}`);
  }
  if (value === 'replay' && file === undefined) {
    throw new OptionsError('--radio replay needs --replay-file <path>: the captured log to answer from');
  }
  if (value !== 'replay' && file !== undefined) throw new OptionsError('--replay-file needs --radio replay');
  return { radio: value as RadioMode, ...(file === undefined ? {} : { replayFile: file }) };
}

function simStart(value: string | undefined): { simStart?: number } {
  if (value === undefined || value === '') return {};
  const epochMs = Date.parse(value);
  if (Number.isNaN(epochMs)) {
    throw new OptionsError(
      `Invalid --sim-start "${value}": expected an ISO time such as 2026-06-21T12:00:00+02:00`,
    );
  }
  return { simStart: epochMs };
}

/** `--tls-cert` and `--tls-key` go together; `--tls` knows one mode; the two ways exclude each other. */
function tls(
  certFile: string | undefined,
  keyFile: string | undefined,
  mode: string | undefined,
): TlsOption | undefined {
  const cert = certFile === '' ? undefined : certFile;
  const key = keyFile === '' ? undefined : keyFile;
  const wanted = mode === '' ? undefined : mode;
  if (wanted !== undefined && wanted !== 'self-signed') {
    throw new OptionsError(`Invalid --tls "${wanted}": expected self-signed (or --tls-cert and --tls-key)`);
  }
  if (wanted !== undefined && (cert !== undefined || key !== undefined)) {
    throw new OptionsError('--tls self-signed and --tls-cert/--tls-key exclude each other: choose one');
  }
  if (wanted === 'self-signed') return { mode: 'self-signed' };
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined) throw new OptionsError('--tls-key needs --tls-cert (the certificate)');
  if (key === undefined) throw new OptionsError('--tls-cert needs --tls-key (the private key)');
  return { mode: 'files', certFile: resolve(cert), keyFile: resolve(key) };
}

function httpRedirect(
  value: string | undefined,
  tlsOption: TlsOption | undefined,
  httpsPort: number,
): { httpRedirectPort?: number } {
  if (value === undefined || value === '') return {};
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new OptionsError(`Invalid --http-redirect "${value}": expected a port 0..65535`);
  }
  if (tlsOption === undefined) {
    throw new OptionsError('--http-redirect needs HTTPS: add --tls-cert and --tls-key, or --tls self-signed');
  }
  if (port !== 0 && port === httpsPort) {
    throw new OptionsError(`--http-redirect ${port} is the HTTPS port: choose another one`);
  }
  return { httpRedirectPort: port };
}
