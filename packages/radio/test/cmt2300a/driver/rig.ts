/** A CMT2300A driver wired to the chip model, the far side and a scripted inverter, on a manual clock. */

import { ManualClock } from '@dtu-console/clock';
import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { Cmt2300aRadio, type Cmt2300aRadioOptions } from '../../../src/cmt2300a/driver/cmt2300a-radio';
import { fifoOnChipSelect, fifoOnGpio } from '../../../src/cmt2300a/driver/fifo-port';
import { CmtFarSide, type CmtFarSideOptions } from '../../../src/cmt2300a/model/cmt2300a-far-side';
import { Cmt2300aModel } from '../../../src/cmt2300a/model/cmt2300a-model';
import { cmt2300aPorts } from '../../../src/cmt2300a/model/cmt2300a-ports';
import type { RadioSettings } from '../../../src/radio';
import { ScriptedInverter, type ScriptedInverterOptions } from './scripted-inverter';
import { Trace } from './trace';

export const START = Date.UTC(2026, 5, 1, 10, 0, 0);
export const INVERTER = '114184020874';
export const DTU = '199980112345';

export const SETTINGS: RadioSettings = {
  dtuSerial: DTU,
  nrfEnabled: false,
  nrfPaLevel: 0,
  cmtEnabled: true,
  cmtPaLevel: 0,
  cmtFrequencyHz: 865_000_000,
  cmtCountry: 0,
};

export interface RigOptions {
  fifo?: 'chip-select' | 'gpio';
  /** Wire GPIO2/GPIO3 to the driver (default true). */
  irqLines?: boolean;
  present?: boolean;
  settings?: Partial<RadioSettings>;
  inverter?: Partial<ScriptedInverterOptions>;
  farSide?: Omit<CmtFarSideOptions, 'clock' | 'responder'>;
  driver?: Partial<Pick<Cmt2300aRadioOptions, 'pollMs' | 'txTimeoutMs'>>;
}

export function rig(options: RigOptions = {}) {
  const clock = new ManualClock(START);
  const inverter = new ScriptedInverter({ serial: INVERTER, listenHz: 865_000_000, ...options.inverter });
  const air = new CmtFarSide({ clock, responder: inverter.responder, ...options.farSide });
  const model = new Cmt2300aModel({ clock, air, present: options.present ?? true });
  const ports = cmt2300aPorts(model, clock);
  const trace = new Trace();
  const fifo =
    options.fifo === 'gpio'
      ? fifoOnGpio(trace.fifoBus(ports.sdio), trace.output(ports.fcsbLine, 'FCSB'))
      : fifoOnChipSelect(trace.fifoBus(ports.fcsb));
  const wired = options.irqLines ?? true;
  const radio = new Cmt2300aRadio({
    bus: trace.registerBus(ports.csb),
    fifo,
    clock,
    ...(wired ? { gpio2: trace.input(ports.gpio2, 'GPIO2'), gpio3: trace.input(ports.gpio3, 'GPIO3') } : {}),
    ...options.driver,
  });
  radio.configure({ ...SETTINGS, ...options.settings });

  /** Runs the clock in 1 ms steps until `promise` settles. */
  async function settle<T>(promise: Promise<T>, maxMs = 10_000): Promise<T> {
    let done = false;
    const watched = promise.finally(() => {
      done = true;
    });
    for (let t = 0; t < maxMs && !done; t++) await clock.advance(1);
    if (!done) throw new Error(`did not settle within ${maxMs} ms`);
    return watched;
  }

  const dataRequest = () =>
    buildDataRequest({ inverter: INVERTER, dtu: DTU, dataType: DataType.RunData, time: START / 1000 });

  return { clock, inverter, air, model, ports, trace, radio, settle, dataRequest };
}

/**
 * A monotonic nanosecond clock for tests that drive the model's ports by hand, without the driver's waits:
 * each read moves it 10 µs, as on a host where every bus call takes that long, so CSB's and FCSB's
 * minimum times are always kept and those tests see only the rules they are about.
 */
export function leisurelyNanos(): () => bigint {
  let ns = 0n;
  return () => {
    ns += 10_000n;
    return ns;
  };
}
