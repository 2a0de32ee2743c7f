/**
 * The CMT2300A model's time and set-up rules, each shown twice: the driver as it is keeps it, and a driver
 * that breaks it (the real driver with one step taken away, or a raw register sequence) fails in the model.
 */

import { type Clock, ManualClock } from '@dtu-console/clock';
import { describe, expect, it } from 'vitest';
import { Cmt2300aRadio } from '../../../src/cmt2300a/driver/cmt2300a-radio';
import {
  fcsbTiming,
  fifoOnChipSelect,
  fifoOnGpio,
  type NanoClock,
} from '../../../src/cmt2300a/driver/fifo-port';
import { FifoCtl, Go, Reg, State } from '../../../src/cmt2300a/driver/registers';
import { CmtFarSide } from '../../../src/cmt2300a/model/cmt2300a-far-side';
import { Cmt2300aModel } from '../../../src/cmt2300a/model/cmt2300a-model';
import { cmt2300aPorts } from '../../../src/cmt2300a/model/cmt2300a-ports';
import type { SpiBus, SpiSegment } from '../../../src/io';
import { leisurelyNanos, SETTINGS, START } from '../driver/rig';

/** The driver on the model; `csb` may take steps away from what the driver writes. */
function driverOnModel(
  options: {
    csb?: (bus: SpiBus) => SpiBus;
    clock?: (clock: ManualClock) => Clock;
    /** The nanosecond clocks the model measures on and the driver waits on (default: both the host's). */
    nanos?: { model: NanoClock; driver: NanoClock };
  } = {},
) {
  const clock = new ManualClock(START);
  const model = new Cmt2300aModel({ clock, air: new CmtFarSide({ clock, responder: () => null }) });
  const ports = cmt2300aPorts(model, clock, undefined, options.nanos ? { nanos: options.nanos.model } : {});
  const bus = options.csb ? options.csb(ports.csb) : ports.csb;
  const radio = new Cmt2300aRadio({
    bus,
    fifo: fifoOnChipSelect(ports.fcsb, fcsbTiming(1_000_000), options.nanos?.model),
    gpio2: ports.gpio2,
    gpio3: ports.gpio3,
    clock: options.clock ? options.clock(clock) : clock,
    ...(options.nanos ? { nanos: options.nanos.driver } : {}),
  });
  radio.configure(SETTINGS);
  const start = async () => {
    const started = Promise.resolve(radio.start());
    for (let t = 0; t < 200; t++) await clock.advance(1);
    await started;
  };
  return { clock, model, ports, radio, start };
}

/** A register bus that never passes the writes `drop` picks (a driver without that step). */
const without =
  (drop: (address: number, value: number) => boolean) =>
  (bus: SpiBus): SpiBus => ({
    path: bus.path,
    close: () => bus.close(),
    transfer(segments) {
      const tx = segments[0]?.tx;
      if (segments.length === 1 && tx?.length === 2 && drop(tx[0]!, tx[1]!)) return [new Uint8Array(0)];
      return bus.transfer(segments);
    },
  });

describe('CMT2300A model: LOCKING_EN', () => {
  it('the driver sets EN_CTL bit 5 at init, keeping the other bits, and the model is content', async () => {
    const d = driverOnModel();
    await d.start();
    expect(d.radio.status().cmt.connected).toBe(true);
    expect(d.model.register(Reg.enCtl) & 0x20).toBe(0x20);
    expect(d.model.errors).toEqual([]);
  });

  it('a driver that skips it fails at its first tuned state', async () => {
    const d = driverOnModel({ csb: without((address) => address === 0x62) });
    await d.start();
    const sent = d.radio.transmit({ radio: 'CMT', frame: new Uint8Array(27).fill(0x15), windowMs: 20 });
    for (let t = 0; t < 200; t++) await d.clock.advance(1);
    await sent;
    expect(d.model.errors.join('\n')).toMatch(/go TX without LOCKING_EN/);
  });
});

describe('CMT2300A model: soft reset of 20 ms', () => {
  it('a driver that waits only 5 ms after the reset finds the chip still resetting', async () => {
    const quick = (clock: ManualClock): Clock => ({
      now: () => clock.now(),
      isSynchronised: () => true,
      setTimer: (ms, callback) => clock.setTimer(ms, callback),
      // Every wait a quarter as long: the 20 ms after the reset becomes 5.
      sleep: (ms) => clock.sleep(ms / 4),
    });
    const d = driverOnModel({ clock: quick });
    await d.start();
    expect(d.model.errors.join('\n')).toMatch(/still resetting/);
    expect(d.radio.status().cmt.connected).toBe(false);
  });
});

describe('CMT2300A model: mode changes take time', () => {
  function raw() {
    const clock = new ManualClock(START);
    const model = new Cmt2300aModel({ clock, air: { send: () => false, listen: () => () => undefined } });
    const ports = cmt2300aPorts(model, clock, undefined, { nanos: leisurelyNanos() });
    const w = (address: number, value: number) =>
      ports.csb.transfer([{ tx: Uint8Array.of(address, value), delayUs: 1 }]);
    const state = () =>
      ports.csb.transfer([{ tx: Uint8Array.of(0x80 | Reg.modeSta) }, { rxLength: 1, delayUs: 1 }])[1]![0]! &
      0x0f;
    return { clock, model, ports, w, state };
  }

  it('MODE_STA shows the old state until the change lands', async () => {
    const r = raw();
    r.w(Reg.modeCtl, Go.stby);
    expect(r.state()).toBe(State.sleep);
    await r.clock.advance(1);
    expect(r.state()).toBe(State.stby);
    expect(r.model.errors).toEqual([]);
  });

  it('a driver that fills the FIFO right after go STBY, without waiting, writes into a sleeping chip', () => {
    const r = raw();
    r.w(Reg.modeCtl, Go.stby);
    r.w(Reg.fifoCtl, FifoCtl.merge | FifoCtl.selectTx | FifoCtl.spiWrite);
    fifoOnChipSelect(r.ports.fcsb).writeByte(0x15);
    expect(r.model.errors.at(-1)).toMatch(/FIFO write in SLEEP/);
  });

  it('a driver that sends the next go-command before the last one landed is refused', () => {
    const r = raw();
    r.w(Reg.modeCtl, Go.stby);
    r.w(Reg.modeCtl, Go.rx);
    expect(r.model.errors.at(-1)).toMatch(/go RX while the chip is still changing to STBY/);
  });
});

describe('CMT2300A model: CSB hold', () => {
  it('the driver holds CSB one SCLK period after each register access (delay_usecs 1); a bare message fails', async () => {
    const d = driverOnModel();
    await d.start();
    expect(d.model.errors).toEqual([]);
    d.ports.csb.transfer([{ tx: Uint8Array.of(0x80 | Reg.modeSta) }, { rxLength: 1 }]);
    expect(d.model.errors.at(-1)).toMatch(/CSB released 0\.0 µs after the last clock of a register access/);
  });
});

/** A fake monotonic clock that moves only when read: 100 ns a read. */
function creepingNanos(): NanoClock {
  let ns = 0n;
  return () => {
    ns += 100n;
    return ns;
  };
}

/** A register bus that changes the parts of every message the driver sends. */
const rewriting =
  (change: (segments: readonly SpiSegment[]) => SpiSegment[]) =>
  (bus: SpiBus): SpiBus => ({
    path: bus.path,
    close: () => bus.close(),
    transfer: (segments) => bus.transfer(change(segments)),
  });

describe('CMT2300A model: CSB setup and high times', () => {
  it('the driver keeps CSB high more than half an SCLK period between two accesses; a driver that does not wait fails', async () => {
    const nanos = creepingNanos();
    const d = driverOnModel({ nanos: { model: nanos, driver: nanos } });
    await d.start();
    expect(d.radio.status().cmt.connected).toBe(true);
    expect(d.model.errors).toEqual([]);

    // The same driver waiting on a clock that runs ahead (1 ms a read) thinks the high time long gone.
    const model = creepingNanos();
    let ahead = 0n;
    const hasty = driverOnModel({ nanos: { model, driver: () => (ahead += 1_000_000n) } });
    await hasty.start();
    expect(hasty.model.errors.join('\n')).toMatch(
      /CSB high for 0\.\d µs between two register accesses \(more than half an SCLK period, 0\.5 µs, needed\)/,
    );
  });

  it('the driver never leaves CSB selected after an access; a port that does (cs_change on the last part) breaks the setup time', async () => {
    const seen: SpiSegment[][] = [];
    const d = driverOnModel({
      csb: rewriting((segments) => {
        seen.push([...segments]);
        return [...segments];
      }),
    });
    await d.start();
    expect(seen.length).toBeGreaterThan(50);
    expect(seen.flat().some((s) => s.csChange)).toBe(false);
    expect(d.model.errors).toEqual([]);

    const held = driverOnModel({
      csb: rewriting((segments) =>
        segments.map((s, i) => (i === segments.length - 1 ? { ...s, csChange: true } : s)),
      ),
    });
    await held.start();
    expect(held.model.errors.join('\n')).toMatch(
      /CSB did not fall before the first clock of a register access: the previous access left it selected \(cs_change\)/,
    );
  });

  it('a port that releases CSB between the address and the value (cs_change on a middle part) fails', async () => {
    const split = driverOnModel({
      csb: rewriting((segments) =>
        segments.map((s, i) => (i < segments.length - 1 ? { ...s, csChange: true } : s)),
      ),
    });
    await split.start();
    expect(split.model.errors.join('\n')).toMatch(
      /CSB released inside a register access \(cs_change on a middle part\)/,
    );
  });
});

describe('CMT2300A model: FCSB setup, hold and high times', () => {
  it('on a second chip select: the driver asks the controller for the hold (delay_usecs); a bare message fails', () => {
    const clock = new ManualClock(START);
    const model = new Cmt2300aModel({ clock, air: { send: () => false, listen: () => () => undefined } });
    const ports = cmt2300aPorts(model, clock, undefined, { nanos: leisurelyNanos() });
    ports.csb.transfer([{ tx: Uint8Array.of(Reg.modeCtl, Go.stby), delayUs: 1 }]);
    return clock.advance(1).then(() => {
      ports.csb.transfer([
        { tx: Uint8Array.of(Reg.fifoCtl, FifoCtl.merge | FifoCtl.selectTx | FifoCtl.spiWrite), delayUs: 1 },
      ]);
      const fifo = fifoOnChipSelect(ports.fcsb);
      for (const byte of [1, 2, 3]) fifo.writeByte(byte);
      expect(model.errors).toEqual([]);
      ports.fcsb.transfer([{ tx: Uint8Array.of(4) }]);
      expect(model.errors.join('\n')).toMatch(/FCSB released 0 µs after the last clock/);
    });
  });

  it('on a second chip select: two bytes back to back without the high time fail', () => {
    const clock = new ManualClock(START);
    const model = new Cmt2300aModel({ clock, air: { send: () => false, listen: () => () => undefined } });
    let ns = 0n;
    const ports = cmt2300aPorts(model, clock, undefined, { nanos: () => ns });
    ns = 1_000_000n;
    ports.fcsb.transfer([{ rxLength: 1, delayUs: 3 }]);
    ns += 1_000n;
    ports.fcsb.transfer([{ rxLength: 1, delayUs: 3 }]);
    expect(model.errors.join('\n')).toMatch(/FCSB high for 1\.0 µs between two FIFO bytes/);
  });

  it('on a GPIO line: the driver keeps all three; a port without waits breaks each', () => {
    const clock = new ManualClock(START);
    const model = new Cmt2300aModel({ clock, air: { send: () => false, listen: () => () => undefined } });
    // A fake monotonic clock that moves only when read: 100 ns a read.
    let ns = 0n;
    const nanos = () => {
      ns += 100n;
      return ns;
    };
    const ports = cmt2300aPorts(model, clock, undefined, { nanos });
    const good = fifoOnGpio(ports.sdio, ports.fcsbLine, fcsbTiming(1_000_000), nanos);
    good.readByte();
    good.readByte();
    const timing = model.errors.filter((e) => /FCSB|first clock/.test(e));
    expect(timing).toEqual([]);
    const hasty = fifoOnGpio(ports.sdio, ports.fcsbLine, { setupNs: 0, holdNs: 0, highNs: 0 }, nanos);
    hasty.readByte();
    hasty.readByte();
    const broken = model.errors.join('\n');
    expect(broken).toMatch(/first clock 0\.\d µs after FCSB fell/);
    expect(broken).toMatch(/FCSB released 0\.\d µs after the last clock/);
    expect(broken).toMatch(/FCSB high for 0\.\d µs between two FIFO bytes/);
  });
});
