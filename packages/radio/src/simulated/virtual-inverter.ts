/**
 * One virtual Hoymiles inverter: it decodes the request frames addressed to it with packages/hoymiles and
 * answers with correctly encoded fragments. Its state advances lazily to the time of each question (no
 * timers), integrating its yields on a fixed time grid. Its parts: `energy.ts` (what it produces),
 * `tuning.ts` (where an HMS/HMT listens), `answers.ts` (how it answers), `power-limit.ts`, `events.ts` and
 * `firmware.ts` (what each family reports).
 */
import {
  addressOfSerial,
  answerSecondAddress,
  type DeviceControlCommand,
  type DeviceInfoAll,
  encodeChannelChangeAnswer,
  FAMILIES,
  type FamilyId,
  type FamilyInfo,
  hwPartNumberForModel,
  lookupModel,
  parseRequest,
  type RadioKind,
  type RunDataState,
  supportsPowerDistributionLogic,
} from '@dtu-console/hoymiles';
import { type AnswerSource, controlAck, dataAnswer } from './answers';
import { type DcFeed, InverterEnergy, type Sample } from './energy';
import { InverterEventLog, SimulatedEvent } from './events';
import { DEFAULT_MODEL, FIRMWARE } from './firmware';
import { type MiAnswerSource, miAnswer, miControlAnswer, miLimitCommand, readMiFrame } from './mi-answers';
import { type Location, SIMULATION_STEP_MS, type Sky } from './physics';
import { PowerLimit } from './power-limit';
import type { Random } from './random';
import { FrequencyTuning } from './tuning';
import type { VirtualInverterSnapshot } from './virtual-inverter-snapshot';

export type { VirtualInverterSnapshot } from './virtual-inverter-snapshot';

/** How far back a new inverter starts living, so it appears with today's yield and events. */
const HISTORY_MS = 24 * 3_600_000;

/** Where a frame was sent: the inverter hears only its own radio, and on CMT only its frequency. */
export interface AirChannel {
  radio: RadioKind;
  /** CMT only. */
  frequencyHz?: number;
}

export interface VirtualInverterEnvironment {
  location(): Location;
  /** CMT country id (0 EU, 1 NA, 2 BR): start-up frequency, channel-change prefix, grid values. */
  country(): number;
  /** Probability that a run-data answer in marginal light is truncated (valid CRC, too short). */
  lowLightTruncation(): number;
  channelChangeDelayMs(): number;
}

export interface VirtualInverterOptions {
  serial: string;
  family: FamilyId;
  /** Peak power per DC input, W; 0 or missing = a default for the model. */
  maxPowerW?: readonly number[];
  /** This inverter's own stream (its fixed traits and its chance events). */
  random: Random;
  sky: Sky;
  environment: VirtualInverterEnvironment;
  /** Creation time (ms); the inverter has been living for a day before it. */
  now: number;
}

export class VirtualInverter {
  readonly serial: string;
  readonly family: FamilyId;
  readonly info: FamilyInfo;
  readonly address: number;
  readonly model: string;
  readonly ratedPowerW: number;
  readonly hwPartNumber: number;
  readonly firmware: DeviceInfoAll;
  readonly #env: VirtualInverterEnvironment;
  readonly #energy: InverterEnergy;
  readonly #limit: PowerLimit;
  readonly #events = new InverterEventLog();
  readonly #tuning: FrequencyTuning;
  readonly #answers: AnswerSource;

  #lastT: number;
  #current: Sample;
  #awake = false;
  #on = true;
  #duskLogged = false;
  /** The fragments of the last data answer, for re-requests. */
  #lastAnswer: Uint8Array[] = [];
  #lastContact: number | null = null;
  /** A fault: the inverter hears nothing (switched off at its breaker, out of range). */
  #silent = false;

  constructor(options: VirtualInverterOptions) {
    const address = addressOfSerial(options.serial);
    if (!address.ok) throw new RangeError(address.error.message);
    this.serial = options.serial;
    this.family = options.family;
    this.info = FAMILIES[options.family];
    this.address = address.value;
    this.model = DEFAULT_MODEL[options.family];
    this.hwPartNumber = hwPartNumberForModel(this.model) ?? 0;
    this.ratedPowerW = lookupModel(this.hwPartNumber).maxPowerW || 400;
    this.firmware = FIRMWARE[this.info.series];
    this.#env = options.environment;
    this.#energy = new InverterEnergy({
      family: this.family,
      info: this.info,
      electrics: {
        ratedPowerW: this.ratedPowerW,
        voltageGroups: this.info.voltageGroups,
        pdl: supportsPowerDistributionLogic(this.family, this.firmware.fwBuildVersion),
      },
      random: options.random,
      sky: options.sky,
      location: () => this.#env.location(),
      maxPowerW: options.maxPowerW,
    });
    this.#limit = new PowerLimit(this.ratedPowerW, this.info.radio);
    this.#tuning = new FrequencyTuning(this.#env);
    this.#answers = {
      family: this.family,
      firmware: this.firmware,
      hwPartNumber: this.hwPartNumber,
      runData: () => this.#energy.reading(this.#current, this.#env.country(), this.#events.count),
      marginalLight: () => this.#current.availableW < this.#energy.wakeW() * 3,
      lowLightTruncation: () => this.#env.lowLightTruncation(),
      random: options.random,
      limitPercent: () => this.#limit.activePercent(),
      events: () => this.#events.entries,
    };

    this.#lastT = options.now - HISTORY_MS;
    this.#current = this.#sample(this.#lastT);
    this.advanceTo(options.now);
  }

  /** Peak power per input: the configured max power, else the rated power over the inputs plus 10 %. */
  setMaxPower(maxPowerW: readonly number[] | undefined): void {
    this.#energy.setMaxPower(maxPowerW);
  }

  /** Feeds its inputs from a battery bus from `now` on; undefined gives them back to its modules. */
  setFeed(feed: DcFeed | undefined, now: number): void {
    this.advanceTo(now);
    this.#energy.setFeed(feed);
    this.#current = this.#sample(now);
  }

  /** Faults for tests: silent on the air, one input shaded, an event raised or ended in its log. */
  setSilent(silent: boolean): void {
    this.#silent = silent;
  }

  setShading(channel: number, factor: number, now: number): void {
    this.advanceTo(now);
    this.#energy.setShading(channel, factor);
  }

  raiseEvent(messageId: number, now: number): void {
    this.advanceTo(now);
    this.#events.add(messageId, now, null);
  }

  endEvent(messageId: number, now: number): void {
    this.advanceTo(now);
    this.#events.end(messageId, now);
  }

  get radio(): RadioKind {
    return this.info.radio;
  }

  /**
   * A frame on the air. Returns the answer fragments (possibly none, e.g. for a channel change), or null
   * when the inverter did not take the frame: asleep, another radio or frequency, not addressed to it,
   * or damaged.
   */
  receive(frame: Uint8Array, now: number, channel: AirChannel): Uint8Array[] | null {
    this.advanceTo(now);
    if (this.#silent || !this.#awake || channel.radio !== this.info.radio) return null;
    if (this.info.radio === 'CMT') {
      this.#tuning.update(now, this.#lastContact);
      if (channel.frequencyHz !== this.#tuning.listenHz) return null;
    }
    if (this.info.series === 'MI') return this.#receiveMi(frame, now);
    const parsed = parseRequest(frame, { inverter: this.address });
    if (!parsed.ok) return null;
    const request = parsed.value;
    this.#lastContact = now;
    // Bytes 5..8 of the answers as the family is captured writing them: an HM names itself twice.
    const second = answerSecondAddress(this.info.series) === 'dtu' ? request.dtuAddress : this.address;
    const address = { inverter: this.address, dtu: second };
    switch (request.kind) {
      case 'data': {
        // The inverter sets its clock from every data request.
        this.#events.setClock(request.time, now);
        const answer = dataAnswer(request.dataType, address, this.#answers);
        if (answer === undefined) return [];
        this.#lastAnswer = answer;
        return answer;
      }
      case 'rerequest': {
        const fragment = this.#lastAnswer[request.fragment - 1];
        return fragment ? [fragment] : [];
      }
      case 'device-control':
        return this.#control(request.command, address, now);
      case 'channel-change': {
        if (this.info.radio !== 'CMT') return [];
        this.#tuning.channelChange(request.countries, request.channel, now);
        // Answered as captured: D6, the DTU's address in bytes 5..8, the request's prefix.
        return [encodeChannelChangeAnswer({ ...address, country: request.countries[0]! })];
      }
    }
  }

  /** An MI's side of the air: its own request chain and control codes (mi-answers.ts). */
  #receiveMi(frame: Uint8Array, now: number): Uint8Array[] | null {
    const action = readMiFrame(frame, this.address);
    if (action.kind === 'none') return null;
    this.#lastContact = now;
    if (action.kind === 'request') return miAnswer(action.command, this.#miSource);
    const { control } = action;
    let changedTo: boolean | undefined;
    if (control.kind === 'limit') {
      if (this.#limit.set(miLimitCommand(control), now)) {
        this.#events.end(SimulatedEvent.LimitedByRemote, now);
        if (this.#limit.activePercent() < 100) this.#events.add(SimulatedEvent.LimitedByRemote, now, null);
      }
    } else if ((control.kind === 'on') !== this.#on) {
      this.#on = control.kind === 'on';
      changedTo = this.#on;
      if (this.#on) this.#events.end(SimulatedEvent.SwitchedOffByRemote, now);
      else this.#events.add(SimulatedEvent.SwitchedOffByRemote, now, null);
    }
    this.#current = this.#sample(now);
    return miControlAnswer(control, this.address, changedTo);
  }

  get #miSource(): MiAnswerSource {
    const fw = this.firmware;
    return {
      address: this.address,
      reading: () => this.#energy.reading(this.#current, this.#env.country(), this.#events.count),
      on: () => this.#on,
      hwPartNumber: this.hwPartNumber,
      firmware: {
        version: fw.fwBuildVersion,
        year: fw.buildYear,
        monthDay: fw.buildMonth * 100 + fw.buildDay,
        hourMinute: fw.buildHour * 100 + fw.buildMinute,
        bootloader: fw.bootloaderVersion,
      },
    };
  }

  /**
   * Already running with this DTU when the gateway starts (a gateway restart in daylight): an awake HMS/HMT
   * listens on the DTU's frequency as if it had just been told so. Inverters that power up later (in the
   * morning, or added while the gateway runs) start on their start-up frequency and need a channel change.
   */
  /** Another DTU moved it to `frequencyHz` and keeps it there (InverterFault.movedByAnotherDtuHz). */
  holdFrequency(frequencyHz: number, now: number): void {
    this.advanceTo(now);
    if (this.info.radio === 'CMT') this.#tuning.hold(frequencyHz);
  }

  assumeTunedTo(frequencyHz: number, now: number): void {
    this.advanceTo(now);
    if (this.info.radio !== 'CMT' || !this.#awake) return;
    this.#tuning.assume(frequencyHz);
    this.#lastContact = now;
  }

  // --- time ---------------------------------------------------------------------------------------

  /** Lives until `now`: integrates the yields and wakes, boots and sleeps with the light. */
  advanceTo(now: number): void {
    if (now < this.#lastT) {
      // The gateway clock was set back: nothing to integrate, carry on from the new time.
      this.#lastT = now;
      this.#current = this.#sample(now);
      return;
    }
    if (now === this.#lastT) return;
    const energy = this.#energy;
    const gap = now - this.#lastT;
    // Long jumps (a clock set forward by weeks) get coarser steps so that a question stays cheap.
    const step = Math.max(
      SIMULATION_STEP_MS,
      Math.ceil(gap / 5000 / SIMULATION_STEP_MS) * SIMULATION_STEP_MS,
    );
    let prev = this.#current;
    let t = this.#lastT;
    while (t < now) {
      const next = Math.min(now, (Math.floor(t / step) + 1) * step);
      let cur = this.#sample(next);
      if (this.#awake) {
        energy.add(prev, cur, (next - t) / 3_600_000);
        if (cur.availableW < energy.sleepW()) this.#sleep();
        else if (!this.#duskLogged && cur.availableW < energy.duskW() && energy.isAfternoon(next)) {
          this.#duskLogged = true;
          this.#events.add(SimulatedEvent.InputTooLow, next, null);
        }
      } else if (cur.availableW >= energy.wakeW()) {
        this.#boot(next);
        cur = this.#sample(next);
      }
      prev = cur;
      t = next;
    }
    this.#lastT = now;
    this.#current = prev;
  }

  #sample(timeMs: number): Sample {
    return this.#energy.sample(timeMs, { on: this.#on, limitW: this.#limit.effectiveW(timeMs) });
  }

  /** Power-up in the morning, or a restart: RAM state starts over, the persistent limit stays. */
  #boot(at: number): void {
    this.#awake = true;
    this.#on = true;
    this.#limit.restart();
    this.#energy.restart();
    this.#events.restart();
    this.#duskLogged = false;
    this.#lastAnswer = [];
    this.#events.add(SimulatedEvent.Started, at, null, 0x8000);
    this.#tuning.restart();
    this.#lastContact = null;
  }

  #sleep(): void {
    this.#awake = false;
    this.#lastAnswer = [];
  }

  /**
   * A command that reached the inverter another way than over this radio (a Wi-Fi DTU relays it, or the
   * inverter's own Wi-Fi stick): the same effect as the radio's device control, without an answer frame.
   * False while it sleeps or is silent (nothing hears the command).
   */
  command(command: DeviceControlCommand, now: number): boolean {
    this.advanceTo(now);
    if (this.#silent || !this.#awake) return false;
    this.#control(command, { inverter: this.address, dtu: 0 }, now);
    return true;
  }

  /**
   * What its run data would say now (null while it sleeps or is silent): for transports other than this
   * radio, such as the Wi-Fi device model, which report the same physics in their own messages.
   */
  reading(now: number): RunDataState | null {
    this.advanceTo(now);
    if (this.#silent || !this.#awake) return null;
    return this.#energy.reading(this.#current, this.#env.country(), this.#events.count);
  }

  // --- device control -----------------------------------------------------------------------------

  #control(
    command: DeviceControlCommand,
    address: { inverter: number; dtu: number },
    now: number,
  ): Uint8Array[] {
    const ack = controlAck(address, command);
    if (command.kind === 'limit') {
      if (this.#limit.set(command, now)) {
        this.#events.end(SimulatedEvent.LimitedByRemote, now);
        if (this.#limit.activePercent() < 100) this.#events.add(SimulatedEvent.LimitedByRemote, now, null);
      }
    } else if (command.action === 'off') {
      if (this.#on) {
        this.#on = false;
        this.#events.add(SimulatedEvent.SwitchedOffByRemote, now, null);
      }
    } else if (command.action === 'on') {
      if (!this.#on) {
        this.#on = true;
        this.#events.end(SimulatedEvent.SwitchedOffByRemote, now);
      }
    } else {
      // Restart: the ack goes out first, then it reboots (day yield and temporary limit start over).
      this.#boot(now);
    }
    this.#current = this.#sample(now);
    return ack;
  }

  // --- inspection ---------------------------------------------------------------------------------

  inspect(now: number): VirtualInverterSnapshot {
    this.advanceTo(now);
    if (this.info.radio === 'CMT') this.#tuning.update(now, this.#lastContact);
    const { operation, supply } = this.#current;
    return {
      serial: this.serial,
      family: this.family,
      model: this.model,
      ratedPowerW: this.ratedPowerW,
      hwPartNumber: this.hwPartNumber,
      fwBuildVersion: this.firmware.fwBuildVersion,
      awake: this.#awake,
      on: this.#on,
      limit: this.#limit.snapshot(now),
      peakPowerW: [...this.#energy.peakW],
      fed: this.#energy.fed,
      availableDcW: supply.map((s) => s.availableW),
      dc: this.#awake
        ? operation.dc.map((p) => ({ ...p }))
        : operation.dc.map(() => ({ voltage: 0, current: 0, power: 0 })),
      acPowerW: this.#awake ? operation.acPowerW : 0,
      yieldDayWh: [...this.#energy.yieldDayWh],
      yieldTotalKWh: this.#energy.yieldTotalWh.map((wh) => wh / 1000),
      eventLogCount: this.#events.count,
      events: this.#events.entries.map((e) => ({ ...e })),
      frequency: this.info.radio === 'CMT' ? this.#tuning.snapshot() : null,
      lastContactAt: this.#lastContact,
    };
  }
}
