import type { Clock } from '@dtu-console/clock';
import type { ResetReason } from '@dtu-console/contract';
import type { AlertService } from './alerts/service';
import type { AuthService } from './auth/service';
import type { SolarChargerService } from './battery/charger-service';
import type { BatteryService } from './battery/service';
import type { EventBus } from './bus';
import type { ConfigStore } from './config/store';
import type { HistoryService } from './history/service';
import type { OriginRefusals } from './http/origin-refusals';
import type { TlsFacts } from './http/tls/server-tls';
import type { MqttService } from './mqtt/service';
import type { TimeSync } from './ntp/service';
import type { GatewayOptions } from './options';
import type { Plant } from './plant';
import type { LimiterService } from './powerlimiter/service';
import type { MeterService } from './powermeter/service';
import type { BuildInfo } from './system/build-info';
import type { ConsoleLog } from './system/console-log';
import type { HeapWatermark } from './system/host';
import type { Logger } from './system/logger';
import type { WifiService } from './wifi/service';
import type { ConsoleHub } from './ws/console';
import type { LivedataHub } from './ws/livedata';

/** What route modules and services share: built once per (re)start by app.ts. */
export interface GatewayContext {
  options: GatewayOptions;
  /** With HTTPS on: the certificate's source, fingerprint and end, for system info (not the key). */
  tls?: TlsFacts;
  log: Logger;
  bus: EventBus;
  build: BuildInfo;
  heap: HeapWatermark;
  /** Monotonic start time (ms, performance.now()) of this run; a reboot starts a new run. */
  startedAt: number;
  /** Why this run started, shown as the reset reason. */
  resetReason: ResetReason;
  /** config.json of the data directory: typed sections, change events on the bus. */
  config: ConfigStore;
  /** The admin account: route levels, WebSocket upgrades (authorizeUpgrade), the default-password hint. */
  auth: AuthService;
  /**
   * Restarts the gateway in-process about 1 s from now (after the answer has gone out): sockets and
   * clients closed, config reloaded, services re-created. Until then every request gets 503.
   */
  requestReboot(reason: string): void;
  /** The gateway clock (host time plus an offset; a manual or simulated start moves only the offset). */
  clock: Clock;
  /** The radio, the inverter engine and the live model it fills. */
  plant: Plant;
  /** The log lines the /console WebSocket shows; it outlives reboots. */
  consoleLog: ConsoleLog;
  /** Changes and WebSocket upgrades refused for coming from another origin's page (http/origin-guard.ts). */
  originRefusals: OriginRefusals;
  /** The services of this run that routes talk to (made and ordered in services.ts). */
  services: ServiceSlots;
}

/** One slot per service routes reach; MQTT and history add theirs here. */
export interface ServiceSlots {
  /** Background SNTP queries; whether the configured server answers. */
  sntp: TimeSync;
  /** Pushes of /livedata. */
  livedata: LivedataHub;
  /** Log lines of /console. */
  console: ConsoleHub;
  /** The MQTT output: state topics, commands, Home Assistant discovery; its connection state. */
  mqtt: MqttService;
  /** Power and energy over time (src/history/): recording, retention, the series the API answers. */
  history: HistoryService;
  /** The house's electricity meter (src/powermeter/): one source, its last reading; the limiter's feed. */
  meter: MeterService;
  /** Alerts (src/alerts/): rules on the live model, lifecycle in the history database, push. */
  alerts: AlertService;
  /** The power limiter (src/powerlimiter/): zero export from the house meter's reading. */
  powerlimiter: LimiterService;
  /** Hoymiles Wi-Fi devices (src/wifi/): their pollers, status and commands. */
  wifi: WifiService;
  /** The battery (src/battery/): one source, its last reading, its frame counts. */
  battery: BatteryService;
  /** The solar charge controllers (src/battery/): one source per controller, the total solar power. */
  solarcharger: SolarChargerService;
}
