import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { Reg } from '../../../src/nrf24/driver/registers';
import { rfSetupValue } from '../../../src/nrf24/driver/setup';
import { DTU_SERIAL, expectTrace, FlakySpi, INVERTER_SERIAL, rig, run, T0 } from './harness';

const WINDOW_MS = 100;

function request(time = T0 / 1000) {
  return {
    radio: 'NRF24' as const,
    frame: buildDataRequest({ inverter: INVERTER_SERIAL, dtu: DTU_SERIAL, dataType: DataType.RunData, time }),
    windowMs: WINDOW_MS,
  };
}

/** The fragments the scripted inverter put on the air (40 data bytes + CRC16 = 3 fragments each). */
function expectedFragments(far: ReturnType<typeof rig>['far']) {
  return far.sent.map((p) => p.payload);
}

describe('nRF24 driver against the chip model', () => {
  it('sets the chip up, checks it and reports a + variant (golden trace)', async () => {
    const { clock, model, trace, radio } = rig();
    await run(clock, Promise.resolve(radio.start()));
    expect(radio.status().nrf).toEqual({ configured: true, connected: true, pvariant: true });
    expect(radio.health().reason).toBeUndefined();
    expect(model.mode()).toBe('standby-I');
    expect(model.errors).toEqual([]);
    expectTrace('init', trace.lines);
  });

  it('sends a data request and receives every fragment of the answer (golden traces)', async () => {
    const { clock, model, trace, radio, far, inverter } = rig({ far: {} });
    inverter.requests.length = 0;
    await run(clock, Promise.resolve(radio.start()));
    trace.lines.length = 0;
    // A short window keeps the trace short: three fragments, then two hops.
    const frames = await run(clock, radio.transmit({ ...request(), windowMs: 16 }));
    expect(inverter.requests).toHaveLength(1);
    expect(far.sent).toHaveLength(3);
    expect(frames).toEqual(expectedFragments(far));
    expect(model.errors).toEqual([]);
    expect(radio.counters()).toMatchObject({ sent: 1, acked: 1, notAcked: 0, received: 3, irqMissed: 0 });
    // Every flag cleared, the IRQ line released, the chip in standby.
    expect(model.regs.get(Reg.STATUS) & 0x70).toBe(0);
    expect(model.irq.get()).toBe(true);
    expect(model.mode()).toBe('standby-I');
    expect(radio.health().irqLine).toBe('ok');
    // The request went out on the first channel, the answer came two channels on.
    expect(far.heard[0]!.channel).toBe(3);
    expect(far.sent[0]!.channel).toBe(40);
    // The window is measured on the clock from the end of the send (start-up 5 ms, send 1.7 ms).
    expect(clock.now() - T0).toBeGreaterThanOrEqual(5 + 1.708 + 16);
    expect(clock.now() - T0).toBeLessThan(5 + 1.708 + 16 + 1);
    const split = trace.lines.findIndex((line) => line.includes('W CONFIG 0f'));
    expectTrace('send', trace.lines.slice(0, split));
    expectTrace('receive', trace.lines.slice(split));
  });

  it('hops the send channel per transmit and follows an answer on another channel', async () => {
    // Answers come three channels on: the receiver starts two on and hops after its dwell.
    const answerChannel = (c: number) => [3, 23, 40, 61, 75][([3, 23, 40, 61, 75].indexOf(c) + 3) % 5]!;
    const { clock, model, radio, far } = rig({ far: { answerChannel, answerDelayMs: 12 } });
    await run(clock, Promise.resolve(radio.start()));
    for (let i = 0; i < 6; i++) {
      const frames = await run(clock, radio.transmit(request(T0 / 1000 + i)));
      expect(frames).toHaveLength(3);
    }
    expect(far.heard.map((p) => p.channel)).toEqual([3, 23, 40, 61, 75, 3]);
    expect(model.errors).toEqual([]);
  });

  it('stop powers the chip down and keeps it down', async () => {
    const { clock, model, radio, far } = rig();
    await run(clock, Promise.resolve(radio.start()));
    await radio.stop();
    expect(model.mode()).toBe('power-down');
    expect(await radio.transmit(request())).toEqual([]);
    expect(far.heard).toEqual([]);
    expect(model.mode()).toBe('power-down');
  });

  it('ignores requests for the CMT radio', async () => {
    const { clock, radio, far } = rig();
    await run(clock, Promise.resolve(radio.start()));
    expect(await radio.transmit({ ...request(), radio: 'CMT' })).toEqual([]);
    expect(far.heard).toEqual([]);
  });

  it('writes the PA level from the DTU settings into RF_SETUP (250 kbps kept)', async () => {
    for (const level of [0, 1, 2, 3]) {
      const { clock, model, radio } = rig({ settings: { nrfPaLevel: level } });
      await run(clock, Promise.resolve(radio.start()));
      expect(model.regs.get(Reg.RF_SETUP)).toBe(rfSetupValue(level));
      expect(model.regs.get(Reg.RF_SETUP)).toBe(0x20 | (level << 1));
    }
  });

  it('an nRF24L01 without + is connected but not used: 250 kbps does not stick', async () => {
    const { clock, model, radio, far } = rig({ model: { variant: 'original' } });
    await run(clock, Promise.resolve(radio.start()));
    expect(radio.status().nrf).toEqual({ configured: true, connected: true, pvariant: false });
    expect(radio.health().reason).toMatch(/without '\+'.*250 kbps/);
    expect(await run(clock, radio.transmit(request()))).toEqual([]);
    expect(far.heard).toEqual([]);
    expect(model.errors).toEqual([]);
  });

  it('an unanswered send runs out of retransmits (MAX_RT), flushes and still listens the window', async () => {
    const { clock, model, radio, far } = rig({ far: { inverters: [] } });
    await run(clock, Promise.resolve(radio.start()));
    const start = clock.now();
    expect(await run(clock, radio.transmit(request()))).toEqual([]);
    expect(model.counters.airSent).toBe(16);
    expect(radio.counters()).toMatchObject({ sent: 1, acked: 0, notAcked: 1, retransmits: 15 });
    expect(model.txFifo.empty).toBe(true);
    expect(far.heard).toEqual([]);
    expect(clock.now() - start).toBeGreaterThanOrEqual(WINDOW_MS);
    expect(model.errors).toEqual([]);
  });
});

describe('nRF24 driver fault injection', () => {
  for (const miso of [0x00, 0xff] as const) {
    it(`chip absent (MISO reads 0x${miso.toString(16)}): connected false with a reason, silence`, async () => {
      const { clock, radio } = rig({ model: { faults: { absent: miso } } });
      await run(clock, Promise.resolve(radio.start()));
      expect(radio.status().nrf).toEqual({ configured: true, connected: false, pvariant: false });
      expect(radio.health().reason).toContain(`reads 0x${miso.toString(16).toUpperCase().padStart(2, '0')}`);
      const start = clock.now();
      expect(await run(clock, radio.transmit(request()))).toEqual([]);
      // Silence lasts the window.
      expect(clock.now() - start).toBeGreaterThanOrEqual(WINDOW_MS);
    });
  }

  it('IRQ never fires: the driver polls STATUS when it hops, ends the window and counts the misses', async () => {
    const { clock, model, radio, far } = rig({ model: { faults: { irq: 'stuck-high' } } });
    await run(clock, Promise.resolve(radio.start()));
    const start = clock.now();
    const frames = await run(clock, radio.transmit(request()));
    expect(frames).toEqual(expectedFragments(far));
    expect(radio.counters().irqMissed).toBeGreaterThan(0);
    expect(radio.health()).toMatchObject({ connected: true, reason: undefined, irqLine: 'silent' });
    expect(clock.now() - start).toBeLessThan(WINDOW_MS + 10);
    expect(model.errors).toEqual([]);
  });

  it('IRQ line stuck low: the driver stops trusting its level, polls, and does not spin', async () => {
    const { clock, model, radio, far } = rig({ model: { faults: { irq: 'stuck-low' } } });
    await run(clock, Promise.resolve(radio.start()));
    const start = clock.now();
    const frames = await run(clock, radio.transmit(request()));
    expect(frames).toEqual(expectedFragments(far));
    expect(radio.health()).toMatchObject({ connected: true, irqLine: 'stuck-low' });
    expect(clock.now() - start).toBeLessThan(WINDOW_MS + 10);
    expect(model.errors).toEqual([]);
  });

  it('CE not wired: no send ever ends; the driver gives up after its timeout and says so', async () => {
    const { clock, model, radio, far } = rig({ wrapCe: (ce) => ({ ...ce, set: () => undefined }) });
    await run(clock, Promise.resolve(radio.start()));
    expect(await run(clock, radio.transmit(request()))).toEqual([]);
    expect(far.heard).toEqual([]);
    expect(radio.status().nrf.connected).toBe(false);
    expect(radio.health().reason).toMatch(/did not finish a send within 60 ms/);
    // A refused write would show here: the driver wrote registers only with CE low.
    expect(model.errors).toEqual([]);
  });

  it('a frame longer than 32 bytes is not sent', async () => {
    const { clock, radio, far } = rig();
    await run(clock, Promise.resolve(radio.start()));
    const frame = new Uint8Array(33);
    expect(await run(clock, radio.transmit({ ...request(), frame }))).toEqual([]);
    expect(far.heard).toEqual([]);
    expect(radio.status().nrf.connected).toBe(true);
  });

  it('CRC errors on the air: the chip drops the damaged fragment, the others arrive', async () => {
    let n = 0;
    const { clock, model, radio, far } = rig({ model: { faults: { crcError: () => n++ === 1 } } });
    await run(clock, Promise.resolve(radio.start()));
    const frames = await run(clock, radio.transmit(request()));
    expect(far.sent).toHaveLength(3);
    expect(frames).toEqual([far.sent[0]!.payload, far.sent[2]!.payload]);
    expect(model.counters.crcDropped).toBe(1);
    expect(model.errors).toEqual([]);
  });

  it('an SPI error in the middle of a transfer: reported, no crash, recovered on the next transmit', async () => {
    let flaky: FlakySpi | undefined;
    const { clock, model, radio, far } = rig({
      wrapSpi: (spi) => {
        flaky = new FlakySpi(spi);
        return flaky;
      },
    });
    await run(clock, Promise.resolve(radio.start()));
    // Fail the W_TX_PAYLOAD of the first send (the chip took it, the host saw an error).
    flaky!.failOn.add(flaky!.count + 6);
    expect(await run(clock, radio.transmit(request()))).toEqual([]);
    expect(radio.status().nrf.connected).toBe(false);
    expect(radio.health().reason).toMatch(/Input\/output error.*set up again/);
    expect(radio.counters().ioErrors).toBe(1);
    const frames = await run(clock, radio.transmit(request()));
    expect(frames).toHaveLength(3);
    expect(frames).toEqual(far.sent.slice(-3).map((p) => p.payload));
    expect(radio.status().nrf.connected).toBe(true);
    expect(radio.health().reason).toBeUndefined();
    expect(model.errors).toEqual([]);
  });

  it('an SPI error during start: start resolves, the chip is reported, the first transmit sets it up', async () => {
    let flaky: FlakySpi | undefined;
    const { clock, radio } = rig({
      wrapSpi: (spi) => {
        flaky = new FlakySpi(spi);
        flaky.failOn.add(1);
        return flaky;
      },
    });
    await run(clock, Promise.resolve(radio.start()));
    expect(radio.status().nrf.connected).toBe(false);
    expect(radio.health().reason).toMatch(/EIO/);
    expect(await run(clock, radio.transmit(request()))).toHaveLength(3);
    expect(radio.status().nrf.connected).toBe(true);
  });

  it('an invalid DTU serial: not configured, with a reason; nothing touches the chip', async () => {
    const { clock, radio, trace } = rig({ settings: { dtuSerial: 'nope' } });
    await run(clock, Promise.resolve(radio.start()));
    expect(radio.status().nrf).toEqual({ configured: false, connected: false, pvariant: false });
    expect(radio.health().reason).toMatch(/DTU serial 'nope' is not valid/);
    expect(await radio.transmit(request())).toEqual([]);
    expect(trace.lines).toEqual([]);
  });

  it('30 % fragment loss on the air: exactly the fragments that reached the air are returned', async () => {
    // Every third-or-so fragment lost (deterministic): 10 transmits of 3 fragments.
    let n = 0;
    // The dwell scheme throughout: auto's tenth listen would be a blind-hop probe, which hears less.
    const { clock, model, radio, far } = rig({ far: { lose: () => n++ % 10 < 3 }, rxScheme: 'dwell' });
    await run(clock, Promise.resolve(radio.start()));
    let received = 0;
    for (let i = 0; i < 10; i++) {
      const before = far.sent.length;
      const frames = await run(clock, radio.transmit(request(T0 / 1000 + i)));
      expect(frames).toEqual(far.sent.slice(before).map((p) => p.payload));
      received += frames.length;
    }
    expect(received).toBe(21);
    expect(model.errors).toEqual([]);
  });

  it('RX FIFO overrun: frames beyond three before a read are lost; the model counts them, the driver sees the FIFO full', async () => {
    // A slow reader (no IRQ: reads only when it would hop) and a fast burst of five fragments.
    const { clock, model, radio, far } = rig({
      model: { faults: { irq: 'stuck-high' } },
      far: { answerDelayMs: 5, fragmentGapMs: 1.2 },
      payloadLength: 70,
    });
    await run(clock, Promise.resolve(radio.start()));
    const frames = await run(clock, radio.transmit(request()));
    expect(far.sent).toHaveLength(5);
    // The first read comes at the end of the first dwell: all five have arrived, three fit, two are lost.
    expect(model.counters.rxOverflow).toBe(2);
    expect(frames).toEqual([0, 1, 2].map((i) => far.sent[i]!.payload));
    expect(radio.counters().rxFifoFull).toBeGreaterThan(0);
    expect(model.errors).toEqual([]);
  });
});
