/**
 * The services of one gateway run beyond config, auth and the plant, in the order app.ts starts them
 * (stopped in reverse). A new service (MQTT in src/mqtt/, history in src/history/) is made here, gets a
 * slot in `ServiceSlots` (context.ts) for routes to reach it, and joins `list`; nothing else changes.
 */

import { normalizeSerial } from '@dtu-console/hoymiles';
import { SimulatedRadio } from '@dtu-console/radio/simulated';
import { AlertService } from './alerts/service';
import { SolarChargerService } from './battery/charger-service';
import { BatteryService } from './battery/service';
import { simulatedBatteryBus } from './battery/simulated/bus-service';
import type { BatterySourceFactory } from './battery/sources/factory';
import type { Service } from './bus';
import type { GatewayContext, ServiceSlots } from './context';
import { GridSignalService } from './grid-signal/service';
import { HistoryService } from './history/service';
import { MqttService } from './mqtt/service';
import { MdnsAdvertiser } from './network/mdns';
import { SyslogForwarder } from './network/syslog';
import { TimeSync } from './ntp/service';
import { gatewayHintInputs } from './output/live-json';
import { plantPort } from './powerlimiter/port';
import { LimiterService } from './powerlimiter/service';
import { MeterService } from './powermeter/service';
import { WifiService } from './wifi/service';
import { ConsoleHub } from './ws/console';
import { LivedataHub } from './ws/livedata';

/** Everything of the context except the slots these services fill. */
export type CoreContext = Omit<GatewayContext, 'services'>;

export interface ServiceOptions {
  /** Tests shorten the SNTP timeout. */
  sntpTimeoutMs?: number;
  /** Seed of the simulated house (the meter), the plant's seed. */
  seed?: number | string;
}

export function createServices(
  ctx: CoreContext,
  options: ServiceOptions = {},
): { slots: ServiceSlots; list: Service[] } {
  const sntp = new TimeSync({
    config: ctx.config,
    bus: ctx.bus,
    clock: ctx.clock,
    log: ctx.log,
    ...(options.sntpTimeoutMs === undefined ? {} : { timeoutMs: options.sntpTimeoutMs }),
  });
  const livedataLog = ctx.log.child({ component: 'livedata' });
  const maxClients =
    ctx.options.maxSocketClients === undefined ? {} : { maxClients: ctx.options.maxSocketClients };
  const livedata = new LivedataHub({
    live: ctx.plant.live,
    bus: ctx.bus,
    clock: ctx.clock,
    hints: () => gatewayHintInputs(ctx.auth, ctx.plant.radio),
    ...maxClients,
    onSlowClient: () => livedataLog.info('Live data client too slow: disconnected'),
  });
  const console = new ConsoleHub({ consoleLog: ctx.consoleLog, bus: ctx.bus, ...maxClients });
  // What the host's network settings ask of the gateway itself: its log to a syslog server, and the
  // console announced by mDNS under the host name.
  const syslog = new SyslogForwarder({
    config: ctx.config,
    bus: ctx.bus,
    clock: ctx.clock,
    log: ctx.log,
    consoleLog: ctx.consoleLog,
  });
  const mdns = new MdnsAdvertiser({ config: ctx.config, bus: ctx.bus, log: ctx.log, port: ctx.options.port });
  const mqtt: MqttService = new MqttService({
    config: ctx.config,
    bus: ctx.bus,
    clock: ctx.clock,
    plant: ctx.plant,
    log: ctx.log,
    build: ctx.build,
    heap: ctx.heap,
    dataDir: ctx.options.dataDir,
    powerlimiter: () => powerlimiter,
    battery: { battery: () => battery, solarcharger: () => solarcharger },
  });
  const history = new HistoryService({
    config: ctx.config,
    bus: ctx.bus,
    clock: ctx.clock,
    live: ctx.plant.live,
    log: ctx.log,
    dataDir: ctx.options.dataDir,
    battery: () => battery.status(),
  });
  // The house's electricity meter: after MQTT, whose connection it may read through.
  const meter: MeterService = new MeterService({
    config: ctx.config,
    bus: ctx.bus,
    clock: ctx.clock,
    plant: ctx.plant,
    log: ctx.log,
    mqtt,
    ...(options.seed === undefined ? {} : { seed: String(options.seed) }),
  });
  // The simulated meter sees only the inverters the limiter's settings put behind it (all until listed).
  meter.setBehindMeter((serial) => {
    const listed = ctx.config
      .get('powerlimiter')
      .inverters.find((inverter) => normalizeSerial(inverter.serial) === normalizeSerial(serial));
    return listed?.behind_power_meter ?? true;
  });
  // After history: alerts live in its database.
  const alerts = new AlertService({
    config: ctx.config,
    bus: ctx.bus,
    clock: ctx.clock,
    plant: ctx.plant,
    history,
    log: ctx.log,
    // The power limiter's rules: the meter, and the limiter made below.
    meter,
    limiter: () => powerlimiter,
  });
  // The grid operator's signal (src/grid-signal/): GPIO contacts or an MQTT topic, read before the limiter.
  const gridSignal = new GridSignalService({
    config: ctx.config,
    bus: ctx.bus,
    clock: ctx.clock,
    log: ctx.log,
    mqtt,
  });
  // The power limiter (src/powerlimiter/) reads the house meter only through its MeterFeed; without a usable
  // reading it waits ("waiting_for_meter") and sends nothing.
  const powerlimiter: LimiterService = new LimiterService({
    config: ctx.config,
    bus: ctx.bus,
    clock: ctx.clock,
    live: ctx.plant.live,
    port: plantPort(ctx.plant),
    meter,
    log: ctx.log,
    dataDir: ctx.options.dataDir,
    gridSignal,
    // The battery rules read the battery, the charge controllers' solar power and the engine's night.
    battery: () => ({
      battery: battery.status(),
      solarPowerW: solarcharger.solarPowerW(),
      night: !ctx.plant.engine.isDay,
    }),
  });
  // Hoymiles Wi-Fi devices: their inverters join the live model beside the radio ones (src/wifi/).
  const wifi = new WifiService({
    config: ctx.config,
    bus: ctx.bus,
    clock: ctx.clock,
    live: ctx.plant.live,
    engine: ctx.plant.engine,
    log: ctx.log,
    ...(ctx.options.wifiTimeoutMs === undefined ? {} : { timeoutMs: ctx.options.wifiTimeoutMs }),
  });
  // The battery and its charge controllers (src/battery/): after MQTT, whose connection they may read
  // through. Beside the simulated radio they share one simulated battery bus under the plant's sky, which
  // feeds the virtual inverters the limiter gives the battery role.
  const busService =
    ctx.plant.radio instanceof SimulatedRadio
      ? simulatedBatteryBus({
          config: ctx.config,
          bus: ctx.bus,
          clock: ctx.clock,
          log: ctx.log,
          radio: ctx.plant.radio,
          seed: String(options.seed ?? 'dtu-console'),
        })
      : undefined;
  const batteryFactory: BatterySourceFactory = {
    clock: ctx.clock,
    mqtt,
    bus: busService ? () => busService.batteryBus : undefined,
  };
  const battery = new BatteryService({
    config: ctx.config,
    bus: ctx.bus,
    log: ctx.log,
    factory: batteryFactory,
  });
  const solarcharger = new SolarChargerService({
    config: ctx.config,
    bus: ctx.bus,
    log: ctx.log,
    factory: batteryFactory,
  });
  const slots: ServiceSlots = {
    sntp,
    livedata,
    console,
    mqtt,
    history,
    meter,
    powerlimiter,
    alerts,
    wifi,
    battery,
    solarcharger,
  };
  return {
    slots,
    list: [
      syslog,
      sntp,
      livedata,
      console,
      mqtt,
      mdns,
      history,
      meter,
      ...(busService ? [busService.service] : []),
      battery,
      solarcharger,
      gridSignal,
      powerlimiter,
      alerts,
      wifi,
    ],
  };
}
