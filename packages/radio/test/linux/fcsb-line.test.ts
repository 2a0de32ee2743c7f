/**
 * FCSB of the CMT2300A on a GPIO line, through the real Linux layer: the register spidev used without its
 * chip select (SPI_NO_CS) for the FIFO, the FCSB line pulled low around each single byte. A fake host hands
 * every ioctl to the chip model, so the model's bus rules judge the exact sequence; the sequence itself is
 * a golden trace (regenerate with UPDATE_TRACES=1 after checking a change is meant).
 */
import { fileURLToPath } from 'node:url';
import { ManualClock } from '@dtu-console/clock';
import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { CmtChip } from '../../src/cmt2300a/driver/chip';
import { Cmt2300aRadio } from '../../src/cmt2300a/driver/cmt2300a-radio';
import { fcsbTiming, fifoOnGpio } from '../../src/cmt2300a/driver/fifo-port';
import { Reg } from '../../src/cmt2300a/driver/registers';
import { errno } from '../../src/linux/fake-syscalls';
import { LinuxRadioHost } from '../../src/linux/host';
import { SPI_IOC_WR_MODE32, SpiMode } from '../../src/linux/spidev-abi';
import type { CmtHostWiring } from '../../src/linux/wiring';
import { DTU, INVERTER, SETTINGS, START } from '../cmt2300a/driver/rig';
import { ScriptedInverter } from '../cmt2300a/driver/scripted-inverter';
import { expectedTrace } from '../cmt2300a/driver/trace';
import { CMT_SPIDEV, cmtModelHost, FCSB_LINE, GPIOCHIP } from './cmt-model-host';

const file = (name: string) => fileURLToPath(new URL(`./traces/${name}`, import.meta.url));

const WIRING: CmtHostWiring = {
  spidev: CMT_SPIDEV,
  threeWire: true,
  fcsb: { line: FCSB_LINE },
  gpiochip: GPIOCHIP,
  speedHz: 1_000_000,
};
const TIMING = fcsbTiming(WIRING.speedHz);

function setup() {
  const clock = new ManualClock(START);
  const inverter = new ScriptedInverter({ serial: INVERTER, listenHz: 865_000_000, payloadBytes: 14 });
  const rig = cmtModelHost(clock, inverter.responder);
  const io = new LinuxRadioHost(rig.host).openCmt(WIRING);
  if (io.fcsb.kind !== 'gpio') throw new Error('FCSB should be a line');
  const fifo = fifoOnGpio(io.fcsb.bus, io.fcsb.line, TIMING, rig.nanos);
  return { ...rig, clock, io, fifo };
}

/** Runs the clock in 1 ms steps until `promise` settles. */
async function settle<T>(clock: ManualClock, promise: Promise<T>): Promise<T> {
  let done = false;
  const watched = promise.finally(() => {
    done = true;
  });
  for (let t = 0; t < 5_000 && !done; t++) await clock.advance(1);
  return watched;
}

/** Drops the time stamps (checked on their own below). */
const bare = (lines: string[]) => lines.map((line) => line.replace(/^@\d+ /, ''));
const stamp = (line: string) => BigInt(/^@(\d+)/.exec(line)![1]!);

describe('FCSB on a GPIO line through the Linux layer', () => {
  it('opens the register device once, checks SPI_NO_CS is taken, and requests FCSB high', () => {
    const { trace, io, host } = setup();
    const open = bare(trace.splice(0));
    expect(open).toEqual(expectedTrace(file('fcsb-line-open.trace'), open));
    // The FIFO shares the register device's file: one handle, closed with the last of its two uses.
    expect([...host.openFds.values()].sort()).toEqual([`${GPIOCHIP} line ${FCSB_LINE}`, CMT_SPIDEV]);
    if (io.fcsb.kind !== 'gpio') throw new Error('FCSB should be a line');
    io.spi.close();
    expect([...host.openFds.values()]).toContain(CMT_SPIDEV);
    io.close();
    expect(host.openFds.size).toBe(0);
  });

  it('init, send and receive: the exact ioctl and line sequence, no rule of the model broken', async () => {
    const { trace, model, clock, io, fifo, nanos } = setup();
    const radio = new Cmt2300aRadio({ bus: io.spi, fifo, clock, nanos });
    radio.configure(SETTINGS);
    await settle(clock, Promise.resolve(radio.start()));
    expect(radio.status().cmt.connected).toBe(true);
    trace.splice(0);
    const frame = buildDataRequest({
      inverter: INVERTER,
      dtu: DTU,
      dataType: DataType.RunData,
      time: START / 1000,
    });
    const heard = await settle(clock, radio.transmit({ radio: 'CMT', frame, windowMs: 100 }));
    expect(heard.length).toBeGreaterThan(0);
    const exchange = bare(trace);
    expect(exchange).toEqual(expectedTrace(file('fcsb-line-exchange.trace'), exchange));
    expect(model.errors).toEqual([]);
    // The mode flips only while FCSB is high, never inside a FIFO pulse.
    let fcsbLow = false;
    for (const line of exchange) {
      if (line.startsWith(`gpio line ${FCSB_LINE} = `)) fcsbLow = line.endsWith('0');
      if (line.startsWith('spi mode')) expect(fcsbLow).toBe(false);
    }
    // Every FIFO byte: FCSB low, one byte without chip select, FCSB high.
    const fifoParts = exchange.filter((line) => line.startsWith('spi no-cs'));
    expect(fifoParts.length).toBeGreaterThan(20);
    for (const part of fifoParts) expect(part).toMatch(/^spi no-cs [<>] [0-9a-f]{2}$/);
  });

  it('keeps the setup, hold and high times between the ioctls of each FIFO byte', async () => {
    const { trace, fifo } = setup();
    trace.splice(0);
    const chip = new CmtChip(setup().io.spi, fifo, new ManualClock(START));
    chip.writeFifo(Uint8Array.of(1, 2, 3));
    const low = `gpio line ${FCSB_LINE} = 0`;
    const high = `gpio line ${FCSB_LINE} = 1`;
    const steps = trace.filter((line) => / = [01]$| no-cs /.test(line));
    expect(bare(steps)).toEqual([
      low,
      'spi no-cs > 01',
      high,
      low,
      'spi no-cs > 02',
      high,
      low,
      'spi no-cs > 03',
      high,
    ]);
    for (let i = 0; i + 2 < steps.length; i += 3) {
      expect(stamp(steps[i + 1]!) - stamp(steps[i]!)).toBeGreaterThanOrEqual(BigInt(TIMING.setupNs));
      expect(stamp(steps[i + 2]!) - stamp(steps[i + 1]!)).toBeGreaterThanOrEqual(BigInt(TIMING.holdNs));
      if (i + 3 < steps.length) {
        expect(stamp(steps[i + 3]!) - stamp(steps[i + 2]!)).toBeGreaterThanOrEqual(BigInt(TIMING.highNs));
      }
    }
  });

  it('the model catches a FIFO byte clocked without FCSB low, and a register access during a FIFO pulse', () => {
    const { io, model } = setup();
    if (io.fcsb.kind !== 'gpio') throw new Error('FCSB should be a line');
    io.fcsb.bus.transfer([{ tx: Uint8Array.of(0x55) }]);
    expect(model.errors.at(-1)).toMatch(/SPI clocks on SDIO with neither CSB nor FCSB selected/);
    io.fcsb.line.set(false);
    io.spi.transfer([{ tx: Uint8Array.of(0x80 | Reg.modeSta) }, { rxLength: 1 }]);
    expect(model.errors.at(-1)).toMatch(/CSB selected while FCSB is low/);
  });

  it('a controller that refuses SPI_NO_CS is a plain problem at open, and nothing stays open', () => {
    const clock = new ManualClock(START);
    const { host } = cmtModelHost(clock, () => null);
    const device = host.devices.get(CMT_SPIDEV)!;
    const answer = device.ioctl!;
    device.ioctl = (request, arg, self) => {
      if (request === SPI_IOC_WR_MODE32 && arg.readUInt32LE(0) & SpiMode.NO_CS) errno('EINVAL')();
      return answer(request, arg, self);
    };
    expect(() => new LinuxRadioHost(host).openCmt(WIRING)).toThrow(
      `${CMT_SPIDEV} refused to clock without its chip select (SPI_NO_CS, needed for FCSB on a GPIO line): the SPI controller does not support this setting`,
    );
    expect(host.openFds.size).toBe(0);
  });
});
