/**
 * What the tests of the battery's and the charge controllers' serial sources share: a sink that keeps
 * what a source gave it, and the probe of whether a serial device is free again.
 */
import { SerialPort } from 'serialport';
import type { BatteryProblem } from '../../src/battery/types';

/** A source as its service starts it: readings, problems, and each frame counted good or bad. */
interface StartsWithSink<R> {
  start(sink: {
    reading(reading: R): void;
    problem(problem: BatteryProblem): void;
    frame(ok: boolean): void;
  }): void;
}

/** Starts the source into a sink that keeps everything it is given. */
export function collect<R>(source: StartsWithSink<R>) {
  const got = { readings: [] as R[], problems: [] as BatteryProblem[], ok: 0, bad: 0 };
  source.start({
    reading: (reading) => got.readings.push(reading),
    problem: (problem) => got.problems.push(problem),
    frame: (ok) => {
      if (ok) got.ok++;
      else got.bad++;
    },
  });
  return got;
}

/** Whether the device can be opened and locked now, i.e. no one holds it open. */
export function openable(path: string, baudRate: number): Promise<boolean> {
  return new Promise((resolve) => {
    const port = new SerialPort({ path, baudRate, autoOpen: false, lock: true });
    port.open((error) => {
      if (error) return resolve(false);
      port.close(() => resolve(true));
    });
  });
}
