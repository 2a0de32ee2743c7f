/** The Speedwire source on real UDP sockets on loopback (unicast, as a meter set to unicast sends). */
import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { SpeedwireSource } from '../../src/meter/sources/speedwire';
import { ManualClock } from '../../src/system/clock';
import { emeterDatagram } from '../helpers/speedwire-packets';
import { collect, until } from './sink';

async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

describe('SMA Speedwire source (UDP on loopback)', () => {
  const clock = new ManualClock(1_700_000_000_000);
  const sender = createSocket('udp4');
  let source: SpeedwireSource | undefined;

  afterEach(async () => {
    await source?.stop();
    source = undefined;
  });

  async function start(serial: number, group: string | null = null) {
    const port = await freeUdpPort();
    source = new SpeedwireSource({ serial }, clock, { port, address: '127.0.0.1', group });
    const got = collect(source);
    const send = (bytes: Buffer) =>
      new Promise<void>((resolve, reject) =>
        sender.send(bytes, port, '127.0.0.1', (error) => (error ? reject(error) : resolve())),
      );
    // The socket listens once bound; a first datagram proves it.
    return { got, send };
  }

  it('takes the first meter heard when serial is 0, and then only that one', async () => {
    const { got, send } = await start(0);
    const first = emeterDatagram({
      serial: 1900000001,
      importTenthW: 4567,
      exportTenthW: 0,
      importWs: 3600n,
      exportWs: 7200n,
    });
    await until(() => {
      void send(first);
      return got.readings.length > 0;
    });
    expect(got.readings[0]).toEqual({
      powerW: 456.7,
      importWh: 1,
      exportWh: 2,
      meterId: '1900000001',
      atMs: clock.now(),
    });
    expect(source?.serial).toBe(1900000001);
    await send(emeterDatagram({ serial: 1900000002, importTenthW: 1, exportTenthW: 0 }));
    await until(() => got.problems.some((p) => p.code === 'no-reading'));
    expect(got.problems.at(-1)?.detail).toBe('Heard SMA meter 1900000002, waiting for meter 1900000001');
    expect(new Set(got.readings.map((r) => r.meterId))).toEqual(new Set(['1900000001']));
  });

  it('follows only the configured meter', async () => {
    const { got, send } = await start(3000000007);
    await until(() => {
      void send(emeterDatagram({ serial: 3000000008, importTenthW: 100, exportTenthW: 0 }));
      return got.problems.length > 0;
    });
    await send(emeterDatagram({ serial: 3000000007, importTenthW: 0, exportTenthW: 15_000 }));
    await until(() => got.readings.length === 1);
    expect(got.readings[0]?.powerW).toBe(-1500);
  });

  it('counts foreign and short datagrams, ignores other SMA devices, and keeps reading', async () => {
    const { got, send } = await start(0);
    await until(() => {
      void send(Buffer.from('not a meter'));
      return got.problems.length > 0;
    });
    expect(got.problems[0]).toEqual({ code: 'speedwire-foreign', detail: 'Speedwire: not an SMA datagram' });
    await send(Buffer.from('534d4100000402a0', 'hex'));
    await until(() => got.problems.some((p) => /too short/.test(p.detail)));
    await send(emeterDatagram({ serial: 5, importTenthW: 1, exportTenthW: 0, protocol: 0x6065 }));
    await send(emeterDatagram({ serial: 6, importTenthW: 10, exportTenthW: 0 }));
    await until(() => got.readings.length === 1);
    expect(source?.otherDevices).toBe(1);
    expect(source?.failures.count('speedwire-foreign')).toBeGreaterThanOrEqual(2);
    expect(got.readings[0]?.meterId).toBe('6');
  });

  it('joining the multicast group either works or is reported, and unicast is heard either way', async () => {
    const { got, send } = await start(0, '239.12.255.254');
    await until(() => {
      void send(emeterDatagram({ serial: 9, importTenthW: 20, exportTenthW: 0 }));
      return got.readings.length > 0;
    });
    for (const problem of got.problems) expect(problem.code).toBe('multicast-join');
    expect(got.readings[0]?.powerW).toBe(2);
  });
});
