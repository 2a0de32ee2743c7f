/**
 * Faults at stack level: the engine keeps running through the real drivers while a chip is absent, an
 * interrupt line is dead, packets fail their CRC, 30 % of fragments are lost, an SPI transfer fails in the
 * middle, the CMT FIFO overruns. The drivers' own tests cover the chip level; here the stack survives,
 * says why, and recovers.
 */
import { describe, expect, it } from 'vitest';
import { HM, HMS, MINUTE, modelStack } from './stack';

const fresh = (s: ReturnType<typeof modelStack>, serial: string) =>
  s.clock.now() - s.live.inverter(serial)!.lastUpdateEpochMs < 15_000;

describe('the stack through the chip models under faults', () => {
  it('with no nRF24 on the bus: the HMS works on, the nRF24 is not connected and says why', async () => {
    const s = modelStack({ model: { nrfFaults: { absent: 0xff } } });
    await s.startFor(2 * MINUTE);
    const status = s.model.radio.status();
    expect(status.nrf.connected).toBe(false);
    expect(status.nrf.reason).toMatch(/no nRF24L01\+ answers/);
    expect(fresh(s, HMS)).toBe(true);
    expect(s.live.inverter(HM)!.hasData).toBe(false);
    // The chip comes back (a loose wire fixed): the next send sets it up again.
    s.model.nrfModel.faults.absent = undefined;
    await s.clock.advance(MINUTE);
    expect(s.model.radio.status().nrf.connected).toBe(true);
    expect(fresh(s, HM)).toBe(true);
    await s.stopFor(1000);
  });

  it('with no CMT2300A on the bus: the HM works on, the CMT is not connected and says why', async () => {
    const s = modelStack({ model: { cmtPresent: false } });
    await s.startFor(2 * MINUTE);
    const status = s.model.radio.status();
    expect(status.cmt.connected).toBe(false);
    expect(status.cmt.reason).toBeTruthy();
    expect(fresh(s, HM)).toBe(true);
    expect(s.live.inverter(HMS)!.hasData).toBe(false);
    await s.stopFor(1000);
  });

  it('with interrupt lines that never fire: both drivers fall back to reading the flags', async () => {
    const s = modelStack({ model: { nrfFaults: { irq: 'stuck-high' } } });
    s.model.cmtModel.faults.gpio2Dead = true;
    s.model.cmtModel.faults.gpio3Dead = true;
    await s.startFor(2 * MINUTE);
    expect(fresh(s, HM)).toBe(true);
    expect(fresh(s, HMS)).toBe(true);
    const chips = s.model.radio.diagnostics();
    expect(chips.nrf?.irqLine).toBe('silent');
    expect(chips.cmt?.rxIrqFallback || chips.cmt?.txIrqFallback).toBe(true);
    await s.stopFor(1000);
  });

  it('with CRC errors and 30 % fragment loss: fragments are re-requested and data keeps coming', async () => {
    const s = modelStack({ model: { faults: { weakSignal: false, fragmentLoss: 0.3, corruption: 0.05 } } });
    await s.startFor(3 * MINUTE);
    for (const serial of [HM, HMS]) {
      const inv = s.live.inverter(serial)!;
      expect(fresh(s, serial), serial).toBe(true);
      expect(inv.radioStats.tx_re_request, serial).toBeGreaterThan(0);
      expect(inv.radioStats.rx_success, serial).toBeGreaterThan(5);
    }
    expect(s.model.nrfModel.counters.crcDropped + s.model.cmtModel.stats.crcErrors).toBeGreaterThan(0);
    await s.stopFor(1000);
  });

  it('with an SPI error in the middle of a CMT exchange: the chip is set up again and answers return', async () => {
    const s = modelStack();
    await s.startFor(MINUTE);
    s.model.cmtModel.faults.failAfterTransfers = 7;
    await s.clock.advance(MINUTE);
    expect(s.model.radio.diagnostics().cmt?.ioErrors).toBeGreaterThan(0);
    // The driver waits before it resets a failed chip again, then the plant is heard again.
    await s.clock.advance(MINUTE);
    expect(s.model.radio.status().cmt.connected).toBe(true);
    expect(fresh(s, HMS)).toBe(true);
    expect(fresh(s, HM)).toBe(true);
    await s.stopFor(1000);
  });

  it('with answer fragments packed too close for the one-packet FIFO: overruns are counted and recovered by re-requests', async () => {
    const s = modelStack({ model: { cmtFragmentSpacingMs: 1 } });
    // Without PKT_OK on its line the driver reads the flags every 2 ms: slower than the fragments come.
    s.model.cmtModel.faults.gpio3Dead = true;
    await s.startFor(3 * MINUTE);
    expect(s.model.cmtModel.stats.overruns).toBeGreaterThan(0);
    expect(s.model.radio.diagnostics().cmt?.fifoOverruns).toBeGreaterThan(0);
    const inv = s.live.inverter(HMS)!;
    expect(inv.radioStats.tx_re_request).toBeGreaterThan(0);
    expect(fresh(s, HMS)).toBe(true);
    await s.stopFor(1000);
  });
});
