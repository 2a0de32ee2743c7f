import { afterEach, describe, expect, it } from 'vitest';
import {
  buildSntpRequest,
  ntpToUnixMs,
  parseNtpServer,
  querySntp,
  readSntpReply,
  SntpClient,
  unixMsToNtp,
} from '../../src/ntp/sntp';
import { type SntpResponder, startSntpResponder } from '../helpers/sntp-responder';

const responders: SntpResponder[] = [];
const responder = async (...args: Parameters<typeof startSntpResponder>) => {
  const started = await startSntpResponder(...args);
  responders.push(started);
  return started;
};
afterEach(async () => {
  for (const r of responders.splice(0)) await r.close();
});

const YEAR_2030 = Date.UTC(2030, 0, 1, 12, 0, 0);

describe('SNTP packets (RFC 4330)', () => {
  it('builds a 48-byte client request: LI 0, VN 4, mode 3, transmit timestamp = send time', () => {
    const packet = buildSntpRequest(YEAR_2030);
    expect(packet.length).toBe(48);
    expect(packet[0]).toBe(0x23);
    expect(ntpToUnixMs(packet.readUInt32BE(40), packet.readUInt32BE(44))).toBeCloseTo(YEAR_2030, 0);
    expect(packet.subarray(0, 40).every((byte, i) => i === 0 || byte === 0)).toBe(true);
  });

  it('converts NTP timestamps in both eras', () => {
    expect(ntpToUnixMs(2_208_988_800, 0)).toBe(0);
    const { seconds, fraction } = unixMsToNtp(Date.UTC(2040, 0, 1));
    // After 2036-02-07 the seconds field has wrapped (era 1) and its top bit is clear.
    expect(seconds).toBeLessThan(2 ** 31);
    expect(ntpToUnixMs(seconds, fraction)).toBe(Date.UTC(2040, 0, 1));
  });

  it('computes offset and delay from the four timestamps', () => {
    const request = buildSntpRequest(1000);
    const reply = Buffer.alloc(48);
    reply[0] = 0x24;
    reply[1] = 1;
    request.copy(reply, 24, 40, 48);
    const t2 = unixMsToNtp(6000); // the server is 5 s ahead, 0 ms processing, 0 ms each way
    reply.writeUInt32BE(t2.seconds, 32);
    reply.writeUInt32BE(t2.fraction, 36);
    reply.writeUInt32BE(t2.seconds, 40);
    reply.writeUInt32BE(t2.fraction, 44);
    const answer = readSntpReply(reply, request, 1000, 1000);
    expect(typeof answer).toBe('object');
    if (typeof answer === 'string') return;
    expect(answer.offsetMs).toBeCloseTo(5000, 0);
    expect(answer.serverTimeMs).toBeCloseTo(6000, 0);
    expect(answer.roundTripMs).toBeCloseTo(0, 0);
  });

  it('rejects kiss-o-death, alarm, wrong mode and a foreign originate timestamp', () => {
    const request = buildSntpRequest(1000);
    const good = Buffer.alloc(48);
    good[0] = 0x24;
    good[1] = 2;
    request.copy(good, 24, 40, 48);
    good.writeUInt32BE(unixMsToNtp(1000).seconds, 40);
    expect(typeof readSntpReply(good, request, 1000, 1001)).toBe('object');
    const variants: [string, (b: Buffer) => void][] = [
      ['kiss', (b) => (b[1] = 0)],
      ['alarm', (b) => (b[0] = 0xe4)],
      ['mode', (b) => (b[0] = 0x23)],
      ['originate', (b) => (b[25] = (b[25] ?? 0) ^ 0xff)],
      ['stratum', (b) => (b[1] = 16)],
    ];
    for (const [name, tamper] of variants) {
      const bad = Buffer.from(good);
      tamper(bad);
      expect(typeof readSntpReply(bad, request, 1000, 1001), name).toBe('string');
    }
    expect(typeof readSntpReply(Buffer.alloc(20), request, 1000, 1001)).toBe('string');
  });

  it.each([
    ['opendtu.pool.ntp.org', { host: 'opendtu.pool.ntp.org', port: 123 }],
    ['127.0.0.1:1123', { host: '127.0.0.1', port: 1123 }],
    ['[fd00::1]:999', { host: 'fd00::1', port: 999 }],
    ['fd00::1', { host: 'fd00::1', port: 123 }],
    [' time.local ', { host: 'time.local', port: 123 }],
    ['host:99999', { host: 'host', port: 123 }],
  ])('reads ntp_server %j', (text, target) => {
    expect(parseNtpServer(text)).toEqual(target);
  });
});

describe('querySntp against a local responder', () => {
  it('gets the server time', async () => {
    const server = await responder({ now: () => YEAR_2030 });
    const answer = await querySntp({ host: '127.0.0.1', port: server.port }, { timeoutMs: 2000 });
    expect(Math.abs(answer.serverTimeMs - YEAR_2030)).toBeLessThan(1000);
    expect(answer.stratum).toBe(2);
    expect(server.requests).toBe(1);
  });

  it('times out when the server stays silent', async () => {
    const server = await responder({ answer: false });
    await expect(querySntp({ host: '127.0.0.1', port: server.port }, { timeoutMs: 300 })).rejects.toThrow(
      /no answer/,
    );
    expect(server.requests).toBe(1);
  });

  it('fails on a kiss-o-death answer', async () => {
    const server = await responder({ tamper: (reply) => (reply[1] = 0) });
    await expect(querySntp({ host: '127.0.0.1', port: server.port }, { timeoutMs: 2000 })).rejects.toThrow(
      /kiss/,
    );
  });
});

describe('SntpClient', () => {
  it('reports answered and hands the server time to the clock', async () => {
    const server = await responder({ now: () => YEAR_2030 });
    const times: number[] = [];
    const client = new SntpClient({
      server: () => server.server,
      onTime: (ms) => times.push(ms),
      timeoutMs: 2000,
    });
    expect(client.isSynchronised()).toBe(false);
    client.start();
    await client.sync();
    expect(client.state().status).toBe('answered');
    expect(client.isSynchronised()).toBe(true);
    expect(Math.abs((times[0] ?? 0) - YEAR_2030)).toBeLessThan(1000);
    await client.stop();
  });

  it('stays unsynchronised while the server is silent, until a manual set', async () => {
    const server = await responder({ answer: false });
    const client = new SntpClient({ server: () => server.server, timeoutMs: 200 });
    client.start();
    await client.sync();
    expect(client.state()).toMatchObject({ status: 'failed', server: server.server });
    expect(client.state().lastError).toMatch(/no answer/);
    expect(client.isSynchronised()).toBe(false);
    client.noteManualSet();
    expect(client.isSynchronised()).toBe(true);
    await client.stop();
  });

  it('asks the new server after a config change and forgets the old answer', async () => {
    const good = await responder();
    const silent = await responder({ answer: false });
    let server = good.server;
    const client = new SntpClient({ server: () => server, timeoutMs: 200 });
    client.start();
    await client.sync();
    expect(client.isSynchronised()).toBe(true);
    server = silent.server;
    await client.reconfigure();
    expect(client.state()).toMatchObject({ status: 'failed', server: silent.server });
    expect(client.isSynchronised()).toBe(false);
    expect(silent.requests).toBeGreaterThan(0);
    await client.stop();
  });

  it('does nothing before start or after stop', async () => {
    const server = await responder();
    const client = new SntpClient({ server: () => server.server, timeoutMs: 200 });
    await client.sync();
    expect(server.requests).toBe(0);
    client.start();
    await client.stop();
    await client.sync();
    expect(server.requests).toBeLessThanOrEqual(1);
  });
});
