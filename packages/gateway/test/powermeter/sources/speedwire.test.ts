/**
 * The Speedwire source on real UDP sockets on loopback: unicast, as a meter set to unicast sends, and
 * multicast to 239.12.255.254, joined on the loopback interface (Linux loops multicast back on `lo` when the
 * group is joined there and the sender sends through 127.0.0.1).
 */
import { createSocket } from 'node:dgram';
import { ManualClock } from '@dtu-console/clock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SpeedwireSource } from '../../../src/powermeter/sources/speedwire';
import { HOME_MANAGER_2 } from '../../helpers/speedwire-captures';
import { emeterDatagram } from '../../helpers/speedwire-packets';
import { collect, until } from '../sink';

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

  describe('multicast on loopback', () => {
    const group = '239.12.255.254';
    const multicastSender = createSocket('udp4');
    const ready = new Promise<void>((resolve) =>
      multicastSender.bind(0, '127.0.0.1', () => {
        multicastSender.setMulticastInterface('127.0.0.1');
        multicastSender.setMulticastLoopback(true);
        resolve();
      }),
    );
    afterAll(() => new Promise<void>((resolve) => multicastSender.close(() => resolve())));
    const sendTo = (bytes: Buffer, port: number, address: string) =>
      new Promise<void>((resolve, reject) =>
        multicastSender.send(bytes, port, address, (error) => (error ? reject(error) : resolve())),
      );

    /** Binds all interfaces, as the gateway does: a socket bound to 127.0.0.1 gets no group datagrams. */
    async function listen(joined: string | null) {
      await ready;
      const port = await freeUdpPort();
      source = new SpeedwireSource({ serial: 0 }, clock, {
        port,
        group: joined,
        multicastInterface: '127.0.0.1',
      });
      return { got: collect(source), port };
    }

    it('hears a real Home Manager datagram sent to the group', async () => {
      const { got, port } = await listen(group);
      await until(() => {
        void sendTo(HOME_MANAGER_2, port, group);
        return got.readings.length > 0;
      });
      expect(got.problems).toEqual([]);
      expect(got.readings[0]).toEqual({
        powerW: -699.7,
        phasesW: [-286, -294.6, -119.1],
        importWh: 445086.8,
        exportWh: 33642610.1,
        meterId: '3014003406',
        atMs: clock.now(),
      });
    });

    it('without joining the group, the group datagram is not delivered; the unicast one after it is', async () => {
      const { got, port } = await listen(null);
      // Loopback delivers in order: a group datagram that got through would be read before the unicast one.
      await until(() => {
        void sendTo(HOME_MANAGER_2, port, group);
        void sendTo(emeterDatagram({ serial: 11, importTenthW: 5, exportTenthW: 0 }), port, '127.0.0.1');
        return got.readings.length > 0;
      });
      expect(new Set(got.readings.map((r) => r.meterId))).toEqual(new Set(['11']));
    });
  });
});
