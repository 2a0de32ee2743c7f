import { buildChannelChange, buildReRequest, cmtCountry } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { Reg, State } from '../../../src/cmt2300a/driver/registers';
import { DTU, INVERTER, rig } from './rig';

describe('CMT2300A driver through the chip model', () => {
  it('initialises, then reports the chip connected and asleep', async () => {
    const r = rig();
    expect(r.radio.status().cmt).toEqual({ configured: true, connected: false });
    await r.settle(Promise.resolve(r.radio.start()));
    expect(r.radio.status().cmt).toEqual({ configured: true, connected: true });
    expect(r.radio.diagnostics().reason).toBeUndefined();
    expect(r.model.state).toBe(State.sleep);
    expect(r.model.errors).toEqual([]);
  });

  it('sends a request and reads every fragment of a multi-fragment answer, with RSSI', async () => {
    const r = rig({ farSide: { rssiDbm: (_f, i) => -60 - i } });
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 500 }));
    expect(r.inverter.requests.map((q) => q.kind)).toEqual(['data']);
    expect(frames).toHaveLength(3);
    expect(frames.map((f) => f[9]! & 0x7f)).toEqual([1, 2, 3]);
    expect(r.radio.lastReceptions().map((x) => x.rssiDbm)).toEqual([-60, -61, -62]);
    expect(r.radio.lastRssiDbm).toBe(-62);
    expect(r.air.heard[0]!.frequencyHz).toBe(865_000_000);
    expect(r.model.stats.overruns).toBe(0);
    expect(r.radio.diagnostics()).toMatchObject({ framesSent: 1, packetsReceived: 3, fifoOverruns: 0 });
    expect(r.model.state).toBe(State.sleep);
    expect(r.model.errors).toEqual([]);
  });

  it('waits for the whole answer window on the clock, even after the last fragment', async () => {
    const r = rig();
    const t0 = r.clock.now();
    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 500 }));
    // ~40 ms on air for the request, then the 500 ms window.
    expect(r.clock.now() - t0).toBeGreaterThanOrEqual(500);
    expect(r.clock.now() - t0).toBeLessThan(600);
  });

  it('hears nothing from an inverter listening on another frequency', async () => {
    const r = rig({ inverter: { listenHz: 868_000_000 } });
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 200 }));
    expect(frames).toEqual([]);
    expect(r.radio.status().cmt.connected).toBe(true);
    expect(r.model.errors).toEqual([]);
  });

  it('channel change: sent on the start-up frequency, then the exchange runs on the DTU frequency', async () => {
    const eu = cmtCountry(0)!;
    const r = rig({ inverter: { listenHz: eu.startupFrequencyHz, channelChangeDelayMs: 5 } });
    const change = buildChannelChange({ inverter: INVERTER, dtu: DTU, country: 0, frequencyHz: 865_000_000 });
    const none = await r.settle(
      r.radio.transmit({ radio: 'CMT', frame: change, frequencyHz: eu.startupFrequencyHz, windowMs: 10 }),
    );
    expect(none).toEqual([]);
    expect(r.model.register(Reg.freqChannel)).toBe(32);
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 500 }));
    expect(frames).toHaveLength(3);
    expect(r.air.heard.map((p) => p.frequencyHz)).toEqual([868_000_000, 865_000_000]);
    expect(r.inverter.requests.map((q) => [q.kind, q.frequencyHz])).toEqual([
      ['channel-change', 868_000_000],
      ['data', 865_000_000],
    ]);
    expect(r.model.register(Reg.freqChannel)).toBe(20);
    expect(r.model.errors).toEqual([]);
  });

  it('works with FCSB on a GPIO line', async () => {
    const r = rig({ fifo: 'gpio' });
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(frames).toHaveLength(3);
    expect(r.model.errors).toEqual([]);
  });

  it('polls the flag registers when GPIO2 and GPIO3 are not wired', async () => {
    const r = rig({ irqLines: false });
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(frames).toHaveLength(3);
    expect(r.radio.diagnostics().fifoOverruns).toBe(0);
    expect(r.model.errors).toEqual([]);
  });

  it('uses the 900 MHz bank for North America and tunes 918 MHz', async () => {
    const r = rig({
      settings: { cmtCountry: 1, cmtFrequencyHz: 918_000_000 },
      inverter: { listenHz: 918_000_000 },
    });
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(frames).toHaveLength(3);
    expect(r.model.register(Reg.rf5)).toBe(0x45);
    expect(r.model.register(Reg.freqChannel)).toBe(72);
    expect(r.model.errors).toEqual([]);
  });

  it('sets the PA from the DTU settings (20 dBm needs the doubled PA)', async () => {
    const r = rig({ settings: { cmtPaLevel: 20 } });
    await r.settle(Promise.resolve(r.radio.start()));
    expect([r.model.register(Reg.tx8), r.model.register(Reg.tx9)]).toEqual([0x8a, 0x18]);
    expect(r.model.register(Reg.cmt4) & 1).toBe(1);
    r.radio.configure({ ...(await import('./rig')).SETTINGS, cmtPaLevel: -10 });
    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 50 }));
    expect([r.model.register(Reg.tx8), r.model.register(Reg.tx9)]).toEqual([0x05, 0x01]);
    expect(r.model.register(Reg.cmt4) & 1).toBe(0);
    expect(r.model.errors).toEqual([]);
  });

  it('refuses a frequency outside the legal range and says why', async () => {
    const r = rig();
    const frames = await r.settle(
      r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), frequencyHz: 880_000_000, windowMs: 100 }),
    );
    expect(frames).toEqual([]);
    expect(r.air.heard).toEqual([]);
    expect(r.radio.diagnostics().lastRefusal).toMatch(/880\.000 MHz: outside the legal range for EU/);
    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 100 }));
    expect(r.radio.diagnostics().lastRefusal).toBeUndefined();
  });

  it('ignores requests for the nRF radio and stays silent while disabled', async () => {
    const r = rig({ settings: { cmtEnabled: false } });
    expect(await r.radio.transmit({ radio: 'NRF24', frame: r.dataRequest(), windowMs: 10 })).toEqual([]);
    expect(await r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 10 })).toEqual([]);
    expect(r.air.heard).toEqual([]);
  });

  it('re-requests a fragment the air lost', async () => {
    const r = rig({ farSide: { drop: (_f, i) => i === 1 } });
    const first = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(first.map((f) => f[9]! & 0x7f)).toEqual([1, 3]);
    const again = await r.settle(
      r.radio.transmit({
        radio: 'CMT',
        frame: buildReRequest({ inverter: INVERTER, dtu: DTU, fragment: 2 }),
        windowMs: 100,
      }),
    );
    expect(again.map((f) => f[9]! & 0x7f)).toEqual([2]);
    expect(r.model.errors).toEqual([]);
  });
});
