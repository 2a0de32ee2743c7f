import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { announcedHostname } from '../../src/network/hostname';
import { MdnsAdvertiser, type MdnsResponder } from '../../src/network/mdns';
import { SyslogForwarder, syslogMessage } from '../../src/network/syslog';
import { ManualClock } from '../../src/system/clock';
import { testGateway } from '../helpers/gateway';

const CHIP_ID = 0x1a2b3c;
const silent = pino({ level: 'silent' });

describe('announcedHostname', () => {
  it('fills the chip-id placeholder with six upper-case hex digits', () => {
    expect(announcedHostname('OpenDTU-%06X', CHIP_ID)).toBe('OpenDTU-1A2B3C');
    expect(announcedHostname('dtu-%06X', 0xabc)).toBe('dtu-000ABC');
  });
  it('keeps a name without placeholder and makes it a valid DNS label', () => {
    expect(announcedHostname('solar', CHIP_ID)).toBe('solar');
    expect(announcedHostname(' my roof_dtu! ', CHIP_ID)).toBe('my-roof-dtu');
    expect(announcedHostname('x'.repeat(80), CHIP_ID)).toHaveLength(63);
    expect(announcedHostname('___', CHIP_ID)).toBe('OpenDTU-1A2B3C');
  });
});

describe('syslogMessage', () => {
  const options = { hostname: 'OpenDTU-1A2B3C', time: new Date('2026-03-01T12:00:05.250Z'), pid: 42 };
  it('is an RFC 5424 message of facility user with the level as severity', () => {
    expect(syslogMessage('W [mqtt] broker gone', options)).toBe(
      '<12>1 2026-03-01T12:00:05.250Z OpenDTU-1A2B3C dtu-console 42 - - [mqtt] broker gone',
    );
    expect(syslogMessage('E disk full', options)).toMatch(/^<11>1 /);
    expect(syslogMessage('I started', options)).toMatch(/^<14>1 .* - - started$/);
    expect(syslogMessage('D detail', options)).toMatch(/^<15>1 /);
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
      await new Promise((r) => setTimeout(r, 50));
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
});

class FakeResponder implements MdnsResponder {
  readonly published: { name: string; type: string; port: number; host: string }[] = [];
  withdrawn = 0;
  destroyed = false;
  publish(service: { name: string; type: string; port: number; host: string }) {
    this.published.push(service);
    return {};
  }
  unpublishAll(callback?: () => void) {
    this.withdrawn += 1;
    callback?.();
  }
  destroy(callback?: () => void) {
    this.destroyed = true;
    callback?.();
  }
}

describe('MdnsAdvertiser', () => {
  it('announces the console under the host name while mDNS is on, and follows saves', async () => {
    const { gateway, cleanup } = await testGateway({}, { chipId: CHIP_ID });
    const { config, bus } = gateway.ctx;
    const responders: FakeResponder[] = [];
    const advertiser = new MdnsAdvertiser({
      config,
      bus,
      log: silent,
      port: 8080,
      createResponder: () => {
        const responder = new FakeResponder();
        responders.push(responder);
        return responder;
      },
    });
    try {
      await advertiser.start();
      expect(advertiser.announced).toBeUndefined();
      expect(responders).toHaveLength(0);

      await config.patch('mdns', { enabled: true });
      await advertiser.settled();
      expect(advertiser.announced).toBe('OpenDTU-1A2B3C');
      expect(responders[0]?.published).toEqual([
        {
          name: 'OpenDTU-1A2B3C',
          type: 'http',
          port: 8080,
          host: 'OpenDTU-1A2B3C.local',
          txt: { path: '/' },
        },
      ]);

      await config.patch('wifi', { hostname: 'roof' });
      await advertiser.settled();
      expect(responders[0]?.destroyed).toBe(true);
      expect(responders[0]?.withdrawn).toBe(1);
      expect(responders[1]?.published.map((service) => service.host)).toEqual(['roof.local']);

      await config.patch('mdns', { enabled: false });
      await advertiser.settled();
      expect(advertiser.announced).toBeUndefined();
      expect(responders[1]?.destroyed).toBe(true);
    } finally {
      await advertiser.stop();
      await cleanup();
    }
  });

  it('withdraws the announcement when it stops', async () => {
    const { gateway, cleanup } = await testGateway({}, { chipId: CHIP_ID });
    const { config, bus } = gateway.ctx;
    await config.patch('mdns', { enabled: true });
    const responder = new FakeResponder();
    const advertiser = new MdnsAdvertiser({
      config,
      bus,
      log: silent,
      port: 80,
      createResponder: () => responder,
    });
    try {
      await advertiser.start();
      expect(responder.published).toHaveLength(1);
      await advertiser.stop();
      expect(responder.withdrawn).toBe(1);
      expect(responder.destroyed).toBe(true);
    } finally {
      await cleanup();
    }
  });
});
