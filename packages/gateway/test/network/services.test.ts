import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { announcedHostname } from '../../src/network/hostname';
import { MdnsAdvertiser, type MdnsResponder } from '../../src/network/mdns';
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
