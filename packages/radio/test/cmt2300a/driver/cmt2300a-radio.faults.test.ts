import { buildReRequest } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { Cmt2300aRadio } from '../../../src/cmt2300a/driver/cmt2300a-radio';
import { fifoOnChipSelect } from '../../../src/cmt2300a/driver/fifo-port';
import type { GpioInput } from '../../../src/io';
import { DTU, INVERTER, rig, SETTINGS } from './rig';

const fragmentNumbers = (frames: Uint8Array[]) => frames.map((f) => f[9]! & 0x7f);

describe('CMT2300A driver under faults', () => {
  it('chip absent: says so in plain words, stays silent, never throws', async () => {
    const r = rig({ present: false });
    await r.settle(Promise.resolve(r.radio.start()));
    expect(r.radio.status().cmt).toEqual({ configured: true, connected: false });
    expect(r.radio.diagnostics().reason).toMatch(
      /no CMT2300A answers on model:cmt2300a\/csb: a test value 0xaa written to it read back as 0xff/,
    );
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 100 }));
    expect(frames).toEqual([]);
    expect(r.air.heard).toEqual([]);
  });

  it('chip absent: the presence check is retried after a pause, not on every request', async () => {
    const r = rig({ present: false });
    await r.settle(Promise.resolve(r.radio.start()));
    r.trace.take();
    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 100 }));
    expect(r.trace.take()).toEqual([]);
    await r.clock.advance(30_000);
    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 100 }));
    expect(r.trace.take()[0]).toBe('W 7f ff');
  });

  it('GPIO3 never fires: the end-of-window check notices, reports it, and polls from then on', async () => {
    const r = rig();
    r.model.faults.gpio3Dead = true;
    const first = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    // Only the first fragment waited in the FIFO; the others arrived on top of it and were lost.
    expect(fragmentNumbers(first)).toEqual([1]);
    expect(r.model.stats.overruns).toBe(2);
    const d = r.radio.diagnostics();
    expect(d.rxIrqFallback).toBe(true);
    expect(d.fifoOverruns).toBe(1);
    expect(d.reason).toMatch(/GPIO3 \(line 13\) never signalled PKT_OK: polling/);
    expect(r.radio.status().cmt.connected).toBe(true);
    const second = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(fragmentNumbers(second)).toEqual([1, 2, 3]);
    // A reset after an I/O error does not make the dead line look healthy again.
    r.model.faults.failTransfers = 1;
    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 100 }));
    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 100 }));
    expect(r.radio.status().cmt.connected).toBe(true);
    expect(r.radio.diagnostics().reason).toMatch(/GPIO3 .* polling/);
    expect(r.model.errors).toEqual([]);
  });

  it('GPIO2 never fires: TX_DONE is found in the flag register, then polled', async () => {
    const r = rig();
    r.model.faults.gpio2Dead = true;
    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(r.radio.diagnostics().txIrqFallback).toBe(true);
    expect(r.radio.diagnostics().reason).toMatch(/GPIO2 \(line 12\) never signalled TX_DONE/);
    const second = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(fragmentNumbers(second)).toEqual([1, 2, 3]);
    expect(r.model.errors).toEqual([]);
  });

  it('a line stuck high is not trusted: both directions fall back to polling without spinning', async () => {
    const r = rig();
    const stuck = (line: GpioInput): GpioInput => ({ ...line, get: () => true, onEdge: () => () => {} });
    const radio = new Cmt2300aRadio({
      bus: r.ports.csb,
      fifo: fifoOnChipSelect(r.ports.fcsb),
      gpio2: stuck(r.ports.gpio2),
      gpio3: stuck(r.ports.gpio3),
      clock: r.clock,
    });
    radio.configure(SETTINGS);
    const first = await r.settle(radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    const d = radio.diagnostics();
    expect(d.txIrqFallback).toBe(true);
    expect(d.rxIrqFallback).toBe(true);
    expect(d.reason).toMatch(/GPIO3 \(line 13\) is high without PKT_OK/);
    expect(first.length).toBeLessThanOrEqual(3);
    const second = await r.settle(radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(fragmentNumbers(second)).toEqual([1, 2, 3]);
    expect(r.model.errors).toEqual([]);
  });

  it('CRC errors: the bad fragment is dropped and counted, the good ones arrive', async () => {
    const r = rig();
    r.model.faults.crcError = (packet) => (packet.payload[9]! & 0x7f) === 2;
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(fragmentNumbers(frames)).toEqual([1, 3]);
    expect(r.model.stats.crcErrors).toBe(1);
    expect(r.radio.diagnostics().crcErrors).toBe(1);
    expect(r.model.errors).toEqual([]);
  });

  it('CRC errors while polling are counted too', async () => {
    const r = rig({ irqLines: false });
    r.model.faults.crcError = (packet) => (packet.payload[9]! & 0x7f) === 3;
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(fragmentNumbers(frames)).toEqual([1, 2]);
    expect(r.radio.diagnostics().crcErrors).toBe(1);
  });

  it('an SPI error in the middle of sending: reported, no crash, and the next request recovers', async () => {
    const r = rig({ fifo: 'gpio' });
    await r.settle(Promise.resolve(r.radio.start()));
    // Fail a FIFO byte in the middle of the frame (after go STBY, channel, clears, FIFO set-up, length).
    r.model.faults.failAfterTransfers = 20;
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(frames).toEqual([]);
    expect(r.air.heard).toEqual([]);
    const d = r.radio.diagnostics();
    expect(d).toMatchObject({ connected: false, ioErrors: 1 });
    expect(d.reason).toMatch(/model:cmt2300a\/sdio: input\/output error; it will be reset and checked again/);
    // The FCSB line went back high despite the failure.
    expect(r.trace.lines.filter((l) => l.startsWith('FCSB')).at(-1)).toBe('FCSB 1');
    const again = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(fragmentNumbers(again)).toEqual([1, 2, 3]);
    expect(r.radio.status().cmt.connected).toBe(true);
    expect(r.radio.diagnostics().reason).toBeUndefined();
    expect(r.model.errors).toEqual([]);
  });

  it('an SPI error while receiving keeps what was already read', async () => {
    const r = rig();
    await r.settle(Promise.resolve(r.radio.start()));
    r.model.faults.failAfterTransfers = 80;
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.length).toBeLessThan(3);
    expect(r.radio.diagnostics().ioErrors).toBe(1);
  });

  it('a FIFO overrun (polling too slowly) counts a lost fragment; a re-request fetches it', async () => {
    const r = rig({ irqLines: false, driver: { pollMs: 15 } });
    const frames = await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 300 }));
    expect(frames.length).toBeLessThan(3);
    expect(r.model.stats.overruns).toBeGreaterThan(0);
    expect(r.radio.diagnostics().fifoOverruns).toBeGreaterThan(0);
    const got = new Set(fragmentNumbers(frames));
    for (const missing of [1, 2, 3].filter((n) => !got.has(n))) {
      const again = await r.settle(
        r.radio.transmit({
          radio: 'CMT',
          frame: buildReRequest({ inverter: INVERTER, dtu: DTU, fragment: missing }),
          windowMs: 100,
        }),
      );
      expect(fragmentNumbers(again)).toEqual([missing]);
    }
    expect(r.model.errors).toEqual([]);
  });
});
