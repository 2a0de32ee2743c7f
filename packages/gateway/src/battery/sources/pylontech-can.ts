/**
 * A Pylontech-protocol BMS (Pylontech, Pytes and compatible) on a CAN interface. The BMS sends its frames
 * by itself, about once a second each; the gateway only listens. The latest frame of each id is kept, and
 * every measurement frame (0x356) gives a reading once the state of charge (0x355) has been seen, with the
 * current limits (0x351), alarms and warnings (0x359) and the BMS's requests (0x35C) known so far.
 *
 * Counting: a frame of a Pylontech id is good when decoded and bad when its decoder refuses the payload; a
 * 0x356 is bad too when its reading has a value out of range (the value is dropped). Frames of other ids
 * (an inverter's heartbeat, other devices on the bus) are none of ours and not counted.
 *
 * The BMS's requests become keys: "discharging not allowed" is the alarm `stop_discharge` (the gateway
 * discharges the battery through the inverters, so this must stop the limiter); "charging not allowed" is
 * the warning `stop_charge` (a full battery says it in normal operation; the gateway does not charge).
 */
import type { Clock } from '@dtu-console/clock';
import {
  decodeAlarms,
  decodeLimits,
  decodeMeasurements,
  decodeRequests,
  decodeSoc,
  PYLON_CAN_IDS,
  type PylonAlarmBits,
  type PylonAlarms,
  type PylonLimits,
  type PylonMeasurements,
  type PylonRequests,
  type PylonSoc,
} from '../pylontech-can/frames';
import {
  type CanFrame,
  type CanListener,
  type CanOpenResult,
  type CanReader,
  type OpenCan,
  openSocketCan,
} from '../pylontech-can/socketcan';
import { type BatteryReading, validateBattery } from '../reading';
import type { BatteryProblem, BatterySink, BatterySource } from '../types';

export interface PylontechCanOptions {
  /** The SocketCAN interface the BMS is on (`can0`). */
  interface: string;
  /** The battery's stale_after_s: this long without a frame from the BMS is reported as 'no-reading'. */
  staleAfterS: number;
  clock: Clock;
  /** The CAN layer: the host's SocketCAN unless a test gives its own. */
  openCan?: OpenCan;
}

/** After a failed open or a lost interface, the next try is this much later (ms): adapters come back. */
export const REOPEN_AFTER_MS = 10_000;

/** The stable key of each alarm or warning bit of 0x359. */
const ALARM_KEYS: Record<keyof PylonAlarmBits, string> = {
  overVoltage: 'overvoltage',
  underVoltage: 'undervoltage',
  overTemperature: 'overtemperature',
  underTemperature: 'undertemperature',
  dischargeOverCurrent: 'discharge_overcurrent',
  chargeOverCurrent: 'charge_overcurrent',
  systemError: 'system_error',
};

function keysOf(bits: PylonAlarmBits | undefined): string[] {
  if (!bits) return [];
  return (Object.keys(ALARM_KEYS) as (keyof PylonAlarmBits)[])
    .filter((bit) => bits[bit])
    .map((bit) => ALARM_KEYS[bit]);
}

/** The latest decoded frame of each id but the measurements, which make the reading. */
interface Latest {
  limits?: PylonLimits;
  soc?: PylonSoc;
  alarms?: PylonAlarms;
  requests?: PylonRequests;
}

/** The frame's id as the BMS documentation writes it (`0x356`). */
const hexId = (id: number) => `0x${id.toString(16).toUpperCase().padStart(3, '0')}`;

export class PylontechCanSource implements BatterySource {
  readonly #iface: string;
  readonly #staleAfterS: number;
  readonly #clock: Clock;
  readonly #openCan: OpenCan;
  #latest: Latest = {};
  #sink: BatterySink | undefined;
  #reader: CanReader | undefined;
  #opening: Promise<void> = Promise.resolve();
  #cancelSilence: (() => void) | undefined;
  #cancelReopen: (() => void) | undefined;
  /** Bumped by each start and stop: an open that resolves for an older run closes what it opened. */
  #run = 0;

  constructor(options: PylontechCanOptions) {
    this.#iface = options.interface;
    this.#staleAfterS = options.staleAfterS;
    this.#clock = options.clock;
    this.#openCan = options.openCan ?? openSocketCan;
  }

  start(sink: BatterySink): void {
    this.#run++;
    this.#sink = sink;
    this.#latest = {};
    this.#opening = this.#open(this.#run);
  }

  async stop(): Promise<void> {
    this.#run++;
    this.#cancelReopen?.();
    this.#cancelReopen = undefined;
    this.#cancelSilence?.();
    this.#cancelSilence = undefined;
    await this.#opening;
    this.#reader?.close();
    this.#reader = undefined;
    this.#sink = undefined;
  }

  async #open(run: number): Promise<void> {
    const listener: CanListener = {
      frame: (frame) => run === this.#run && this.#frame(frame),
      refused: () => run === this.#run && this.#sink?.frame(false),
      problem: (problem) => run === this.#run && this.#sink?.problem(problem),
      ended: (problem) => {
        if (run !== this.#run) return;
        this.#reader = undefined;
        this.#lost(problem, run);
      },
    };
    let result: CanOpenResult;
    try {
      result = await this.#openCan(this.#iface, listener);
    } catch (error) {
      // The CAN layer promises not to throw; should one still do so, it is said like any failed open.
      result = { problem: { code: 'no-socketcan', detail: `${this.#iface}: ${(error as Error).message}` } };
    }
    if ('problem' in result) {
      if (run === this.#run) this.#lost(result.problem, run);
      return;
    }
    if (run !== this.#run) {
      result.reader.close();
      return;
    }
    this.#reader = result.reader;
    this.#watchSilence();
  }

  /** No reader: says why, and tries again a while later (an adapter plugged in, a driver loaded). */
  #lost(problem: BatteryProblem, run: number): void {
    this.#cancelSilence?.();
    this.#cancelSilence = undefined;
    this.#sink?.problem(problem);
    this.#cancelReopen = this.#clock.setTimer(REOPEN_AFTER_MS, () => {
      this.#cancelReopen = undefined;
      if (run === this.#run) this.#opening = this.#open(run);
    });
  }

  /** (Re)starts the wait for the next frame from the BMS; when it runs out, says so. */
  #watchSilence(): void {
    this.#cancelSilence?.();
    this.#cancelSilence = this.#clock.setTimer(this.#staleAfterS * 1000, () => {
      this.#cancelSilence = undefined;
      this.#sink?.problem({
        code: 'no-reading',
        detail: `no frame from the BMS on ${this.#iface} for ${this.#staleAfterS} s`,
      });
    });
  }

  #frame(frame: CanFrame): void {
    // Pylontech frames are standard (11-bit) data frames; anything else on the bus is not ours.
    if (frame.extended || frame.remote) return;
    const latest = this.#latest;
    const data = frame.data;
    switch (frame.id) {
      case PYLON_CAN_IDS.limits:
        this.#keep(frame, decodeLimits(data), (v) => {
          latest.limits = v;
        });
        break;
      case PYLON_CAN_IDS.soc:
        this.#keep(frame, decodeSoc(data), (v) => {
          latest.soc = v;
        });
        break;
      case PYLON_CAN_IDS.alarms:
        this.#keep(frame, decodeAlarms(data), (v) => {
          latest.alarms = v;
        });
        break;
      case PYLON_CAN_IDS.requests:
        this.#keep(frame, decodeRequests(data), (v) => {
          latest.requests = v;
        });
        break;
      case PYLON_CAN_IDS.measurements: {
        const measurements = decodeMeasurements(data);
        if (measurements === undefined) this.#refuse(frame);
        else {
          this.#watchSilence();
          this.#deliver(measurements);
        }
        break;
      }
      default:
        break;
    }
  }

  /** A decoded frame is kept and counted good; one its decoder refused is counted bad. */
  #keep<T>(frame: CanFrame, decoded: T | undefined, store: (value: T) => void): void {
    if (decoded === undefined) {
      this.#refuse(frame);
      return;
    }
    this.#watchSilence();
    store(decoded);
    this.#sink?.frame(true);
  }

  #refuse(frame: CanFrame): void {
    this.#sink?.frame(false);
    this.#sink?.problem({
      code: 'bad-frames',
      detail: `${hexId(frame.id)} from the BMS on ${this.#iface}: a payload of ${frame.data.length} bytes was refused`,
    });
  }

  /** A reading from this measurement frame and the latest of the others, once the SoC is known. */
  #deliver(m: PylonMeasurements): void {
    const sink = this.#sink;
    const { limits, soc, alarms, requests } = this.#latest;
    if (!sink) return;
    if (!soc) {
      sink.frame(true);
      return;
    }
    const reading: BatteryReading = {
      socPercent: soc.socPercent,
      voltageV: m.voltageV,
      currentA: m.currentA,
      powerW: Math.round(m.voltageV * m.currentA * 10) / 10,
      temperatureC: m.temperatureC,
      ...(limits
        ? {
            chargeCurrentLimitA: limits.chargeCurrentLimitA,
            dischargeCurrentLimitA: limits.dischargeCurrentLimitA,
          }
        : {}),
      alarms: [
        ...keysOf(alarms?.alarms),
        ...(requests && !requests.dischargeEnabled ? ['stop_discharge'] : []),
      ],
      warnings: [
        ...keysOf(alarms?.warnings),
        ...(requests && !requests.chargeEnabled ? ['stop_charge'] : []),
      ],
    };
    const { reading: kept, refused } = validateBattery(reading);
    sink.frame(refused.length === 0);
    sink.reading({ ...kept, atMs: this.#clock.now() });
    // After the reading, which clears the source's problem: this one stays until a clean reading.
    if (refused.length > 0)
      sink.problem({ code: 'bad-frames', detail: `Refused out-of-range values: ${refused.join(', ')}` });
  }
}
