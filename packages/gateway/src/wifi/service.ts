/**
 * The Wi-Fi service: one poller per configured Hoymiles Wi-Fi device (src/wifi/device-poller.ts), kept in
 * step with the `wifi_devices` settings. The inverters the devices serve join the live model beside the
 * radio ones; the engine hands this service the commands for them (ExternalInverters). Docs: docs/wifi.md.
 */
import type { Clock } from '@dtu-console/clock';
import {
  formatSerialNumber,
  serialNumber,
  type WifiConfig,
  type WifiConfigPayload,
  type WifiStatus,
} from '@dtu-console/contract';
import type { PowerAction } from '@dtu-console/hoymiles';
import type { EventBus, Service } from '../bus';
import type { ConfigStore, SaveOutcome } from '../config/store';
import type { CommandResult, ExternalInverters, InverterEngine, LimitCommand } from '../engine/engine';
import type { LiveModel } from '../engine/live-model';
import type { Logger } from '../system/logger';
import { WifiDevicePoller } from './device-poller';

/** Any accepted spelling of a serial → the form the pollers key their inverters by. */
function wifiSerial(serial: string): string {
  const number = serialNumber(serial);
  return number > 0 ? formatSerialNumber(number) : serial;
}

export interface WifiServiceOptions {
  config: ConfigStore;
  bus: EventBus;
  clock: Clock;
  live: LiveModel;
  engine: InverterEngine;
  log: Logger;
  /** Connect/answer timeout per request, ms (default 10 s). */
  timeoutMs?: number;
}

export class WifiService implements Service, ExternalInverters {
  readonly name = 'wifi';
  readonly #o: WifiServiceOptions;
  readonly #log: Logger;
  #pollers: WifiDevicePoller[] = [];
  #unsubscribe: (() => void) | null = null;

  constructor(options: WifiServiceOptions) {
    this.#o = options;
    this.#log = options.log.child({ component: 'wifi' });
  }

  async start(): Promise<void> {
    this.#o.engine.setExternal(this);
    this.#apply();
    this.#unsubscribe = this.#o.bus.on('config:changed', (section) => {
      if (section === 'wifi_devices') this.#apply();
    });
  }

  async stop(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#o.engine.setExternal(null);
    for (const p of this.#pollers) p.stop();
    this.#pollers = [];
  }

  get limitIntervalMin(): number {
    return this.#o.config.get('wifi_devices').limit_interval_min;
  }

  config(): WifiConfig {
    const section = this.#o.config.get('wifi_devices');
    return {
      devices: section.devices.map((d) => ({ ...d })),
      limit_interval_min: section.limit_interval_min,
    };
  }

  save(payload: WifiConfigPayload): Promise<SaveOutcome> {
    return this.#o.config.update('wifi_devices', {
      devices: payload.devices.map((d) => ({
        name: d.name.trim(),
        host: d.host.trim(),
        port: d.port,
        enabled: d.enabled,
        poll_interval: d.poll_interval,
      })),
      limit_interval_min: payload.limit_interval_min ?? this.limitIntervalMin,
    });
  }

  status(): WifiStatus {
    return { devices: this.#pollers.map((p) => p.status()) };
  }

  /** Polls every device now and waits for it (tests, and a device just added). */
  async pollAll(): Promise<void> {
    await Promise.all(this.#pollers.map((p) => p.pollNow()));
  }

  /** Restarts the device at `index` of the configuration; false when it is not online or refused. */
  reboot(index: number): Promise<boolean> {
    return this.#pollers[index]?.reboot() ?? Promise.resolve(false);
  }

  /** The day's power curve the device at `index` reported last; null before the first. */
  curve(index: number) {
    return this.#pollers[index]?.curve ?? null;
  }

  // --- ExternalInverters -------------------------------------------------------------------------------

  setLimit(serial: string, command: LimitCommand): CommandResult | undefined {
    const poller = this.#owner(serial);
    if (!poller) return undefined;
    if (!Number.isFinite(command.value) || command.value < 0) return 'invalid';
    const result = poller.setLimit(wifiSerial(serial), command.value, command.type);
    if (result !== 'queued') this.#log.info(`Limit for Wi-Fi inverter ${serial} not sent: ${result}`);
    return result;
  }

  setPower(serial: string, action: PowerAction): CommandResult | undefined {
    const poller = this.#owner(serial);
    if (!poller) return undefined;
    return poller.setPower(wifiSerial(serial), action);
  }

  #owner(serial: string): WifiDevicePoller | undefined {
    const key = wifiSerial(serial);
    return this.#pollers.find((p) => p.owns(key));
  }

  #apply(): void {
    for (const p of this.#pollers) p.stop();
    const section = this.#o.config.get('wifi_devices');
    const live = this.#o.live;
    this.#pollers = section.devices.map(
      (settings, index) =>
        new WifiDevicePoller({
          settings: { ...settings },
          index,
          clock: this.#o.clock,
          mono: () => live.now(),
          log: this.#log,
          limitIntervalMin: () => this.limitIntervalMin,
          publish: (inverter, change) => live.setInverter(inverter, change),
          remove: (serial) => live.removeInverter(serial),
          ...(this.#o.timeoutMs === undefined ? {} : { timeoutMs: this.#o.timeoutMs }),
        }),
    );
    for (const p of this.#pollers) p.start();
  }
}
