/**
 * FCSB of the CMT2300A on a second chip select, through the real Linux layer: every FIFO byte is one
 * SPI_IOC_MESSAGE(1) on the FCSB spidev whose `delay_usecs` keeps FCSB low for the hold time after the last
 * clock. A fake host decodes each ioctl and hands it to the chip model, which judges the hold and high
 * times; the ioctl sequence is a golden trace (regenerate with UPDATE_TRACES=1 after checking it is meant).
 */
import { fileURLToPath } from 'node:url';
import { ManualClock } from '@dtu-console/clock';
import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { Cmt2300aRadio } from '../../src/cmt2300a/driver/cmt2300a-radio';
import { fcsbTiming, fifoOnChipSelect } from '../../src/cmt2300a/driver/fifo-port';
import { LinuxRadioHost } from '../../src/linux/host';
import { SpiTransferLayout as L, spiIocMessage } from '../../src/linux/spidev-abi';
import type { CmtHostWiring } from '../../src/linux/wiring';
import { DTU, INVERTER, SETTINGS, START } from '../cmt2300a/driver/rig';
import { ScriptedInverter } from '../cmt2300a/driver/scripted-inverter';
import { expectedTrace } from '../cmt2300a/driver/trace';
import { CMT_SPIDEV, cmtModelHost, FCSB_SPIDEV } from './cmt-model-host';

const file = (name: string) => fileURLToPath(new URL(`./traces/${name}`, import.meta.url));

const WIRING: CmtHostWiring = {
  spidev: CMT_SPIDEV,
  threeWire: true,
  fcsb: { spidev: FCSB_SPIDEV },
  speedHz: 1_000_000,
};

function setup(timing = fcsbTiming(WIRING.speedHz)) {
  const clock = new ManualClock(START);
  const inverter = new ScriptedInverter({ serial: INVERTER, listenHz: 865_000_000, payloadBytes: 14 });
  const rig = cmtModelHost(clock, inverter.responder);
  const io = new LinuxRadioHost(rig.host).openCmt(WIRING);
  if (io.fcsb.kind !== 'spi') throw new Error('FCSB should be a chip select');
  const fifo = fifoOnChipSelect(io.fcsb.bus, timing, rig.nanos);
  const radio = new Cmt2300aRadio({ bus: io.spi, fifo, clock, nanos: rig.nanos });
  radio.configure(SETTINGS);
  return { ...rig, clock, io, radio };
}

async function settle<T>(clock: ManualClock, promise: Promise<T>): Promise<T> {
  let done = false;
  const watched = promise.finally(() => {
    done = true;
  });
  for (let t = 0; t < 5_000 && !done; t++) await clock.advance(1);
  return watched;
}

const bare = (lines: string[]) => lines.map((line) => line.replace(/^@\d+ /, ''));
const frame = () =>
  buildDataRequest({ inverter: INVERTER, dtu: DTU, dataType: DataType.RunData, time: START / 1000 });

describe('FCSB on a second chip select through the Linux layer', () => {
  it('each FIFO byte is one message with delay_usecs 3 in its spi_ioc_transfer', async () => {
    const { host, clock, radio } = setup();
    await settle(clock, Promise.resolve(radio.start()));
    host.calls.splice(0);
    await settle(clock, radio.transmit({ radio: 'CMT', frame: frame(), windowMs: 100 }));
    const fifoCalls = host.calls.filter((call) => call.path === FCSB_SPIDEV);
    expect(fifoCalls.length).toBeGreaterThan(27);
    for (const call of fifoCalls) {
      expect(call.request).toBe(spiIocMessage(1));
      expect(call.arg.length).toBe(L.size);
      expect(call.arg.readUInt32LE(L.len)).toBe(1);
      expect(call.arg.readUInt16LE(L.delayUsecs)).toBe(3);
    }
  });

  it('register messages carry cs_change 0; a port that sets it on the last part breaks CSB setup in the model', async () => {
    const { host, clock, radio, model } = setup();
    await settle(clock, Promise.resolve(radio.start()));
    const registerCalls = host.calls.filter((call) => call.path === CMT_SPIDEV && call.arg.length >= L.size);
    expect(registerCalls.length).toBeGreaterThan(50);
    for (const call of registerCalls) {
      for (let at = 0; at < call.arg.length; at += L.size)
        expect(call.arg.readUInt8(at + L.csChange)).toBe(0);
    }
    expect(model.errors).toEqual([]);

    // The same register device, each message's last part with cs_change: the kernel leaves CSB selected.
    const held = setup();
    const bus = held.io.spi;
    const holding = new Cmt2300aRadio({
      bus: {
        path: bus.path,
        close: () => bus.close(),
        transfer: (segments) =>
          bus.transfer(segments.map((s, i) => (i === segments.length - 1 ? { ...s, csChange: true } : s))),
      },
      fifo: fifoOnChipSelect(held.io.fcsb.kind === 'spi' ? held.io.fcsb.bus : bus, undefined, held.nanos),
      clock: held.clock,
      nanos: held.nanos,
    });
    holding.configure(SETTINGS);
    await settle(held.clock, Promise.resolve(holding.start()));
    expect(held.model.errors.join('\n')).toMatch(
      /CSB did not fall before the first clock of a register access/,
    );
  });

  it('init, send and receive: the exact ioctl sequence, no rule of the model broken', async () => {
    const { trace, model, clock, radio } = setup();
    await settle(clock, Promise.resolve(radio.start()));
    expect(radio.status().cmt.connected).toBe(true);
    trace.splice(0);
    const heard = await settle(clock, radio.transmit({ radio: 'CMT', frame: frame(), windowMs: 100 }));
    expect(heard.length).toBeGreaterThan(0);
    const exchange = bare(trace);
    expect(exchange).toEqual(expectedTrace(file('fcsb-chip-select-exchange.trace'), exchange));
    expect(model.errors).toEqual([]);
  });

  it('a FIFO port that asks for no hold time breaks the model rule', async () => {
    const { model, clock, radio } = setup({ setupNs: 0, holdNs: 0, highNs: 5_000 });
    await settle(clock, Promise.resolve(radio.start()));
    await settle(clock, radio.transmit({ radio: 'CMT', frame: frame(), windowMs: 100 }));
    expect(model.errors.join('\n')).toMatch(/FCSB released 0 µs after the last clock of a FIFO byte/);
  });
});
