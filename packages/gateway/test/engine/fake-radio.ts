/**
 * A small scripted radio for the engine's state-machine tests: virtual inverters answer real frames with
 * the protocol library's encoders, and each one can be told to stay silent, drop fragments, refuse acks or
 * "restart" (day yield back to 0). Every transmission is recorded.
 */
import type { Clock } from '@dtu-console/clock';
import {
  addressOfSerial,
  DataType,
  type DeviceInfoAll,
  type DeviceInfoSimple,
  type EventLogEntry,
  encodeDeviceControlAck,
  encodeDeviceInfoAll,
  encodeDeviceInfoSimple,
  encodeEventLog,
  encodeGridProfile,
  encodeResponseFragments,
  encodeRunData,
  encodeSystemConfig,
  FAMILIES,
  familyOfSerial,
  gridProfileExamples,
  hwPartNumberForModel,
  parseRequest,
  type Request,
  type RunDataState,
  subCommandOf,
} from '@dtu-console/hoymiles';
import type { Radio, RadioRequest, RadioSettings, RadioStatus } from '@dtu-console/radio/radio';
import type { EngineTime } from '../../src/engine/time';

export interface FakeInverter {
  serial: string;
  /** Answers anything at all. */
  online: boolean;
  /** Answers device-control commands (limit, power). */
  acks: boolean;
  state: RunDataState;
  /** Fragment numbers to leave out of the next answer (one-shot). */
  dropNext: Set<number>;
  eventLog: EventLogEntry[];
  limitPercent: number;
  model: string;
  /** Device-control commands received, decoded. */
  controls: Extract<Request, { kind: 'device-control' }>['command'][];
  /** CMT inverters: listen here until told the working channel. */
  listenHz: number | undefined;
}

export interface Sent {
  at: number;
  request: RadioRequest;
  parsed: Request | undefined;
}

export class FakeRadio implements Radio {
  readonly name = 'fake';
  readonly sent: Sent[] = [];
  readonly inverters = new Map<number, FakeInverter>();
  settings: RadioSettings | undefined;
  started = false;
  statusValue: RadioStatus = {
    nrf: { configured: true, connected: true, pvariant: true },
    cmt: { configured: true, connected: true },
  };
  readonly #clock: Clock;
  #lastAnswer = new Map<number, Uint8Array[]>();

  constructor(clock: Clock) {
    this.#clock = clock;
  }

  add(serial: string, options: Partial<FakeInverter> = {}): FakeInverter {
    const family = familyOfSerial(serial);
    if (!family) throw new Error(`bad serial ${serial}`);
    const inputs = FAMILIES[family].dcInputs;
    const inv: FakeInverter = {
      serial,
      online: true,
      acks: true,
      state: {
        dc: Array.from({ length: inputs }, () => ({
          voltage: 30,
          current: 5,
          power: 150,
          yieldDay: 100,
          yieldTotal: 1000,
        })),
        ac: {
          voltage: 230,
          current: 0.6 * inputs,
          power: 140 * inputs,
          reactivePower: 0,
          frequency: 50,
          powerFactor: 1,
        },
        temperature: 30,
        eventLogCount: 1,
      },
      dropNext: new Set(),
      eventLog: [],
      limitPercent: 100,
      model: FAMILIES[family].radio === 'CMT' ? 'HMS-800-2T' : 'HM-800-2T',
      controls: [],
      listenHz: undefined,
      ...options,
    };
    const address = addressOfSerial(serial);
    if (!address.ok) throw new Error('bad address');
    this.inverters.set(address.value, inv);
    return inv;
  }

  configure(settings: RadioSettings): void {
    this.settings = settings;
  }

  status(): RadioStatus {
    return this.statusValue;
  }

  start(): void {
    this.started = true;
  }

  stop(): void {
    this.started = false;
  }

  /** Data requests (0x15 with a data type) sent so far, optionally for one data type. */
  dataRequests(dataType?: number): Sent[] {
    return this.sent.filter(
      (s) => s.parsed?.kind === 'data' && (dataType === undefined || s.parsed.dataType === dataType),
    );
  }

  async transmit(request: RadioRequest): Promise<Uint8Array[]> {
    const parsed = parseRequest(request.frame);
    this.sent.push({ at: this.#clock.now(), request, parsed: parsed.ok ? parsed.value : undefined });
    const answer = parsed.ok ? this.#answer(parsed.value, request) : [];
    await this.#clock.sleep(request.windowMs);
    return answer;
  }

  #answer(request: Request, radio: RadioRequest): Uint8Array[] {
    const inv = this.inverters.get(request.inverterAddress);
    if (!inv?.online) return [];
    if (request.kind === 'channel-change') {
      inv.listenHz = request.frequencyHz;
      return [];
    }
    // A CMT inverter only hears its current frequency once it has one.
    if (radio.radio === 'CMT' && inv.listenHz !== undefined) {
      const on = radio.frequencyHz ?? this.settings?.cmtFrequencyHz;
      if (on !== inv.listenHz) return [];
    }
    const dtu = request.dtuAddress;
    const address = request.inverterAddress;
    if (request.kind === 'rerequest') {
      const frame = this.#lastAnswer.get(address)?.[request.fragment - 1];
      return frame ? [frame] : [];
    }
    if (request.kind === 'device-control') {
      inv.controls.push(request.command);
      if (!inv.acks) return [];
      if (request.command.kind === 'limit' && request.command.limitType % 2 === 1) {
        inv.limitPercent = request.command.limit;
      }
      return encodeDeviceControlAck({ inverter: address, dtu, subCommand: subCommandOf(request.command) });
    }
    const payload = this.#payload(inv, request.dataType);
    if (!payload) return [];
    const frames = encodeResponseFragments({ inverter: address, dtu, command: 0x15, payload });
    this.#lastAnswer.set(address, frames);
    const drop = inv.dropNext;
    inv.dropNext = new Set();
    return frames.filter((_, i) => !drop.has(i + 1));
  }

  #payload(inv: FakeInverter, dataType: number): Uint8Array | undefined {
    const family = familyOfSerial(inv.serial)!;
    switch (dataType) {
      case DataType.RunData:
        return encodeRunData(family, inv.state);
      case DataType.EventLog:
        return encodeEventLog(inv.eventLog);
      case DataType.SystemConfig:
        return encodeSystemConfig({ limitPercent: inv.limitPercent }, FAMILIES[family].radio);
      case DataType.GridProfile: {
        const example = gridProfileExamples()[0];
        const encoded = example ? encodeGridProfile(example.data) : undefined;
        return encoded?.ok ? encoded.value : undefined;
      }
      case DataType.DeviceInfoAll: {
        const all: DeviceInfoAll = {
          fwBuildVersion: 10112,
          buildYear: 2023,
          buildMonth: 3,
          buildDay: 14,
          buildHour: 9,
          buildMinute: 5,
          bootloaderVersion: 2,
        };
        return encodeDeviceInfoAll(all);
      }
      case DataType.DeviceInfoSimple: {
        const simple: DeviceInfoSimple = {
          fwVersion: 10112,
          hwPartNumber: hwPartNumberForModel(inv.model) ?? 0,
          hwVersionMajor: 1,
          hwVersionMinor: 0,
        };
        return encodeDeviceInfoSimple(simple);
      }
      default:
        return undefined;
    }
  }
}

/**
 * Calendar and sun for tests: a fixed UTC offset, day between two local hours (night otherwise), and day
 * all day while the clock is not synchronised.
 */
export function fixedTime(
  options: { offsetSeconds?: number; sunriseHour?: number; sunsetHour?: number } = {},
) {
  const offset = options.offsetSeconds ?? 7200;
  const sunrise = options.sunriseHour ?? 5;
  const sunset = options.sunsetHour ?? 22;
  const local = (epochMs: number) => new Date(epochMs + offset * 1000);
  const time: EngineTime = {
    isDay: ({ epochMs, synchronised }) => {
      if (!synchronised) return true;
      const hour = local(epochMs).getUTCHours();
      return hour >= sunrise && hour < sunset;
    },
    localDate: (_tz, epochMs) => local(epochMs).toISOString().slice(0, 10),
    utcOffsetSeconds: () => offset,
  };
  return time;
}
