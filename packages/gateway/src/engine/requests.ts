/**
 * The requests the engine puts on the radio queues: data requests (run data, event log, limit read-back,
 * grid profile, device info), device control (limit, power) and the CMT channel change. Each builds its
 * frame when its turn on air comes, so it goes out with the settings of that moment.
 */
import type { Clock } from '@dtu-console/clock';
import {
  buildChannelChange,
  buildDataRequest,
  buildLimitRequest,
  buildPowerRequest,
  cmtCountry,
  DataType,
  decodeDeviceInfoAll,
  decodeDeviceInfoSimple,
  decodeEventLog,
  decodeRunData,
  decodeSystemConfig,
  ok,
  type PowerAction,
  type RadioKind,
  ResponseCommand,
  type Result,
} from '@dtu-console/hoymiles';
import type { Radio } from '@dtu-console/radio/radio';
import type { CommandQueue } from './command-queue';
import type { CommandStatus } from './command-status';
import type { InverterState, LimitRequest } from './inverter';
import type { LiveChange, LiveModel } from './live-model';
import type { EngineDtuSettings } from './settings';
import { AnswerWindowMs, runTransaction, type TransactionResult, transmitBounded } from './transaction';

/** The subset of a pino logger the engine writes to. */
export interface EngineLog {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface InverterRequestsOptions {
  clock: Clock;
  radio: Radio;
  live: LiveModel;
  log: EngineLog;
  queues: Record<RadioKind, CommandQueue>;
  /** The DTU serial in wire form. */
  dtuSerial(): string;
  dtu(): EngineDtuSettings;
  /** Still configured: a request for a removed inverter is not sent. */
  isCurrent(inv: InverterState): boolean;
  publish(inv: InverterState, change: LiveChange): void;
}

/** One device-control command: what differs between a limit and a power command. */
interface ControlRequest {
  /** 'limit' or 'power': the debug line and the queue key. */
  name: string;
  /** A waiting command of the same kind for the inverter is replaced by the new one. */
  kind: string;
  status: CommandStatus;
  frame(dtu: string): Uint8Array;
  acknowledged?(now: number): void;
  /** What the debug line says besides the serial. */
  details: object;
}

export class InverterRequests {
  readonly #o: InverterRequestsOptions;
  #commandSeq = 0;

  constructor(options: InverterRequestsOptions) {
    this.#o = options;
  }

  // --- data requests -------------------------------------------------------------------------------------

  runData(inv: InverterState): void {
    this.#data(
      inv,
      'run-data',
      DataType.RunData,
      AnswerWindowMs.runData,
      (payload) => decodeRunData(inv.family, payload),
      (result) => {
        if (!result.ok) {
          inv.runDataFailed();
          return 'status';
        }
        inv.runDataReceived(result.value, this.#o.clock.now(), this.#o.live.now());
        return 'data';
      },
    );
  }

  eventLog(inv: InverterState): void {
    this.#data(inv, 'event-log', DataType.EventLog, AnswerWindowMs.eventLog, decodeEventLog, (result) => {
      if (!result.ok) {
        inv.eventLogFailed();
        return 'status';
      }
      inv.eventLogReceived(result.value);
      return 'info';
    });
  }

  limitReadback(inv: InverterState): void {
    this.#data(
      inv,
      'limit-readback',
      DataType.SystemConfig,
      AnswerWindowMs.systemConfig,
      decodeSystemConfig,
      (result) => {
        if (result.ok) inv.readbackReceived(result.value.limitRelative, this.#o.clock.now());
        return 'status';
      },
    );
  }

  gridProfile(inv: InverterState): void {
    this.#data(
      inv,
      'grid-profile',
      DataType.GridProfile,
      AnswerWindowMs.gridProfile,
      (payload) => ok(payload),
      (result) => {
        if (!result.ok) return 'status';
        inv.gridProfileReceived(result.payload);
        return 'info';
      },
    );
  }

  deviceInfo(inv: InverterState): void {
    this.#data(
      inv,
      'devinfo-all',
      DataType.DeviceInfoAll,
      AnswerWindowMs.deviceInfo,
      decodeDeviceInfoAll,
      (result) => {
        if (!result.ok) return 'status';
        inv.deviceInfoAllReceived(result.value);
        return 'info';
      },
    );
    this.#data(
      inv,
      'devinfo-simple',
      DataType.DeviceInfoSimple,
      AnswerWindowMs.deviceInfo,
      decodeDeviceInfoSimple,
      (result) => {
        if (!result.ok) return 'status';
        inv.deviceInfoSimpleReceived(result.value);
        return 'info';
      },
    );
  }

  /** Queues a data request; `handle` sees the result unless the inverter went away meanwhile. */
  #data<T>(
    inv: InverterState,
    kind: string,
    dataType: DataType,
    windowMs: number,
    decode: (payload: Uint8Array) => Result<T>,
    handle: (result: TransactionResult<T>) => LiveChange | undefined,
  ): void {
    const { clock, radio } = this.#o;
    this.#o.queues[inv.info.radio].enqueue({
      key: `${inv.serialNumber}:${kind}`,
      serial: inv.serialNumber,
      kind,
      priority: 'poll',
      run: async (signal) => {
        // Queued while the clock was trusted; it may have been reset since.
        if (!clock.isSynchronised() || !this.#o.isCurrent(inv)) return;
        const dtu = this.#o.dtuSerial();
        // Every data request carries the current time and the inverter sets its clock from it.
        const frame = buildDataRequest({
          inverter: inv.serial,
          dtu,
          dataType,
          time: Math.floor(clock.now() / 1000),
        });
        const result = await runTransaction(
          { radio, clock, stats: inv.stats, signal },
          {
            radio: inv.info.radio,
            frame,
            windowMs,
            responseCommand: ResponseCommand.DataResponse,
            inverter: inv.serial,
            dtu,
            decode,
          },
        );
        if (result.ok === false && result.failure === 'cancelled') return;
        this.#o.publish(inv, handle(result) ?? 'status');
      },
    });
  }

  // --- device control ------------------------------------------------------------------------------------

  /** A limit: a waiting limit of the same type for the inverter is replaced, so the newest value wins. */
  limit(inv: InverterState, limit: LimitRequest): void {
    this.#control(inv, {
      name: 'limit',
      kind: `limit:${limit.type}`,
      status: inv.limitStatus,
      frame: (dtu) =>
        buildLimitRequest({
          inverter: inv.serial,
          dtu,
          limitType: limit.type,
          limit: limit.value,
          encoding: inv.info.limitEncoding,
        }),
      acknowledged: (now) => inv.limitAcknowledged(limit, now),
      details: { limit },
    });
  }

  /** Power on, off or restart: one kind, so a waiting power command is replaced by the newest request. */
  power(inv: InverterState, action: PowerAction): void {
    this.#control(inv, {
      name: 'power',
      kind: 'power',
      status: inv.powerStatus,
      frame: (dtu) => buildPowerRequest({ inverter: inv.serial, dtu, action }),
      details: { action },
    });
  }

  /**
   * The status stays Pending while any command of the kind is outstanding for the inverter and then
   * follows the last one to finish.
   */
  #control(inv: InverterState, request: ControlRequest): void {
    const queue = this.#o.queues[inv.info.radio];
    request.status.queued();
    queue.remove((c) => c.serial === inv.serialNumber && c.kind === request.kind);
    queue.enqueue({
      key: `${inv.serialNumber}:${request.name}:${this.#commandSeq++}`,
      serial: inv.serialNumber,
      kind: request.kind,
      priority: 'command',
      run: async (signal) => {
        let acknowledged = false;
        try {
          if (!this.#o.isCurrent(inv)) return;
          acknowledged = await this.#deviceControl(inv, request.frame(this.#o.dtuSerial()), signal);
          if (acknowledged) request.acknowledged?.(this.#o.clock.now());
          this.#o.log.debug(
            { serial: inv.serial, ...request.details, acknowledged },
            `${request.name} command`,
          );
        } finally {
          request.status.finished(acknowledged);
          this.#o.publish(inv, 'status');
        }
      },
      dropped: () => {
        request.status.dropped();
        this.#o.publish(inv, 'status');
      },
    });
  }

  /** Sends one device-control frame and waits for any complete 0xD1 answer. */
  async #deviceControl(inv: InverterState, frame: Uint8Array, signal: AbortSignal): Promise<boolean> {
    const { clock, radio } = this.#o;
    const result = await runTransaction(
      { radio, clock, stats: inv.stats, signal },
      {
        radio: inv.info.radio,
        frame,
        windowMs: AnswerWindowMs.deviceControl,
        responseCommand: ResponseCommand.DeviceControlAck,
        inverter: inv.serial,
        dtu: this.#o.dtuSerial(),
        // The content of the ack is not checked, only that a complete 0xD1 answer arrived.
        decode: (payload) => ok(payload),
      },
    );
    return result.ok;
  }

  // --- channel change ------------------------------------------------------------------------------------

  /**
   * Tells a CMT inverter to move to the working frequency. Sent on the country's start-up frequency unless
   * `onFrequencyHz` says otherwise; it gets no answer and is never repeated. It stays out of the radio
   * statistics (quirk "channel changes counted as failed requests", not copied; docs/compatibility.md).
   */
  channelChange(inv: InverterState, onFrequencyHz?: number): void {
    const country = cmtCountry(this.#o.dtu().cmtCountry);
    if (!country) return;
    const frequencyHz = onFrequencyHz ?? country.startupFrequencyHz;
    const { clock, radio } = this.#o;
    this.#o.queues.CMT.enqueue({
      key: `${inv.serialNumber}:channel-change:${frequencyHz}`,
      serial: inv.serialNumber,
      kind: 'channel-change',
      priority: 'poll',
      run: async () => {
        if (!this.#o.isCurrent(inv)) return;
        const current = this.#o.dtu();
        let frame: Uint8Array;
        try {
          frame = buildChannelChange({
            inverter: inv.serial,
            dtu: this.#o.dtuSerial(),
            country: current.cmtCountry,
            frequencyHz: current.cmtFrequencyHz,
          });
        } catch (error) {
          this.#o.log.warn({ err: error, serial: inv.serial }, 'channel change not possible');
          return;
        }
        await transmitBounded(
          { radio, clock },
          { radio: 'CMT', frame, frequencyHz, windowMs: AnswerWindowMs.channelChange },
        );
      },
    });
  }
}
