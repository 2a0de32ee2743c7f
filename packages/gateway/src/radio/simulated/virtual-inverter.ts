/**
 * One virtual Hoymiles inverter: it decodes the request frames addressed to it with packages/hoymiles and
 * answers with correctly encoded fragments, as docs/protocol.md describes a faithful one. Its state advances
 * lazily to the time of each question (no timers), integrating its yields on a fixed time grid.
 */
import {
  addressOfSerial,
  Command,
  cmtCountry,
  cmtFrequencyOfChannel,
  DataType,
  type DeviceControlCommand,
  type DeviceInfoAll,
  EVENT_LOG_MAX_ENTRIES,
  encodeDeviceControlAck,
  encodeDeviceInfoAll,
  encodeDeviceInfoSimple,
  encodeEventLog,
  encodeGridProfile,
  encodeResponseFragments,
  encodeRunData,
  encodeSystemConfig,
  eventLogEntryFromUtc,
  FAMILIES,
  type FamilyId,
  type FamilyInfo,
  gridProfileExamples,
  hwPartNumberForModel,
  isPersistentLimit,
  isRelativeLimit,
  lookupModel,
  parseRequest,
  type RadioKind,
  type RunDataPhases,
  type RunDataState,
  subCommandOf,
  supportsPowerDistributionLogic,
} from '@dtu-console/hoymiles';
import {
  type DcPoint,
  defaultOrientation,
  gridNominal,
  type InverterElectrics,
  inverterTemperature,
  type Location,
  moduleTemperature,
  type Operation,
  type Orientation,
  operate,
  planeOfArrayIrradiance,
  powerFactor,
  type Sky,
  type SkyState,
  type StringSpec,
  type StringSupply,
  stringSupply,
} from './physics';
import { type Random, SmoothNoise } from './random';

/** Integration grid of the yields (and of the wake/sleep decisions). */
export const SIMULATION_STEP_MS = 60_000;
/** HMS/HMT go back to their start-up frequency after this long without hearing the DTU. */
export const FREQUENCY_FALLBACK_MS = 15 * 60_000;
/** How long an HMS/HMT needs to move to the channel it was told (docs/protocol.md "it needs time"). */
export const DEFAULT_CHANNEL_CHANGE_DELAY_MS = 1000;

/** How far back a new inverter starts living, so it appears with today's yield and events. */
const HISTORY_MS = 24 * 3_600_000;

/** Event ids (alarm-codes.json) the simulation produces. */
export const SimulatedEvent = {
  Started: 1,
  ClockSynchronised: 2,
  /** Held under an active power limit below 100 % ("locked by a remote command"). */
  LimitedByRemote: 123,
  SwitchedOffByRemote: 124,
  /** At dusk, while still awake: "MPPT A input voltage too low". */
  InputTooLow: 207,
} as const;

/** HERF inverters are OEM versions of HM inverters: the simulation gives both one firmware. */
const HM_FIRMWARE: DeviceInfoAll = {
  fwBuildVersion: 10016,
  buildYear: 2021,
  buildMonth: 10,
  buildDay: 21,
  buildHour: 15,
  buildMinute: 12,
  bootloaderVersion: 100,
};

/** What each series reports as its firmware; HMS 1.1.12 enables power distribution logic on HMS-4T. */
const FIRMWARE: Record<FamilyInfo['series'], DeviceInfoAll> = {
  HM: HM_FIRMWARE,
  HERF: HM_FIRMWARE,
  HMS: {
    fwBuildVersion: 10112,
    buildYear: 2023,
    buildMonth: 3,
    buildDay: 14,
    buildHour: 9,
    buildMinute: 5,
    bootloaderVersion: 2,
  },
  HMT: {
    fwBuildVersion: 10102,
    buildYear: 2023,
    buildMonth: 6,
    buildDay: 2,
    buildHour: 11,
    buildMinute: 40,
    bootloaderVersion: 2,
  },
};

/** The model each family simulates (the largest of the family, except HERF-300, which is an HM-300 inside). */
export const DEFAULT_MODEL: Record<FamilyId, string> = {
  HM_1CH: 'HM-400-1T',
  HM_2CH: 'HM-800-2T',
  HM_4CH: 'HM-1500-4T',
  HMS_1CH: 'HMS-500-1T',
  HMS_1CHv2: 'HMS-500-1T v2',
  HMS_2CH: 'HMS-800-2T',
  HMS_4CH: 'HMS-2000-4T',
  HMT_4CH: 'HMT-2000-4T',
  HMT_6CH: 'HMT-2250-6T',
  HERF_1CH: 'HM-300-1T',
  HERF_2CH: 'HERF-800',
  HERF_4CH: 'HERF-1800',
};

export interface LimitSetting {
  /** % of the rated power when relative, W otherwise. */
  value: number;
  relative: boolean;
}

export interface SimulatedEventEntry {
  messageId: number;
  /** UNIX seconds (UTC) by the inverter's clock. */
  start: number;
  /** null while active. */
  end: number | null;
  extraBits: number;
}

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

/** The true state, for tests and debugging (inspect()). */
export interface VirtualInverterSnapshot {
  serial: string;
  family: FamilyId;
  model: string;
  ratedPowerW: number;
  hwPartNumber: number;
  fwBuildVersion: number;
  /** Powered by its modules; asleep it answers nothing. */
  awake: boolean;
  /** Switched on (off: no output, still answering). */
  on: boolean;
  limit: {
    persistent: LimitSetting;
    temporary: LimitSetting | null;
    /** The active limit in % of the rated power (what the read-back reports, uncapped). */
    activePercent: number;
    activeW: number;
  };
  peakPowerW: number[];
  /** What the modules could deliver right now, W per input. */
  availableDcW: number[];
  dc: DcPoint[];
  acPowerW: number;
  yieldDayWh: number[];
  yieldTotalKWh: number[];
  eventLogCount: number;
  events: SimulatedEventEntry[];
  /** CMT only: where it listens now, where it is moving to, and where it starts. */
  frequency: { listenHz: number; pendingHz: number | null; startupHz: number } | null;
  /** Last time a frame addressed to it was heard (ms). */
  lastContactAt: number | null;
}

interface Sample {
  timeMs: number;
  sky: SkyState;
  poa: number;
  supply: StringSupply[];
  availableW: number;
  operation: Operation;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

export class VirtualInverter {
  readonly serial: string;
  readonly family: FamilyId;
  readonly info: FamilyInfo;
  readonly address: number;
  readonly model: string;
  readonly ratedPowerW: number;
  readonly hwPartNumber: number;
  readonly firmware: DeviceInfoAll;
  readonly #random: Random;
  readonly #sky: Sky;
  readonly #env: VirtualInverterEnvironment;
  readonly #electrics: InverterElectrics;
  readonly #orientationOffset: { tilt: number; azimuth: number };
  readonly #stringFactors: number[];
  readonly #stringNoise: SmoothNoise[];
  readonly #gridNoise: SmoothNoise;
  readonly #phaseOffsets: [number, number, number];
  #peakW: number[] = [];

  #lastT: number;
  #current: Sample;
  #awake = false;
  #on = true;
  #persistent: LimitSetting = { value: 100, relative: true };
  #temporary: LimitSetting | null = null;
  #yieldDayWh: number[];
  #yieldTotalWh: number[];
  #events: SimulatedEventEntry[] = [];
  #eventCount = 0;
  #clockOffsetMs = 0;
  #clockSynchronised = false;
  #duskLogged = false;
  /** The fragments of the last data answer, for re-requests. */
  #lastAnswer: Uint8Array[] = [];
  #listenHz = 0;
  #pending: { hz: number; at: number } | null = null;
  #countryId = -1;
  #lastContact: number | null = null;

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
    this.#random = options.random;
    this.#sky = options.sky;
    this.#env = options.environment;
    this.#electrics = {
      ratedPowerW: this.ratedPowerW,
      voltageGroups: this.info.voltageGroups,
      pdl: supportsPowerDistributionLogic(this.family, this.firmware.fwBuildVersion),
    };

    // Fixed traits: how the modules face, what each input loses, how much it has produced so far.
    const r = this.#random;
    this.#orientationOffset = { tilt: r.between(-8, 8), azimuth: r.between(-12, 12) };
    const inputs = this.info.dcInputs;
    this.#stringFactors = Array.from({ length: inputs }, () => r.between(0.92, 1));
    this.#stringNoise = Array.from({ length: inputs }, () => new SmoothNoise(r));
    this.#gridNoise = new SmoothNoise(r);
    this.#phaseOffsets = [r.between(-0.8, 0.8), r.between(-0.8, 0.8), r.between(-0.8, 0.8)];
    this.setMaxPower(options.maxPowerW);
    const age = r.between(0.3, 4); // years in service
    this.#yieldTotalWh = this.#peakW.map((peak) => peak * 1.0 * 365 * age * r.between(0.9, 1.1));
    this.#yieldDayWh = this.#peakW.map(() => 0);

    this.#lastT = options.now - HISTORY_MS;
    this.#current = this.#sample(this.#lastT);
    this.advanceTo(options.now);
  }

  /** Peak power per input: the configured max power, else the rated power over the inputs plus 10 %. */
  setMaxPower(maxPowerW: readonly number[] | undefined): void {
    const fallback = Math.round((this.ratedPowerW / this.info.dcInputs) * 1.1);
    this.#peakW = Array.from({ length: this.info.dcInputs }, (_, c) => {
      const configured = maxPowerW?.[c] ?? 0;
      return configured > 0 ? configured : fallback;
    });
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
    if (!this.#awake || channel.radio !== this.info.radio) return null;
    if (this.info.radio === 'CMT') {
      this.#updateFrequency(now);
      if (channel.frequencyHz !== this.#listenHz) return null;
    }
    const parsed = parseRequest(frame, { inverter: this.address });
    if (!parsed.ok) return null;
    const request = parsed.value;
    this.#lastContact = now;
    const dtu = request.dtuAddress;
    switch (request.kind) {
      case 'data':
        return this.#answerData(request.dataType, request.time, dtu, now);
      case 'rerequest': {
        const fragment = this.#lastAnswer[request.fragment - 1];
        return fragment ? [fragment] : [];
      }
      case 'device-control':
        return this.#control(request.command, dtu, now);
      case 'channel-change':
        this.#channelChange(request.countries, request.channel, now);
        return [];
    }
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
        const hours = (next - t) / 3_600_000;
        for (let c = 0; c < this.info.dcInputs; c++) {
          const energy =
            (((prev.operation.dc[c]?.power ?? 0) + (cur.operation.dc[c]?.power ?? 0)) / 2) * hours;
          this.#yieldDayWh[c] = (this.#yieldDayWh[c] ?? 0) + energy;
          this.#yieldTotalWh[c] = (this.#yieldTotalWh[c] ?? 0) + energy;
        }
        if (cur.availableW < this.#sleepW()) this.#sleep();
        else if (!this.#duskLogged && cur.availableW < this.#duskW() && this.#isAfternoon(next)) {
          this.#duskLogged = true;
          this.#addEvent(SimulatedEvent.InputTooLow, next, null);
        }
      } else if (cur.availableW >= this.#wakeW()) {
        this.#boot(next);
        cur = this.#sample(next);
      }
      prev = cur;
      t = next;
    }
    this.#lastT = now;
    this.#current = prev;
  }

  // Enough DC to run the electronics; a little hysteresis so it does not flicker at dawn.
  #wakeW(): number {
    return Math.max(3, this.ratedPowerW * 0.006);
  }

  #sleepW(): number {
    return this.#wakeW() * 0.6;
  }

  #duskW(): number {
    return this.#wakeW() * 4;
  }

  #isAfternoon(timeMs: number): boolean {
    const solarHour = (((timeMs / 3_600_000 + this.#env.location().longitude / 15) % 24) + 24) % 24;
    return solarHour > 12;
  }

  #orientation(location: Location): Orientation {
    const base = defaultOrientation(location);
    return {
      tiltDeg: base.tiltDeg + this.#orientationOffset.tilt,
      azimuthDeg: base.azimuthDeg + this.#orientationOffset.azimuth,
    };
  }

  #sample(timeMs: number): Sample {
    const location = this.#env.location();
    const sky = this.#sky.at(timeMs, location);
    const poa = planeOfArrayIrradiance(sky.sun, sky.clearSky, this.#orientation(location)) * sky.transmission;
    const moduleC = moduleTemperature(sky.ambientC, poa);
    const supply = this.#peakW.map((peakW, c) => {
      const spec: StringSpec = { peakW, factor: this.#stringFactors[c] ?? 1 };
      // Small per-input wobble on top of the plant's clouds (±2 %, smooth over two minutes).
      const wobble = 1 + 0.04 * ((this.#stringNoise[c]?.at(timeMs / 120_000) ?? 0.5) - 0.5);
      return stringSupply(spec, poa, moduleC, wobble);
    });
    const operation = operate(supply, { on: this.#on, limitW: this.#activeLimitW() }, this.#electrics);
    return { timeMs, sky, poa, supply, availableW: sum(supply.map((s) => s.availableW)), operation };
  }

  /**
   * Already running with this DTU when the gateway starts (a gateway restart in daylight): an awake HMS/HMT
   * listens on the DTU's frequency as if it had just been told so. Inverters that power up later (in the
   * morning, or added while the gateway runs) start on their start-up frequency and need a channel change.
   */
  assumeTunedTo(frequencyHz: number, now: number): void {
    this.advanceTo(now);
    if (this.info.radio !== 'CMT' || !this.#awake) return;
    this.#listenHz = frequencyHz;
    this.#pending = null;
    this.#lastContact = now;
  }

  /** Power-up in the morning, or a restart: RAM state starts over, the persistent limit stays. */
  #boot(at: number): void {
    this.#awake = true;
    this.#on = true;
    this.#temporary = null;
    this.#yieldDayWh = this.#yieldDayWh.map(() => 0);
    this.#events = [];
    this.#eventCount = 0;
    this.#clockSynchronised = false;
    this.#duskLogged = false;
    this.#lastAnswer = [];
    this.#addEvent(SimulatedEvent.Started, at, null, 0x8000);
    this.#listenHz = this.#startupHz();
    this.#countryId = this.#env.country();
    this.#pending = null;
    this.#lastContact = null;
  }

  #sleep(): void {
    this.#awake = false;
    this.#lastAnswer = [];
  }

  // --- radio frequency (HMS/HMT) ------------------------------------------------------------------

  #startupHz(): number {
    return cmtCountry(this.#env.country())?.startupFrequencyHz ?? 0;
  }

  #updateFrequency(now: number): void {
    if (this.#countryId !== this.#env.country()) {
      // Another region was configured: the plant is now made of that region's inverters.
      this.#countryId = this.#env.country();
      this.#listenHz = this.#startupHz();
      this.#pending = null;
    }
    if (this.#pending && now >= this.#pending.at) {
      this.#listenHz = this.#pending.hz;
      this.#pending = null;
    }
    const startup = this.#startupHz();
    const silentSince = this.#lastContact;
    if (this.#listenHz !== startup && (silentSince === null || now - silentSince >= FREQUENCY_FALLBACK_MS)) {
      this.#listenHz = startup;
      this.#pending = null;
    }
  }

  #channelChange(countries: readonly string[], channel: number, now: number): void {
    if (this.info.radio !== 'CMT') return;
    const country = cmtCountry(this.#env.country());
    if (!country || !countries.includes(country.key)) return;
    const target = cmtFrequencyOfChannel(country.id, channel);
    if (!target.ok) return;
    this.#pending =
      target.value === this.#listenHz
        ? null
        : { hz: target.value, at: now + this.#env.channelChangeDelayMs() };
  }

  // --- answers ------------------------------------------------------------------------------------

  #answerData(dataType: number, time: number, dtu: number, now: number): Uint8Array[] {
    // The inverter sets its clock from every request (docs/protocol.md).
    this.#clockOffsetMs = time * 1000 - now;
    if (!this.#clockSynchronised) {
      this.#clockSynchronised = true;
      this.#addEvent(SimulatedEvent.ClockSynchronised, now - 1000, now + 1000);
    }
    const payload = this.#payload(dataType);
    if (payload === undefined) return [];
    this.#lastAnswer = encodeResponseFragments({
      inverter: this.address,
      dtu,
      command: Command.DataRequest,
      ...payload,
    });
    return this.#lastAnswer;
  }

  #payload(dataType: number): { payload: Uint8Array; appendCrc16?: boolean } | undefined {
    switch (dataType) {
      case DataType.RunData: {
        const payload = encodeRunData(this.family, this.#runData());
        const marginal = this.#current.availableW < this.#wakeW() * 3;
        if (marginal && this.#random.chance(this.#env.lowLightTruncation())) {
          // Weak light: a clean but short answer (valid CRC16), which the gateway must reject.
          const cut = 2 + Math.floor(this.#random.next() * 6);
          return { payload: payload.slice(0, Math.max(2, payload.length - 2 - cut)), appendCrc16: true };
        }
        return { payload };
      }
      case DataType.DeviceInfoAll:
        return { payload: encodeDeviceInfoAll(this.firmware) };
      case DataType.DeviceInfoSimple:
        return {
          payload: encodeDeviceInfoSimple({
            fwVersion: this.firmware.fwBuildVersion,
            hwPartNumber: this.hwPartNumber,
            hwVersionMajor: 1,
            hwVersionMinor: 0,
          }),
        };
      case DataType.GridProfile: {
        const encoded = gridProfilePayload();
        return encoded ? { payload: encoded } : undefined;
      }
      case DataType.SystemConfig:
        return { payload: encodeSystemConfig({ limitPercent: this.#activePercent() }) };
      case DataType.EventLog:
        return {
          payload: encodeEventLog(
            this.#events.map((e) => eventLogEntryFromUtc(e.messageId, e.start, e.end, e.extraBits)),
          ),
        };
      default:
        return undefined; // unknown data types stay unanswered
    }
  }

  #runData(): RunDataState {
    const sample = this.#current;
    const { operation, sky } = sample;
    const nominal = gridNominal(this.#env.country());
    const ac = operation.acPowerW;
    // The grid of the plant, plus the voltage rise this inverter's own current causes on its feed line.
    const own = (this.#gridNoise.at(sample.timeMs / 30_000) - 0.5) * 0.8;
    const voltage = nominal.voltage * (1 + 0.012 * sky.gridVoltageNoise) + 4 * operation.load + own;
    const frequency = nominal.frequency + sky.gridFrequencyOffsetHz;
    const pf = ac > 0 ? powerFactor(operation.load) : 0;
    const reactive = ac > 0 ? -ac * Math.tan(Math.acos(pf)) : 0;
    const temperature = inverterTemperature(sky.ambientC, sample.poa, operation.load);

    let acVoltage = voltage;
    let acCurrent = ac > 0 ? ac / (voltage * pf) : 0;
    let phases: RunDataPhases | null = null;
    if (this.info.acPhases === 3) {
      const toNeutral = this.#phaseOffsets.map((o) => voltage + o) as [number, number, number];
      const lineToLine = [0, 1, 2].map(
        (i) => (Math.sqrt(3) * ((toNeutral[i] ?? 0) + (toNeutral[(i + 1) % 3] ?? 0))) / 2,
      ) as [number, number, number];
      const current = toNeutral.map((v) => (ac > 0 ? ac / 3 / (v * pf) : 0)) as [number, number, number];
      phases = { voltageToNeutral: toNeutral, voltageLineToLine: lineToLine, current };
      // On the wire AC voltage is Ph1-Ph2; AC current is Ph1 (HMT-4T) or the sum of the phases (HMT-6T).
      acVoltage = lineToLine[0];
      acCurrent = this.family === 'HMT_6CH' ? sum(current) : current[0];
    }
    return {
      dc: operation.dc.map((point, c) => ({
        ...point,
        yieldDay: this.#yieldDayWh[c] ?? 0,
        yieldTotal: (this.#yieldTotalWh[c] ?? 0) / 1000,
      })),
      ac: {
        voltage: acVoltage,
        current: acCurrent,
        power: ac,
        reactivePower: reactive,
        frequency,
        powerFactor: pf,
      },
      phases,
      temperature,
      eventLogCount: this.#eventCount,
    };
  }

  // --- device control -----------------------------------------------------------------------------

  #control(command: DeviceControlCommand, dtu: number, now: number): Uint8Array[] {
    const ack = encodeDeviceControlAck({ inverter: this.address, dtu, subCommand: subCommandOf(command) });
    if (command.kind === 'limit') {
      const before = this.#activePercent();
      const setting: LimitSetting = { value: command.limit, relative: isRelativeLimit(command.limitType) };
      if (isPersistentLimit(command.limitType)) {
        // A new persistent limit takes effect at once, replacing any temporary one.
        this.#persistent = setting;
        this.#temporary = null;
      } else {
        this.#temporary = setting;
      }
      if (this.#activePercent() !== before) this.#limitChanged(now);
    } else if (command.action === 'off') {
      if (this.#on) {
        this.#on = false;
        this.#addEvent(SimulatedEvent.SwitchedOffByRemote, now, null);
      }
    } else if (command.action === 'on') {
      if (!this.#on) {
        this.#on = true;
        this.#endEvent(SimulatedEvent.SwitchedOffByRemote, now);
      }
    } else {
      // Restart: the ack goes out first, then it reboots (day yield and temporary limit start over).
      this.#boot(now);
    }
    this.#current = this.#sample(now);
    return ack;
  }

  #limitChanged(now: number): void {
    this.#endEvent(SimulatedEvent.LimitedByRemote, now);
    if (this.#activePercent() < 100) this.#addEvent(SimulatedEvent.LimitedByRemote, now, null);
  }

  #activeSetting(): LimitSetting {
    return this.#temporary ?? this.#persistent;
  }

  #activePercent(): number {
    const { value, relative } = this.#activeSetting();
    return relative ? value : (value / this.ratedPowerW) * 100;
  }

  #activeLimitW(): number {
    const { value, relative } = this.#activeSetting();
    return relative ? (Math.min(value, 100) * this.ratedPowerW) / 100 : value;
  }

  // --- event log ----------------------------------------------------------------------------------

  #inverterSeconds(now: number): number {
    return Math.floor((now + this.#clockOffsetMs) / 1000);
  }

  #addEvent(messageId: number, at: number, endAt: number | null, extraBits = 0): void {
    this.#events.push({
      messageId,
      start: this.#inverterSeconds(at),
      end: endAt === null ? null : this.#inverterSeconds(endAt),
      extraBits,
    });
    if (this.#events.length > EVENT_LOG_MAX_ENTRIES) this.#events.shift();
    this.#eventCount++;
  }

  #endEvent(messageId: number, at: number): void {
    for (const event of this.#events) {
      if (event.messageId === messageId && event.end === null) event.end = this.#inverterSeconds(at);
    }
  }

  // --- inspection ---------------------------------------------------------------------------------

  inspect(now: number): VirtualInverterSnapshot {
    this.advanceTo(now);
    if (this.info.radio === 'CMT') this.#updateFrequency(now);
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
      limit: {
        persistent: { ...this.#persistent },
        temporary: this.#temporary ? { ...this.#temporary } : null,
        activePercent: this.#activePercent(),
        activeW: this.#activeLimitW(),
      },
      peakPowerW: [...this.#peakW],
      availableDcW: supply.map((s) => s.availableW),
      dc: this.#awake
        ? operation.dc.map((p) => ({ ...p }))
        : operation.dc.map(() => ({ voltage: 0, current: 0, power: 0 })),
      acPowerW: this.#awake ? operation.acPowerW : 0,
      yieldDayWh: [...this.#yieldDayWh],
      yieldTotalKWh: this.#yieldTotalWh.map((wh) => wh / 1000),
      eventLogCount: this.#eventCount,
      events: this.#events.map((e) => ({ ...e })),
      frequency:
        this.info.radio === 'CMT'
          ? { listenHz: this.#listenHz, pendingHz: this.#pending?.hz ?? null, startupHz: this.#startupHz() }
          : null,
      lastContactAt: this.#lastContact,
    };
  }
}

// Every simulated inverter sends the richest example profile; encoded once.
let gridProfile: Uint8Array | null | undefined;
function gridProfilePayload(): Uint8Array | null {
  if (gridProfile === undefined) {
    const examples = gridProfileExamples().sort((a, b) => b.data.sections.length - a.data.sections.length);
    const first = examples[0];
    const encoded = first ? encodeGridProfile(first.data) : undefined;
    gridProfile = encoded?.ok ? encoded.value : null;
  }
  return gridProfile;
}
