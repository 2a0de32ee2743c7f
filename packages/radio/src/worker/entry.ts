/**
 * The radio thread (see `worker-radio.ts`): builds the same radio the main thread would build in-thread
 * (`createPlantRadio`: the drivers on the host's devices, or on the chip models with the virtual air and
 * plant behind them), on its own clock, and answers the main thread's messages. Bundled as
 * dist/radio-worker.js.
 */
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { SystemClock } from '@dtu-console/clock';
import { DualRadio } from '../dual-radio';
import type { WiringRead } from '../hardware-radio';
import { LinuxRadioHost } from '../linux/host';
import { createPlantRadio } from '../plant-radio';
import { monotonicTimer } from '../radio-timer';
import {
  type FromRadioThread,
  type RadioReport,
  type RadioThreadInit,
  rssiTagsOf,
  type ToRadioThread,
} from './protocol';

/** How often the thread reports its state between answers (status, counts, loop delay). */
const REPORT_EVERY_MS = 1000;

function run(port: MessagePort, init: RadioThreadInit): void {
  // The host clock plus the gateway's offset, for timestamps and the virtual plant's sky. Every wait,
  // deadline and answer window of the drivers and models runs on the monotonic timer instead, on this
  // thread's own loop: an NTP step of the host clock or a manual time set never moves them.
  const clock = new SystemClock();
  const adopt = (offsetMs: number) => clock.setTime(Date.now() + offsetMs);
  adopt(init.offsetMs);
  let location = init.location;
  let wiring: WiringRead = { kind: 'none' };
  const { radio, setInverters } = createPlantRadio({
    mode: init.mode,
    clock,
    timer: monotonicTimer(),
    seed: init.seed,
    location: () => location,
    hardware: { wiring: () => Promise.resolve(wiring), host: () => LinuxRadioHost.load() },
  });
  const report = (): RadioReport => ({
    status: radio.status(),
    diagnostics: radio instanceof DualRadio ? radio.diagnostics() : {},
  });
  const post = (message: FromRadioThread) => port.postMessage(message);
  const reporting = setInterval(() => post({ type: 'report', report: report() }), REPORT_EVERY_MS);
  // Exchanges wait for the chips' set-up, as the engine's first ones do in-thread.
  let ready: Promise<void> = Promise.resolve();

  port.on('message', (message: ToRadioThread) => {
    switch (message.type) {
      case 'clock':
        adopt(message.offsetMs);
        return;
      case 'configure':
        location = message.location;
        radio.configure(message.settings);
        return;
      case 'inverters':
        location = message.location;
        setInverters(message.specs);
        return;
      case 'start':
        wiring = message.wiring;
        ready = Promise.resolve(radio.start()).then(() => post({ type: 'started', report: report() }));
        return;
      case 'transmit': {
        const { id, request } = message;
        void ready
          .then(() => radio.transmit(request))
          .then((frames) => post({ type: 'answer', id, frames, rssi: rssiTagsOf(frames), report: report() }));
        return;
      }
      case 'stop':
        void ready
          .then(() => radio.stop())
          .then(() => {
            clearInterval(reporting);
            post({ type: 'stopped' });
            // Nothing is left to keep the thread: it ends by itself.
            port.close();
          });
        return;
      case 'fail':
        setImmediate(() => {
          throw new Error(message.message);
        });
        return;
    }
  });
}

if (parentPort === null)
  throw new Error('the radio thread runs only as a worker thread (radio/worker/worker-radio.ts)');
run(parentPort, workerData as RadioThreadInit);
