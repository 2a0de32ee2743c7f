import { ManualClock } from '@dtu-console/clock';
import { describe, expect, it } from 'vitest';
import { banksFor } from '../../../src/cmt2300a/driver/banks';
import { fifoOnChipSelect } from '../../../src/cmt2300a/driver/fifo-port';
import {
  CFG_RETAIN,
  FifoClr,
  FifoCtl,
  FifoFlag,
  Go,
  INT_CLR2_ALL,
  IntEn,
  IntSource,
  IoSel,
  LOCKING_EN,
  Reg,
  State,
} from '../../../src/cmt2300a/driver/registers';
import { Cmt2300aModel } from '../../../src/cmt2300a/model/cmt2300a-model';
import { cmt2300aPorts } from '../../../src/cmt2300a/model/cmt2300a-ports';
import { IoError } from '../../../src/io';
import type { AirPacket, CmtAirPacket } from '../../../src/model/air';
import { leisurelyNanos, START } from '../driver/rig';

function setup() {
  const clock = new ManualClock(START);
  const sent: AirPacket[] = [];
  const listeners = new Set<(p: AirPacket) => void>();
  const air = {
    send: (p: AirPacket) => {
      sent.push(p);
      return true;
    },
    listen: (l: (p: AirPacket) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const model = new Cmt2300aModel({ clock, air });
  const ports = cmt2300aPorts(model, clock, undefined, { nanos: leisurelyNanos() });
  // Register accesses as the driver makes them: CSB held 1 µs after the last clock.
  const w = (address: number, value: number) =>
    ports.csb.transfer([{ tx: Uint8Array.of(address, value), delayUs: 1 }]);
  const r = (address: number) =>
    ports.csb.transfer([{ tx: Uint8Array.of(0x80 | address) }, { rxLength: 1, delayUs: 1 }])[1]![0]!;
  // FIFO bytes through the driver's chip-select port: it keeps FCSB's hold and high times.
  const fifo = fifoOnChipSelect(ports.fcsb);
  const fifoIn = (byte: number) => fifo.writeByte(byte);
  const fifoOut = () => fifo.readByte();
  const deliver = (packet: Omit<CmtAirPacket, 'kind'>) => {
    for (const l of listeners) l({ kind: 'cmt', ...packet });
  };
  /** The Hoymiles configuration of the 860 MHz band, written the way the driver does, then RX on `channel`. */
  /** A go-command, then the clock moved past the mode change (the model's changes take up to 1 ms). */
  const go = async (command: number) => {
    w(Reg.modeCtl, command);
    await clock.advance(1);
  };
  const configure = async (channel = 20) => {
    await go(Go.stby);
    w(Reg.modeSta, CFG_RETAIN);
    w(Reg.enCtl, r(Reg.enCtl) | LOCKING_EN);
    for (const bank of banksFor('860')) {
      bank.values.forEach((v, i) => {
        w(bank.address + i, v);
      });
    }
    w(Reg.ioSel, IoSel.gpio2Int1 | IoSel.gpio3Int2);
    w(Reg.int1Ctl, IntSource.txDone);
    w(Reg.int2Ctl, IntSource.pktOk);
    w(Reg.intEn, IntEn.txDone | IntEn.pktDone | IntEn.crcOk | IntEn.syncOk | IntEn.preambleOk);
    w(Reg.freqOffset, 100);
    w(Reg.freqChannel, channel);
    w(Reg.fifoCtl, FifoCtl.merge);
  };
  return { clock, model, ports, w, r, go, fifoIn, fifoOut, deliver, configure, sent };
}

describe('CMT2300A model: bus rules', () => {
  it('reads back what was written, with the read bit selecting the direction', async () => {
    const m = setup();
    m.w(Reg.pkt17, 0x5a);
    expect(m.r(Reg.pkt17)).toBe(0x5a);
    expect(m.model.errors).toEqual([]);
  });

  it('refuses a 3-wire part that sends and receives at once, like the Linux SPI core (EINVAL)', async () => {
    const m = setup();
    let caught: unknown;
    try {
      m.ports.csb.transfer([{ tx: Uint8Array.of(0x80 | Reg.modeSta), rxLength: 1 }]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(IoError);
    expect((caught as IoError).code).toBe('EINVAL');
    expect(() => m.ports.fcsb.transfer([{ tx: Uint8Array.of(1), rxLength: 1 }])).toThrow(IoError);
  });

  it('records malformed register messages', async () => {
    const m = setup();
    m.ports.csb.transfer([{ tx: Uint8Array.of(Reg.pkt17, 1, 2), delayUs: 1 }]);
    m.ports.csb.transfer([{ tx: Uint8Array.of(0x80 | Reg.pkt17) }, { rxLength: 2, delayUs: 1 }]);
    m.ports.csb.transfer([{ rxLength: 1, delayUs: 1 }]);
    // A FIFO byte sent with CSB instead of FCSB is a broken register write, not FIFO data.
    m.ports.csb.transfer([{ tx: Uint8Array.of(0x15), delayUs: 1 }]);
    expect(m.model.errors).toHaveLength(4);
  });

  it('takes FIFO bytes only one per FCSB pulse, and never with CSB and FCSB together', async () => {
    const m = setup();
    await m.configure();
    m.w(Reg.fifoCtl, FifoCtl.merge | FifoCtl.selectTx | FifoCtl.spiWrite);
    m.ports.fcsb.transfer([{ tx: Uint8Array.of(1, 2) }]);
    expect(m.model.errors.at(-1)).toMatch(/one byte per FCSB pulse/);
    m.ports.sdio.transfer([{ tx: Uint8Array.of(1) }]);
    expect(m.model.errors.at(-1)).toMatch(/neither CSB nor FCSB/);
    m.ports.fcsbLine.set(false);
    m.ports.sdio.transfer([{ tx: Uint8Array.of(1) }]);
    m.ports.sdio.transfer([{ tx: Uint8Array.of(2) }]);
    expect(m.model.errors.at(-1)).toMatch(/two FIFO accesses within one FCSB pulse/);
    m.r(Reg.modeSta);
    expect(m.model.errors.at(-1)).toMatch(/CSB selected while FCSB is low/);
    m.ports.fcsbLine.set(true);
  });

  it('has registers only in the documented range', async () => {
    const m = setup();
    m.r(0x75);
    m.w(Reg.intFlag, 0);
    m.w(Reg.softReset, 0x12);
    expect(m.model.errors).toHaveLength(3);
  });
});

describe('CMT2300A model: mode state machine', () => {
  it('accepts only the go-commands valid in the current state', async () => {
    const m = setup();
    expect(m.r(Reg.modeSta) & 0x0f).toBe(State.sleep);
    m.w(Reg.modeCtl, Go.rx);
    expect(m.model.errors.at(-1)).toMatch(/go RX refused in SLEEP/);
    m.w(Reg.modeCtl, Go.stby | Go.rx);
    expect(m.model.errors.at(-1)).toMatch(/not one go-command/);
    await m.configure();
    await m.go(Go.rx);
    expect(m.r(Reg.modeSta) & 0x0f).toBe(State.rx);
    m.w(Reg.modeCtl, Go.tfs);
    expect(m.model.errors.at(-1)).toMatch(/go TFS refused in RX/);
  });

  it('allows configuration only in SLEEP or STBY and no retuning while tuned', async () => {
    const m = setup();
    await m.configure();
    await m.go(Go.rx);
    m.w(Reg.pkt15, 5);
    expect(m.model.errors.at(-1)).toMatch(/configuration register 0x46 written in RX/);
    m.w(Reg.freqChannel, 3);
    expect(m.model.errors.at(-1)).toMatch(/frequency register 0x63 written while tuned/);
  });

  it('forgets the configuration in SLEEP without CFG_RETAIN', async () => {
    const m = setup();
    await m.configure();
    m.w(Reg.modeSta, 0);
    await m.go(Go.sleep);
    expect(m.r(Reg.pkt21)).toBe(0);
  });

  it('is busy after a soft reset, then asleep with default registers', async () => {
    const m = setup();
    await m.configure();
    m.w(Reg.softReset, 0xff);
    m.r(Reg.modeSta);
    expect(m.model.errors.at(-1)).toMatch(/still resetting/);
    await m.clock.advance(19);
    m.r(Reg.modeSta);
    expect(m.model.errors.at(-1)).toMatch(/still resetting/);
    await m.clock.advance(1);
    const before = m.model.errors.length;
    expect(m.r(Reg.modeSta) & 0x0f).toBe(State.sleep);
    expect(m.model.errors).toHaveLength(before);
    expect(m.r(Reg.pkt21)).toBe(0);
  });
});

describe('CMT2300A model: frequency, FIFO and interrupts', () => {
  it('tunes base + channel × FREQ_OFS × 2.5 kHz', async () => {
    const m = setup();
    await m.configure(32);
    await m.go(Go.rx);
    expect(m.model.tunedHz).toBe(868_000_000);
  });

  it('sends after the time on air, raises TX_DONE on GPIO2 and falls back to STBY', async () => {
    const m = setup();
    await m.configure();
    m.w(Reg.fifoCtl, FifoCtl.merge | FifoCtl.selectTx | FifoCtl.spiWrite);
    m.w(Reg.pkt15, 3);
    for (const b of [1, 2, 3]) m.fifoIn(b);
    expect(m.r(Reg.fifoFlag) & FifoFlag.txNotEmpty).toBeTruthy();
    await m.go(Go.tx);
    expect(m.sent).toEqual([]);
    await m.clock.advance(30);
    expect(m.sent).toEqual([{ kind: 'cmt', frequencyHz: 865_000_000, payload: Uint8Array.of(1, 2, 3) }]);
    expect(m.ports.gpio2.get()).toBe(true);
    expect(m.r(Reg.modeSta) & 0x0f).toBe(State.stby);
    m.w(Reg.intClr1, 0x04);
    expect(m.ports.gpio2.get()).toBe(false);
    expect(m.model.errors).toEqual([]);
  });

  it('checks the TX FIFO direction and the length register', async () => {
    const m = setup();
    await m.configure();
    m.fifoIn(1);
    expect(m.model.errors.at(-1)).toMatch(/FIFO write while FIFO_CTL is set for SPI reads/);
    m.w(Reg.fifoCtl, FifoCtl.merge | FifoCtl.spiWrite);
    m.fifoIn(1);
    expect(m.model.errors.at(-1)).toMatch(/selects the RX FIFO/);
    m.w(Reg.fifoCtl, FifoCtl.merge | FifoCtl.selectTx | FifoCtl.spiWrite);
    m.w(Reg.pkt15, 4);
    m.fifoIn(1);
    await m.go(Go.tx);
    expect(m.model.errors.at(-1)).toMatch(/TX length register says 4 bytes but the FIFO holds 1/);
  });

  it('hears a packet only in RX, on its frequency; PKT_OK shows on GPIO3 until cleared', async () => {
    const m = setup();
    await m.configure();
    m.deliver({ frequencyHz: 865_000_000, payload: Uint8Array.of(9) });
    expect(m.model.stats.notListening).toBe(1);
    await m.go(Go.rx);
    m.deliver({ frequencyHz: 865_250_000, payload: Uint8Array.of(9) });
    expect(m.model.stats.wrongFrequency).toBe(1);
    m.deliver({ frequencyHz: 865_000_000, payload: Uint8Array.of(7, 8), rssiDbm: -70 });
    expect(m.ports.gpio3.get()).toBe(true);
    expect(m.r(Reg.rssiDbm) - 128).toBe(-70);
    expect([m.fifoOut(), m.fifoOut(), m.fifoOut()]).toEqual([2, 7, 8]);
    m.fifoOut();
    expect(m.model.errors.at(-1)).toMatch(/empty RX FIFO/);
    m.w(Reg.intClr2, INT_CLR2_ALL);
    expect(m.ports.gpio3.get()).toBe(false);
    // RX auto-exit is off in the Hoymiles banks: still listening.
    expect(m.r(Reg.modeSta) & 0x0f).toBe(State.rx);
  });

  it('loses a packet that arrives while the FIFO holds an unread one (overrun)', async () => {
    const m = setup();
    await m.configure();
    await m.go(Go.rx);
    m.deliver({ frequencyHz: 865_000_000, payload: Uint8Array.of(1) });
    m.deliver({ frequencyHz: 865_000_000, payload: Uint8Array.of(2) });
    expect(m.model.stats.overruns).toBe(1);
    expect(m.r(Reg.fifoFlag) & FifoFlag.rxOverflow).toBeTruthy();
    m.w(Reg.fifoClr, FifoClr.rx);
    expect(m.r(Reg.fifoFlag)).toBe(0);
  });

  it('routes interrupts only where IO_SEL says, with the polarity of INT1_CTL', async () => {
    const m = setup();
    await m.configure();
    m.w(Reg.ioSel, 0);
    await m.go(Go.rx);
    m.deliver({ frequencyHz: 865_000_000, payload: Uint8Array.of(1) });
    expect(m.ports.gpio3.get()).toBe(false);
    m.w(Reg.ioSel, IoSel.gpio2Int2);
    expect(m.ports.gpio2.get()).toBe(true);
    m.w(Reg.int1Ctl, 0x20 | IntSource.txDone);
    expect(m.ports.gpio2.get()).toBe(false);
  });

  it('hears nothing with another sync word, and refuses to send with one', async () => {
    const m = setup();
    await m.configure();
    m.w(Reg.pkt6 + 7, 0x00);
    await m.go(Go.rx);
    m.deliver({ frequencyHz: 865_000_000, payload: Uint8Array.of(1) });
    expect(m.model.stats.received).toBe(0);
    await m.go(Go.stby);
    m.w(Reg.fifoCtl, FifoCtl.merge | FifoCtl.selectTx | FifoCtl.spiWrite);
    m.w(Reg.pkt15, 1);
    m.fifoIn(1);
    await m.go(Go.tx);
    await m.clock.advance(50);
    expect(m.sent).toEqual([]);
    expect(m.model.errors.at(-1)).toMatch(/sync word is not the Hoymiles one/);
  });

  it('leaves RX after a packet when RX auto-exit is allowed (SYS10 bit 5 clear)', async () => {
    const m = setup();
    await m.configure();
    m.w(Reg.sys10, 0x00);
    await m.go(Go.rx);
    m.deliver({ frequencyHz: 865_000_000, payload: Uint8Array.of(1) });
    expect(m.r(Reg.modeSta) & 0x0f).toBe(State.stby);
    m.deliver({ frequencyHz: 865_000_000, payload: Uint8Array.of(2) });
    expect(m.model.stats.notListening).toBe(1);
  });

  it('holds 64 bytes merged and 32 per direction otherwise', async () => {
    const m = setup();
    await m.configure();
    m.w(Reg.fifoCtl, 0);
    await m.go(Go.rx);
    m.deliver({ frequencyHz: 865_000_000, payload: new Uint8Array(40) });
    expect(m.model.errors.at(-1)).toMatch(/does not fit the FIFO/);
    await m.go(Go.stby);
    m.w(Reg.fifoCtl, FifoCtl.merge);
    await m.go(Go.rx);
    m.deliver({ frequencyHz: 865_000_000, payload: new Uint8Array(40) });
    expect(m.r(Reg.fifoFlag) & FifoFlag.rxNotEmpty).toBeTruthy();
    expect(m.model.stats.received).toBe(1);
  });

  it('counts a packet with a bad CRC and keeps it out of the FIFO', async () => {
    const m = setup();
    await m.configure();
    m.model.faults.crcError = () => true;
    await m.go(Go.rx);
    m.deliver({ frequencyHz: 865_000_000, payload: Uint8Array.of(1) });
    expect(m.model.stats.crcErrors).toBe(1);
    expect(m.r(Reg.intFlag) & 0x21).toBe(0x20);
    expect(m.r(Reg.fifoFlag)).toBe(0);
  });
});
