/**
 * Local stand-ins for the meters the gateway reads (docs/meter.md): a JSON meter on HTTP (Tasmota's
 * `/cm?cmnd=Status 10` answer, with no auth, basic or digest auth), and a Shelly Gen2 energy meter (Pro
 * 3EM or Pro EM) with its HTTP RPC, its digest auth and its WebSocket that pushes NotifyStatus. Both check
 * credentials with their own hashing, not the gateway's code.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function authParams(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of header.matchAll(/(\w+)=(?:"([^"]*)"|([^\s,]*))/g)) out[m[1]!] = m[2] ?? m[3] ?? '';
  return out;
}

export interface DigestGuard {
  realm: string;
  username: string;
  password: string;
  algorithm: 'MD5' | 'SHA-256';
}

/** Checks an Authorization header against a digest challenge this server issued (qop auth). */
function digestAccepted(request: IncomingMessage, guard: DigestGuard, nonces: Set<string>): boolean {
  const header = request.headers.authorization ?? '';
  if (!header.startsWith('Digest ')) return false;
  const p = authParams(header);
  if (p.username !== guard.username || p.realm !== guard.realm || !nonces.has(p.nonce ?? '')) return false;
  if (p.uri !== request.url || p.qop !== 'auth') return false;
  const h = guard.algorithm === 'MD5' ? md5 : sha256;
  const ha1 = h(`${guard.username}:${guard.realm}:${guard.password}`);
  const ha2 = h(`${request.method}:${p.uri}`);
  return p.response === h(`${ha1}:${p.nonce}:${p.nc}:${p.cnonce}:auth:${ha2}`);
}

function challenge(response: ServerResponse, guard: DigestGuard, nonces: Set<string>): void {
  const nonce = randomBytes(12).toString('hex');
  nonces.add(nonce);
  response.writeHead(401, {
    'www-authenticate': `Digest qop="auth", realm="${guard.realm}", nonce="${nonce}", algorithm=${guard.algorithm}`,
  });
  response.end();
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

export interface JsonMeter {
  url: string;
  port: number;
  /** The power the next answer reports, W. */
  powerW: number;
  /** Requests seen (with or without credentials). */
  requests: number;
  /** Hold every answer back this long (a meter that does not answer in time). */
  delayMs: number;
  stop(): Promise<void>;
}

export interface JsonMeterOptions {
  auth?:
    | { type: 'basic'; username: string; password: string }
    | ({ type: 'digest' } & Omit<DigestGuard, 'realm'>);
}

/** A Tasmota with an SML reader: `GET /cm?cmnd=Status%2010` answers StatusSNS.SML.Power. */
export async function startJsonMeter(options: JsonMeterOptions = {}): Promise<JsonMeter> {
  const nonces = new Set<string>();
  const meter = { powerW: 0, requests: 0, delayMs: 0 } as JsonMeter;
  const server = createServer((request, response) => {
    meter.requests++;
    const { auth } = options;
    if (auth?.type === 'basic') {
      const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
      if (request.headers.authorization !== expected) {
        response.writeHead(401, { 'www-authenticate': 'Basic realm="tasmota"' }).end();
        return;
      }
    }
    if (auth?.type === 'digest') {
      const guard = { ...auth, realm: 'tasmota-meter' };
      if (!digestAccepted(request, guard, nonces)) return challenge(response, guard, nonces);
    }
    if (!request.url?.startsWith('/cm')) {
      response.writeHead(404).end('not found');
      return;
    }
    const body = JSON.stringify({
      StatusSNS: {
        Time: '2026-06-21T12:00:00',
        SML: { Total_in: 4321.5, Total_out: 123.4, Power: meter.powerW },
      },
    });
    setTimeout(
      () => response.writeHead(200, { 'content-type': 'application/json' }).end(body),
      meter.delayMs,
    );
  });
  const port = await listen(server);
  meter.port = port;
  meter.url = `http://127.0.0.1:${port}/cm?cmnd=Status%2010`;
  meter.stop = () => close(server);
  return meter;
}

export interface ShellyDeviceOptions {
  kind: 'em' | 'em1';
  password?: string;
  /** Whether `/rpc` accepts WebSocket connections. */
  websocket?: boolean;
}

export interface ShellyDevice {
  host: string;
  realm: string;
  /** HTTP RPC calls and WebSocket requests answered. */
  httpCalls: number;
  socketRequests: number;
  /** Open sockets that have sent a request with a `src` (the device notifies only those). */
  readonly subscribers: number;
  /** Sets the phases (em) or the single channel (em1) and pushes NotifyStatus with what changed. */
  setPower(phasesW: number[]): void;
  stop(): Promise<void>;
}

/** A Shelly Pro 3EM (`em:0`) or Pro EM (`em1:0`, `em1:1`). */
export async function startShellyDevice(options: ShellyDeviceOptions): Promise<ShellyDevice> {
  const realm = options.kind === 'em' ? 'shellypro3em-a0dd6c9ef474' : 'shellyproem50-08f9e0e5a1b2';
  const guard: DigestGuard = {
    realm,
    username: 'admin',
    password: options.password ?? '',
    algorithm: 'SHA-256',
  };
  const nonces = new Set<string>();
  let phases = options.kind === 'em' ? [100, 200, 300] : [500];
  const subscribers = new Set<{ socket: WebSocket; src: string }>();

  const emStatus = () => ({
    id: 0,
    a_current: 0.5,
    a_voltage: 230.1,
    a_act_power: phases[0],
    a_aprt_power: Math.abs(phases[0] ?? 0) + 5,
    a_pf: 0.98,
    b_act_power: phases[1],
    c_act_power: phases[2],
    n_current: null,
    total_current: 2.6,
    total_act_power: Math.round(phases.reduce((a, b) => a + b, 0) * 1000) / 1000,
    total_aprt_power: 640.2,
    user_calibrated_phase: [],
  });
  const em1Status = () => ({
    id: 0,
    current: 2.598,
    voltage: 234.9,
    act_power: phases[0],
    aprt_power: 612.4,
    pf: 0.84,
    freq: 50,
    calibration: 'factory',
  });
  const status = (method: string, id: number) => {
    if (method === 'EM.GetStatus' && options.kind === 'em' && id === 0) return emStatus();
    if (method === 'EM1.GetStatus' && options.kind === 'em1' && id === 0) return em1Status();
    return undefined;
  };

  const device = { realm, httpCalls: 0, socketRequests: 0 } as ShellyDevice;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const method = url.pathname.replace(/^\/rpc\//, '');
    if (guard.password !== '' && !digestAccepted(request, guard, nonces))
      return challenge(response, guard, nonces);
    device.httpCalls++;
    const result = status(method, Number(url.searchParams.get('id') ?? 0));
    if (result === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 404, message: `No handler for ${method}` }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  });

  const sockets = options.websocket ? new WebSocketServer({ server, path: '/rpc' }) : undefined;
  let nonce = 1_700_000_000;
  sockets?.on('connection', (socket) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as {
        id: number;
        src: string;
        method: string;
        params?: { id?: number };
        auth?: Record<string, unknown>;
      };
      device.socketRequests++;
      const reply = (body: Record<string, unknown>) =>
        socket.send(JSON.stringify({ id: frame.id, src: realm, dst: frame.src, ...body }));
      if (guard.password !== '') {
        const a = frame.auth;
        const ha1 = sha256(`admin:${realm}:${guard.password}`);
        const ha2 = sha256('dummy_method:dummy_uri');
        const ok = a !== undefined && a.response === sha256(`${ha1}:${a.nonce}:1:${a.cnonce}:auth:${ha2}`);
        if (!ok) {
          nonce++;
          const message = JSON.stringify({ auth_type: 'digest', nonce, nc: 1, realm, algorithm: 'SHA-256' });
          return reply({ error: { code: 401, message } });
        }
      }
      if (frame.src) subscribers.add({ socket, src: frame.src });
      const result = status(frame.method, frame.params?.id ?? 0);
      if (result === undefined)
        return reply({ error: { code: 404, message: `No handler for ${frame.method}` } });
      reply({ result });
    });
    socket.on('close', () => {
      for (const s of subscribers) if (s.socket === socket) subscribers.delete(s);
    });
  });

  const port = await listen(server);
  device.host = `127.0.0.1:${port}`;
  Object.defineProperty(device, 'subscribers', { get: () => subscribers.size });
  device.setPower = (next) => {
    phases = next;
    const key = options.kind === 'em' ? 'em:0' : 'em1:0';
    // Only what changed, as the device sends it.
    const change =
      options.kind === 'em'
        ? {
            id: 0,
            a_act_power: phases[0],
            b_act_power: phases[1],
            c_act_power: phases[2],
            total_act_power: emStatus().total_act_power,
          }
        : { id: 0, act_power: phases[0] };
    for (const { socket, src } of subscribers) {
      socket.send(
        JSON.stringify({
          src: realm,
          dst: src,
          method: 'NotifyStatus',
          params: { ts: Date.now() / 1000, [key]: change },
        }),
      );
    }
  };
  device.stop = async () => {
    for (const client of sockets?.clients ?? []) client.terminate();
    sockets?.close();
    await close(server);
  };
  return device;
}
