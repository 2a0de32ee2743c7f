/**
 * The commands for one Wi-Fi device: power on, off or restart for an inverter, a limit (persistent only,
 * and at most one per device every N minutes: the device writes it to flash), and a restart of the device
 * itself. Each is sent as the device's command request; the outcome lands in the device record.
 */
import type { Clock } from '@dtu-console/clock';
import { LimitType } from '@dtu-console/hoymiles';
import {
  CommandReplySchema,
  CommandRequestSchema,
  create,
  DEV_KIND_DTU,
  limitData,
  numberOfSerial,
  WifiAction,
  WifiTag,
} from '@dtu-console/hoymiles-wifi';
import type { Logger } from '../system/logger';
import type { WifiConnection } from './client/connection';
import type { WifiDeviceRecord } from './device-record';

export interface WifiDeviceCommandsOptions {
  record: WifiDeviceRecord;
  connection: WifiConnection;
  clock: Clock;
  log: Logger;
  /** Minutes between two limits. */
  limitIntervalMin: () => number;
}

export class WifiDeviceCommands {
  readonly #o: WifiDeviceCommandsOptions;
  readonly #record: WifiDeviceRecord;
  #lastLimitAt: number | null = null;

  constructor(options: WifiDeviceCommandsOptions) {
    this.#o = options;
    this.#record = options.record;
  }

  /** Seconds until the device takes another limit; 0 when it would now. */
  limitWaitS(): number {
    const now = this.#o.clock.now();
    const wait =
      this.#lastLimitAt === null ? 0 : this.#lastLimitAt + this.#o.limitIntervalMin() * 60_000 - now;
    return Math.max(0, Math.ceil(wait / 1000));
  }

  /** A limit for one inverter: persistent only, at most one per device every N minutes. */
  setLimit(
    serial: string,
    value: number,
    type: number,
  ): 'queued' | 'wifi-too-soon' | 'wifi-persistent-only' | 'wifi-offline' | 'invalid' {
    const record = this.#record;
    const served = record.served(serial);
    if (!served) return 'invalid';
    const persistent =
      type === LimitType.AbsolutePersistent || type === LimitType.RelativePersistent || type === 257;
    const relative =
      type === LimitType.RelativePersistent || type === 257 || type === LimitType.RelativeNonPersistent;
    if (!persistent) return 'wifi-persistent-only';
    if (record.state !== 'online') return 'wifi-offline';
    const now = this.#o.clock.now();
    if (this.#lastLimitAt !== null && now - this.#lastLimitAt < this.#o.limitIntervalMin() * 60_000) {
      return 'wifi-too-soon';
    }
    const maxW = record.live(serial)?.maxPowerW ?? 0;
    if (!relative && maxW <= 0) return 'invalid';
    const percent = Math.max(0, Math.min(100, relative ? value : (value / maxW) * 100));
    this.#lastLimitAt = now;
    served.limitSetStatus = 'Pending';
    record.publish(served, 'status');
    void this.#command(WifiTag.Command, WifiAction.LimitPower, [], limitData(percent)).then((ok) => {
      // The device writes one limit for all it serves.
      for (const s of record.allServed()) {
        s.limitSetStatus = ok ? 'Ok' : 'Failure';
        if (ok && s.reading) s.reading = { ...s.reading, limitPercent: Math.round(percent * 10) / 10 };
        record.publish(s, 'status');
      }
    });
    return 'queued';
  }

  setPower(serial: string, action: string): 'queued' | 'wifi-offline' | 'invalid' {
    const record = this.#record;
    const served = record.served(serial);
    if (!served) return 'invalid';
    const code =
      action === 'on'
        ? WifiAction.InverterOn
        : action === 'off'
          ? WifiAction.InverterOff
          : action === 'restart'
            ? WifiAction.InverterRestart
            : undefined;
    if (code === undefined) return 'invalid';
    if (record.state !== 'online') return 'wifi-offline';
    served.powerSetStatus = 'Pending';
    record.publish(served, 'status');
    void this.#command(WifiTag.CloudCommand, code, [serial], '').then((ok) => {
      served.powerSetStatus = ok ? 'Ok' : 'Failure';
      record.publish(served, 'status');
    });
    return 'queued';
  }

  /** Restarts the device itself. An encrypting device draws a new key: the next cycle reads it again. */
  async reboot(): Promise<boolean> {
    if (this.#record.state !== 'online') return false;
    const ok = await this.#command(WifiTag.CloudCommand, WifiAction.DtuReboot, [], '');
    if (ok) {
      this.#record.infoKnown = false;
      this.#o.connection.close();
    }
    return ok;
  }

  async #command(tag: number, action: number, serials: string[], data: string): Promise<boolean> {
    const name = this.#record.settings.name;
    const now = this.#o.clock.now();
    try {
      const reply = await this.#o.connection.request(
        tag,
        CommandRequestSchema,
        create(CommandRequestSchema, {
          time: Math.floor(now / 1000),
          action,
          devKind: DEV_KIND_DTU,
          packageNub: 1,
          tid: BigInt(Math.floor(now / 1000)),
          data,
          miToSn: serials.map(numberOfSerial),
        }),
        CommandReplySchema,
      );
      if (reply.errCode !== 0) {
        this.#o.log.warn(`Wi-Fi device ${name}: command ${action} refused (error ${reply.errCode})`);
        return false;
      }
      this.#o.log.info(
        `Wi-Fi device ${name}: command ${action} taken${serials.length ? ` for ${serials.join(', ')}` : ''}`,
      );
      return true;
    } catch (error) {
      this.#record.failed(error);
      return false;
    }
  }
}
