import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { ManualClock } from '@dtu-console/clock';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SyslogForwarder, syslogMessage } from '../../src/network/syslog';
import { testGateway } from '../helpers/gateway';
import { capturedLogger, records } from '../helpers/log-capture';

const CHIP_ID = 0x1a2b3c;
const silent = pino({ level: 'silent' });

describe('syslogMessage', () => {
  const options = { hostname: 'OpenDTU-1A2B3C', time: new Date('2026-03-01T12:00:05.250Z'), pid: 42 };
  it('is an RFC 5424 message of facility user with the level as severity', () => {
    expect(syslogMessage('W [mqtt] broker gone', options)).toBe(
      '<12>1 2026-03-01T12:00:05.250Z OpenDTU-1A2B3C dtu-console 42 - - [mqtt] broker gone',
    );
    expect(syslogMessage('F out of memory', options)).toMatch(/^<10>1 /);
    expect(syslogMessage('E disk full', options)).toMatch(/^<11>1 /);
    expect(syslogMessage('I started', options)).toMatch(/^<14>1 .* - - started$/);
    expect(syslogMessage('D detail', options)).toMatch(/^<15>1 /);
    expect(syslogMessage('T frame', options)).toMatch(/^<15>1 /);
  });
  it('sends a line without level letter as information, unchanged', () => {
    expect(syslogMessage('plain text', options)).toMatch(/^<14>1 .* - - plain text$/);
  });
});

describe('SyslogForwarder', () => {
  let server: Socket;
  let received: string[];
  let port: number;
  beforeEach(async () => {
    received = [];
    server = createSocket('udp4');
    server.on('message', (message) => received.push(message.toString()));
    await new Promise<void>((resolve) => server.bind(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => server.close());

  const waitFor = async (count: number) => {
    for (let i = 0; i < 100 && received.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('forwards log lines while enabled and follows config saves', async () => {
    const clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
    const { gateway, cleanup } = await testGateway({}, { chipId: CHIP_ID, clock });
    const { config, bus, consoleLog } = gateway.ctx;
    const forwarder = new SyslogForwarder({ config, bus, clock, log: silent, consoleLog });
    try {
      forwarder.start();
      expect(forwarder.target).toBeUndefined();
      consoleLog.push('I before enabling');

      await config.patch('syslog', { enabled: true, hostname: '127.0.0.1', port });
      expect(forwarder.target).toEqual({ host: '127.0.0.1', port });
      consoleLog.push('W [mqtt] broker gone');
      await waitFor(1);
      expect(received).toEqual([
        `<12>1 2026-03-01T12:00:00.000Z OpenDTU-1A2B3C dtu-console ${process.pid} - - [mqtt] broker gone`,
      ]);

      await config.patch('syslog', { enabled: false });
      expect(forwarder.target).toBeUndefined();
      consoleLog.push('I after disabling');
      await pause(50);
      expect(received).toHaveLength(1);
    } finally {
      forwarder.stop();
      await cleanup();
    }
  });

  it('does not forward to an enabled but empty server name', async () => {
    const { gateway, cleanup } = await testGateway({}, { chipId: CHIP_ID });
    const { config, bus, consoleLog, clock } = gateway.ctx;
    const forwarder = new SyslogForwarder({ config, bus, clock, log: silent, consoleLog });
    try {
      await config.patch('syslog', { enabled: true, hostname: '', port });
      forwarder.start();
      expect(forwarder.target).toBeUndefined();
    } finally {
      forwarder.stop();
      await cleanup();
    }
  });

  it('keeps the milliseconds, so lines of one second stay in order', async () => {
    const clock = new ManualClock(Date.parse('2026-03-01T12:00:00Z'));
    const { gateway, cleanup } = await testGateway({}, { chipId: CHIP_ID, clock });
    const { config, bus, consoleLog } = gateway.ctx;
    const forwarder = new SyslogForwarder({ config, bus, clock, log: silent, consoleLog });
    try {
      await config.patch('syslog', { enabled: true, hostname: '127.0.0.1', port });
      forwarder.start();
      consoleLog.push('I first');
      await clock.advance(250);
      consoleLog.push('I second');
      await waitFor(2);
      expect(received.map((line) => line.split(' ')[1])).toEqual([
        '2026-03-01T12:00:00.000Z',
        '2026-03-01T12:00:00.250Z',
      ]);
    } finally {
      forwarder.stop();
      await cleanup();
    }
  });

  it('loses lines while the server is down and sends again once it is back', async () => {
    // A port with nobody on it: the host answers "port unreachable".
    const down = createSocket('udp4');
    await new Promise<void>((resolve) => down.bind(0, '127.0.0.1', () => resolve()));
    const downPort = (down.address() as AddressInfo).port;
    await new Promise<void>((resolve) => down.close(() => resolve()));

    const { gateway, cleanup } = await testGateway({}, { chipId: CHIP_ID });
    const { config, bus, consoleLog, clock } = gateway.ctx;
    const forwarder = new SyslogForwarder({ config, bus, clock, log: silent, consoleLog });
    let late: Socket | undefined;
    try {
      await config.patch('syslog', { enabled: true, hostname: '127.0.0.1', port: downPort });
      forwarder.start();
      for (const n of [1, 2, 3]) {
        consoleLog.push(`I lost ${n}`);
        await pause(20);
      }
      late = createSocket('udp4');
      const arrived: string[] = [];
      late.on('message', (message) => arrived.push(message.toString()));
      await new Promise<void>((resolve) => late?.bind(downPort, '127.0.0.1', () => resolve()));
      consoleLog.push('I back again');
      for (let i = 0; i < 100 && arrived.length === 0; i++) await pause(10);
      expect(arrived).toHaveLength(1);
      expect(arrived[0]).toMatch(/ - - back again$/);
      expect(forwarder.target).toEqual({ host: '127.0.0.1', port: downPort });
    } finally {
      late?.close();
      forwarder.stop();
      await cleanup();
    }
  });

  it('warns once about a server name that does not resolve, and follows a corrected one', async () => {
    const capture = capturedLogger('info');
    const { gateway, cleanup } = await testGateway({}, { chipId: CHIP_ID });
    const { config, bus, consoleLog, clock } = gateway.ctx;
    const forwarder = new SyslogForwarder({ config, bus, clock, log: capture.log, consoleLog });
    try {
      // `.invalid` never resolves.
      await config.patch('syslog', { enabled: true, hostname: 'syslog.invalid', port });
      forwarder.start();
      consoleLog.push('I one');
      consoleLog.push('I two');
      const warnings = () => records(capture.lines).filter((record) => record.level === 40);
      for (let i = 0; i < 300 && warnings().length === 0; i++) await pause(10);
      await pause(100);
      expect(warnings().map((record) => record.msg)).toEqual(['Syslog: sending failed']);

      await config.patch('syslog', { hostname: '127.0.0.1' });
      consoleLog.push('I corrected');
      await waitFor(1);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/ - - corrected$/);
    } finally {
      forwarder.stop();
      await cleanup();
    }
  });
});
