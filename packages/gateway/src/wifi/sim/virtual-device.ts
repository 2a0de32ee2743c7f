/**
 * A virtual Hoymiles Wi-Fi device: an HMS-xxxW inverter or a DTU with radio inverters behind it. It
 * answers each request of the local protocol from the same physics as the simulated radio plant (one
 * `VirtualInverter` per inverter under one `Sky`) and carries out the commands. No I/O: `server.ts` puts it
 * on TCP.
 */
import { LimitType } from '@dtu-console/hoymiles';
import {
  AlarmReplySchema,
  AlarmSchema,
  AppInfoReplySchema,
  CommandReplySchema,
  CommandRequestSchema,
  create,
  DtuInfoSchema,
  decodeMessage,
  ENCRYPTED_FLAG_BIT,
  encodeMessage,
  HeartbeatReplySchema,
  HistPowerReplySchema,
  HistPowerRequestSchema,
  InputDataSchema,
  InverterInfoSchema,
  NetworkInfoReplySchema,
  numberOfSerial,
  parseLimitData,
  RealDataReplySchema,
  RealDataRequestSchema,
  replyTagOf,
  SinglePhaseDataSchema,
  WifiAction,
  WifiTag,
} from '@dtu-console/hoymiles-wifi';
import { type Location, Sky } from '@dtu-console/radio/simulated/physics';
import { type Random, SeededRandom } from '@dtu-console/radio/simulated/random';
import { VirtualInverter } from '@dtu-console/radio/simulated/virtual-inverter';
import type { WifiSimModel } from './models';

/** Inverters per page of real data (a DTU with more inverters answers in several pages). */
export const INVERTERS_PER_PAGE = 2;
/** Points of the day's power curve per page. */
const CURVE_PER_PAGE = 96;
const CURVE_STEP_S = 300;

export interface VirtualWifiDeviceOptions {
  model: WifiSimModel;
  /** DTUs only: inverters behind it (default 2). */
  inverters?: number;
  encrypt?: boolean;
  /** With `encrypt`: says it encrypts but hands out no key (the gateway cannot read it). */
  withholdKey?: boolean;
  seed?: string;
  /** Epoch ms; default Date.now. */
  now?: () => number;
  location?: Location;
}

export interface DeviceReply {
  tag: number;
  body: Uint8Array;
  /** Runs once the reply is on its way (a DTU reboot draws its new key after answering). */
  after?: () => void;
}

interface Served {
  serial: string;
  inverter: VirtualInverter;
  /** The day's power curve: W per 5 minutes since local midnight (UTC here). */
  curve: Map<number, number>;
}

export class VirtualWifiDevice {
  readonly model: WifiSimModel;
  readonly dtuSerial: string;
  /**
   * The signal strength it reports with its device information. The simulator's own figure: what real
   * devices report there, and in which unit, waits for a capture (docs/protocol.md).
   */
  readonly signalStrength = 26;
  readonly #random: Random;
  readonly #now: () => number;
  readonly #served: Served[] = [];
  readonly #encrypt: boolean;
  readonly #withholdKey: boolean;
  #encRand: Uint8Array | null = null;
  #boots = 0;
  /** Commands carried out, for tests and the console line. */
  readonly commands: { action: number; serials: string[]; data: string }[] = [];

  constructor(options: VirtualWifiDeviceOptions) {
    this.model = options.model;
    this.#random = new SeededRandom(options.seed ?? `wifi-sim:${options.model.name}`);
    this.#now = options.now ?? (() => Date.now());
    this.#encrypt = options.encrypt === true;
    this.#withholdKey = options.withholdKey === true;
    const location = options.location ?? { latitude: 52.52, longitude: 13.4 };
    const sky = new Sky({ random: this.#random.fork('sky') });
    this.dtuSerial = this.#serial(options.model.dtuPrefix, 'dtu');
    const count = options.model.kind === 'dtu' ? Math.max(1, Math.min(99, options.inverters ?? 2)) : 1;
    for (let i = 0; i < count; i++) {
      const serial = this.#serial(options.model.inverter.prefix, `inverter-${i}`);
      const inverter = new VirtualInverter({
        serial,
        family: options.model.inverter.family,
        random: this.#random.fork(`inverter:${serial}`),
        sky,
        environment: {
          location: () => location,
          country: () => 0,
          lowLightTruncation: () => 0,
          channelChangeDelayMs: () => 0,
        },
        now: this.#now(),
      });
      this.#served.push({ serial, inverter, curve: new Map() });
    }
    this.#rekey();
  }

  get serials(): string[] {
    return this.#served.map((s) => s.serial);
  }

  /** The random value the keys derive from; null when the device does not encrypt. */
  encRand(): Uint8Array | null {
    return this.#encRand;
  }

  /** How often the device has started (a DTU reboot draws a new key). */
  get boots(): number {
    return this.#boots;
  }

  /** The inverter behind a serial, for tests. */
  inverter(serial: string): VirtualInverter | undefined {
    return this.#served.find((s) => s.serial === serial)?.inverter;
  }

  /**
   * One request (already opened). Returns the reply, or null for a tag the device does not serve or a
   * body that does not decode (a real device stays silent then).
   */
  handle(tag: number, body: Uint8Array): DeviceReply | null {
    const now = this.#now();
    for (const s of this.#served) this.#record(s, now);
    switch (tag) {
      case WifiTag.AppInfo:
        return this.#reply(tag, encodeMessage(AppInfoReplySchema, this.#appInfo(now)));
      case WifiTag.Heartbeat:
        return this.#reply(
          tag,
          encodeMessage(
            HeartbeatReplySchema,
            create(HeartbeatReplySchema, {
              time: Math.floor(now / 1000),
              csq: 26,
              dtuSerialNumber: this.dtuSerial,
              deviceSerialNumber: this.dtuSerial,
            }),
          ),
        );
      case WifiTag.RealData:
        return this.#realData(tag, body, now);
      case WifiTag.AlarmList:
        return this.#reply(tag, encodeMessage(AlarmReplySchema, this.#alarms(now)));
      case WifiTag.NetworkInfo:
        return this.#reply(
          tag,
          encodeMessage(
            NetworkInfoReplySchema,
            create(NetworkInfoReplySchema, {
              dtuSn: this.dtuSerial,
              time: Math.floor(now / 1000),
              csq: 26,
              netWorkMod: 1,
              netWorkState: 1,
            }),
          ),
        );
      case WifiTag.HistPower:
        return this.#histPower(tag, body, now);
      case WifiTag.Command:
      case WifiTag.CloudCommand:
        return this.#command(tag, body, now);
      default:
        return null;
    }
  }

  #reply(tag: number, body: Uint8Array): DeviceReply {
    return { tag: replyTagOf(tag), body };
  }

  #serial(prefix: string, label: string): string {
    const random = this.#random.fork(`serial:${label}`);
    const digits = Array.from({ length: 8 }, () => Math.floor(random.next() * 10)).join('');
    return `${prefix}${digits}`;
  }

  #rekey(): void {
    this.#boots++;
    if (!this.#encrypt) return;
    const random = this.#random.fork(`enc-rand:${this.#boots}`);
    this.#encRand = Uint8Array.from({ length: 16 }, () => Math.floor(random.next() * 256));
  }

  #appInfo(now: number) {
    const inputs = this.#served.reduce((n, s) => n + s.inverter.info.dcInputs, 0);
    return create(AppInfoReplySchema, {
      dtuSerialNumber: this.dtuSerial,
      timestamp: Math.floor(now / 1000),
      deviceNumber: this.#served.length,
      pvNumber: inputs,
      packageNumber: 1,
      currentPackage: 0,
      dtuInfo: create(DtuInfoSchema, {
        deviceKind: this.model.kind === 'dtu' ? 1 : 6,
        dtuSwVersion: this.model.swVersion,
        dtuHwVersion: this.model.hwVersion,
        signalStrength: this.signalStrength,
        wifiVersion: 'V1.1.0',
        dfs: this.#encRand ? 1n << BigInt(ENCRYPTED_FLAG_BIT) : 0n,
        encRand: this.#encRand && !this.#withholdKey ? this.#encRand : new Uint8Array(0),
      }),
      pvInfo: this.#served.map((s) =>
        create(InverterInfoSchema, {
          deviceKind: 3,
          pvSerialNumber: numberOfSerial(s.serial),
          pvSwVersion: s.inverter.firmware.fwBuildVersion,
          pvHwPartNumber: s.inverter.hwPartNumber,
          pvHwVersion: 1,
        }),
      ),
    });
  }

  #realData(tag: number, body: Uint8Array, now: number): DeviceReply | null {
    const request = decodeMessage(RealDataRequestSchema, body);
    if (!request.ok) return null;
    const pages = Math.max(1, Math.ceil(this.#served.length / INVERTERS_PER_PAGE));
    const page = Math.min(Math.max(0, request.value.cp), pages - 1);
    const slice = this.#served.slice(page * INVERTERS_PER_PAGE, (page + 1) * INVERTERS_PER_PAGE);
    let powerW = 0;
    let dayWh = 0;
    const reply = create(RealDataReplySchema, {
      deviceSerialNumber: this.dtuSerial,
      timestamp: Math.floor(now / 1000),
      ap: pages,
      cp: page,
      firmwareVersion: this.model.swVersion,
    });
    for (const s of this.#served) {
      const reading = s.inverter.reading(now);
      powerW += reading?.ac.power ?? 0;
      dayWh += reading?.dc.reduce((sum, d) => sum + d.yieldDay, 0) ?? 0;
    }
    for (const s of slice) {
      const reading = s.inverter.reading(now);
      const snapshot = s.inverter.inspect(now);
      const number = numberOfSerial(s.serial);
      reply.sgsData.push(
        create(SinglePhaseDataSchema, {
          serialNumber: number,
          firmwareVersion: s.inverter.firmware.fwBuildVersion,
          voltage: Math.round((reading?.ac.voltage ?? 0) * 10),
          frequency: Math.round((reading?.ac.frequency ?? 0) * 100),
          activePower: Math.round((reading?.ac.power ?? 0) * 10),
          reactivePower: Math.round((reading?.ac.reactivePower ?? 0) * 10),
          current: Math.round((reading?.ac.current ?? 0) * 100),
          powerFactor: Math.round((reading?.ac.powerFactor ?? 0) * 1000),
          temperature: Math.round((reading?.temperature ?? 0) * 10),
          warningNumber: snapshot.eventLogCount,
          linkStatus: reading ? 1 : 0,
          powerLimit: Math.round(snapshot.limit.activePercent * 10),
        }),
      );
      snapshot.yieldDayWh.forEach((day, c) => {
        const dc = reading?.dc[c];
        reply.pvData.push(
          create(InputDataSchema, {
            serialNumber: number,
            portNumber: c + 1,
            voltage: Math.round((dc?.voltage ?? 0) * 10),
            current: Math.round((dc?.current ?? 0) * 100),
            power: Math.round((dc?.power ?? 0) * 10),
            energyTotal: Math.round((snapshot.yieldTotalKWh[c] ?? 0) * 1000),
            energyDaily: Math.round(day),
          }),
        );
      });
    }
    reply.dtuPower = BigInt(Math.round(powerW * 10));
    reply.dtuDailyEnergy = BigInt(Math.round(dayWh));
    return this.#reply(tag, encodeMessage(RealDataReplySchema, reply));
  }

  #alarms(now: number) {
    const reply = create(AlarmReplySchema, { dtuSn: this.dtuSerial, time: Math.floor(now / 1000) });
    for (const s of this.#served) {
      for (const [i, e] of s.inverter.inspect(now).events.entries()) {
        reply.alarms.push(
          create(AlarmSchema, {
            pvSn: numberOfSerial(s.serial),
            code: e.messageId,
            num: i + 1,
            start: e.start,
            end: e.end ?? 0,
          }),
        );
      }
    }
    return reply;
  }

  #record(s: Served, now: number): void {
    const slot = Math.floor((now % 86_400_000) / (CURVE_STEP_S * 1000));
    if (slot === 0 && s.curve.size > 1) s.curve.clear();
    s.curve.set(slot, s.inverter.reading(now)?.ac.power ?? 0);
  }

  #histPower(tag: number, body: Uint8Array, now: number): DeviceReply | null {
    const request = decodeMessage(HistPowerRequestSchema, body);
    if (!request.ok) return null;
    const first = this.#served[0];
    if (!first) return null;
    // The day's record begins where the device began recording: a device started at noon has no morning
    // (a slot it missed while running counts 0 W, as a device that read nothing would send).
    const current = Math.floor((now % 86_400_000) / (CURVE_STEP_S * 1000));
    const begun = first.curve.size > 0 ? Math.min(current, ...first.curve.keys()) : current;
    const slots = current - begun + 1;
    const pages = Math.max(1, Math.ceil(slots / CURVE_PER_PAGE));
    const page = Math.min(Math.max(0, request.value.cp), pages - 1);
    const start = Math.floor(now / 86_400_000) * 86_400 + begun * CURVE_STEP_S;
    const values: number[] = [];
    for (let i = page * CURVE_PER_PAGE; i < Math.min(slots, (page + 1) * CURVE_PER_PAGE); i++) {
      values.push(Math.round((first.curve.get(begun + i) ?? 0) * 10));
    }
    const snapshot = first.inverter.inspect(now);
    const reply = create(HistPowerReplySchema, {
      serialNumber: numberOfSerial(first.serial),
      ap: pages,
      cp: page,
      requestTime: Math.floor(now / 1000),
      absoluteStart: start,
      startTime: start + page * CURVE_PER_PAGE * CURVE_STEP_S,
      stepTime: CURVE_STEP_S,
      dailyEnergy: Math.round(snapshot.yieldDayWh.reduce((a, b) => a + b, 0)),
      totalEnergy: Math.round(snapshot.yieldTotalKWh.reduce((a, b) => a + b, 0) * 1000),
      powerArray: values,
    });
    return this.#reply(tag, encodeMessage(HistPowerReplySchema, reply));
  }

  #command(tag: number, body: Uint8Array, now: number): DeviceReply | null {
    const decoded = decodeMessage(CommandRequestSchema, body);
    if (!decoded.ok) return null;
    const request = decoded.value;
    const targets =
      request.miToSn.length > 0
        ? this.#served.filter((s) => request.miToSn.includes(numberOfSerial(s.serial)))
        : this.#served;
    let errCode = 0;
    let after: (() => void) | undefined;
    switch (request.action) {
      case WifiAction.LimitPower: {
        const perMille = parseLimitData(request.data);
        if (perMille === undefined) {
          errCode = 1;
          break;
        }
        // The device writes one persistent limit for every inverter it serves.
        for (const s of this.#served) {
          s.inverter.command(
            {
              kind: 'limit',
              limitType: LimitType.RelativePersistent,
              limit: perMille / 10,
              wireValue: perMille,
              typeWord: 0x0101,
              encoding: 'HMS',
            },
            now,
          );
        }
        break;
      }
      case WifiAction.InverterOn:
      case WifiAction.InverterOff:
      case WifiAction.InverterRestart: {
        if (targets.length === 0) {
          errCode = 2;
          break;
        }
        const action =
          request.action === WifiAction.InverterOn
            ? 'on'
            : request.action === WifiAction.InverterOff
              ? 'off'
              : 'restart';
        for (const s of targets) s.inverter.command({ kind: 'power', action }, now);
        break;
      }
      case WifiAction.DtuReboot:
        after = () => this.#rekey();
        break;
      case WifiAction.AlarmList:
        break;
      default:
        errCode = 3;
    }
    if (errCode === 0) {
      this.commands.push({
        action: request.action,
        serials: targets.map((s) => s.serial),
        data: request.data,
      });
    }
    const reply = create(CommandReplySchema, {
      dtuSn: this.dtuSerial,
      time: Math.floor(now / 1000),
      action: request.action,
      errCode,
      tid: request.tid,
    });
    return { ...this.#reply(tag, encodeMessage(CommandReplySchema, reply)), ...(after ? { after } : {}) };
  }
}
