/**
 * A fresh gateway's configuration (gateway-settings.json), plus what only a first start
 * ships: two simulated inverters so the live view has something to show.
 */
import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import {
  AlertLimits,
  BatteryLimiterLimits,
  BatteryLimits,
  DisplayDefaults,
  DtuDefaults,
  FeedInLimits,
  HistoryLimits,
  InverterSlotDefaults,
  MqttDefaults,
  NetworkDefaults,
  NtpDefaults,
  PowerLimiterLimits,
  PowerMeterLimits,
  SecurityLimits,
  serialNumber,
  WifiLimits,
} from '@dtu-console/contract';
import { generateDtuSerial } from './identity';
import {
  type ChannelConfig,
  type GatewayConfig,
  type InverterSlot,
  LED_COUNT,
  LOG_MODULE_SLOTS,
  MAX_CHANNELS,
  MAX_INVERTERS,
} from './schema';
import { CONFIG_VERSION_INT } from './version';

/** POSIX rule of the default zone (Europe/Berlin). */
export const DEFAULT_POSIX_TIMEZONE = NtpDefaults.timezone;

/** Documented default admin password; only its hash is ever stored. */
export const DEFAULT_ADMIN_PASSWORD = SecurityLimits.defaultPassword;

/** The two inverters of a first start: an HM-800 (HM_2CH) and an HMS-2000-4T (HMS_4CH). */
export const FIRST_START_INVERTERS = [
  {
    serial: '114172220003',
    name: 'Garage roof',
    channels: [
      { name: 'South', max_power: 410 },
      { name: 'West', max_power: 410 },
    ],
  },
  {
    serial: '116683554321',
    name: 'Carport',
    channels: [
      { name: 'East 1', max_power: 500 },
      { name: 'East 2', max_power: 500 },
      { name: 'West 1', max_power: 500 },
      { name: 'West 2', max_power: 500 },
    ],
  },
] as const;

let isrgRootX1: string | undefined;

/**
 * The MQTT root CA default is Let's Encrypt's "ISRG Root X1". Node ships it in its CA
 * store, so it is taken from there instead of being pasted into the source.
 */
export function defaultRootCa(): string {
  if (isrgRootX1 === undefined) {
    isrgRootX1 =
      rootCertificates.find((pem) => {
        try {
          return /CN=ISRG Root X1$/m.test(new X509Certificate(pem).subject);
        } catch {
          return false;
        }
      }) ?? '';
    if (isrgRootX1 && !isrgRootX1.endsWith('\n')) isrgRootX1 += '\n';
  }
  return isrgRootX1;
}

export function emptyChannel(): ChannelConfig {
  return { name: '', max_power: 0, yield_total_offset: 0 };
}

/** An unused slot (serial 0). */
export function emptyInverterSlot(): InverterSlot {
  return {
    serial: 0,
    name: '',
    order: 0,
    ...InverterSlotDefaults,
    channel: Array.from({ length: MAX_CHANNELS }, emptyChannel),
  };
}

export interface DefaultsInput {
  /** See identity.ts; drives the DTU serial and the MQTT client id. */
  chipId: number;
  /** scrypt hash of the first admin password; "" until the store has computed it. */
  passwordHash: string;
  /** Ship FIRST_START_INVERTERS (a first start) or ten empty slots (filling a partial file). */
  withInverters: boolean;
}

export function createDefaults(input: DefaultsInput): GatewayConfig {
  const inverters = Array.from({ length: MAX_INVERTERS }, emptyInverterSlot);
  if (input.withInverters) {
    FIRST_START_INVERTERS.forEach((inverter, index) => {
      const slot = inverters[index];
      if (!slot) return;
      slot.serial = serialNumber(inverter.serial);
      slot.name = inverter.name;
      slot.order = index;
      inverter.channels.forEach((channel, ch) => {
        slot.channel[ch] = { ...emptyChannel(), ...channel };
      });
    });
  }
  return {
    cfg: { version: CONFIG_VERSION_INT, save_count: 0 },
    wifi: {
      ssid: '',
      password: '',
      ip: NetworkDefaults.address,
      netmask: NetworkDefaults.address,
      gateway: NetworkDefaults.address,
      dns1: NetworkDefaults.address,
      dns2: NetworkDefaults.address,
      dhcp: NetworkDefaults.dhcp,
      hostname: NetworkDefaults.hostnamePattern,
      aptimeout: NetworkDefaults.apTimeout,
    },
    mdns: { enabled: NetworkDefaults.mdnsEnabled },
    syslog: { enabled: NetworkDefaults.syslogEnabled, hostname: '', port: NetworkDefaults.syslogPort },
    ntp: {
      server: NtpDefaults.server,
      timezone: DEFAULT_POSIX_TIMEZONE,
      timezone_descr: NtpDefaults.timezoneDescr,
      latitude: NtpDefaults.latitude,
      longitude: NtpDefaults.longitude,
      sunsettype: NtpDefaults.sunsetType,
    },
    mqtt: {
      enabled: MqttDefaults.enabled,
      hostname: MqttDefaults.hostname,
      port: MqttDefaults.port,
      // the client id defaults to the access-point name, OpenDTU-<chip id in decimal>.
      clientid: `OpenDTU-${input.chipId}`,
      username: MqttDefaults.username,
      password: MqttDefaults.password,
      topic: MqttDefaults.topic,
      retain: MqttDefaults.retain,
      publish_interval: MqttDefaults.publishInterval,
      clean_session: MqttDefaults.cleanSession,
      lwt: {
        topic: MqttDefaults.lwtTopic,
        value_online: MqttDefaults.lwtOnline,
        value_offline: MqttDefaults.lwtOffline,
        qos: MqttDefaults.lwtQos,
      },
      tls: {
        enabled: MqttDefaults.tls,
        root_ca_cert: defaultRootCa(),
        certlogin: MqttDefaults.tlsCertLogin,
        client_cert: MqttDefaults.clientCert,
        client_key: MqttDefaults.clientKey,
      },
      hass: {
        enabled: MqttDefaults.hassEnabled,
        retain: MqttDefaults.hassRetain,
        topic: MqttDefaults.hassTopic,
        individual_panels: MqttDefaults.hassIndividualPanels,
        expire: MqttDefaults.hassExpire,
      },
    },
    dtu: {
      serial: generateDtuSerial(input.chipId),
      poll_interval: DtuDefaults.pollInterval,
      nrf_pa_level: DtuDefaults.nrfPaLevel,
      cmt_pa_level: DtuDefaults.cmtPaLevel,
      cmt_frequency: DtuDefaults.cmtFrequency,
      cmt_country_mode: DtuDefaults.cmtCountry,
    },
    security: {
      password_hash: input.passwordHash,
      allow_readonly: SecurityLimits.defaultAllowReadonly,
      allowed_origins: [],
    },
    device: {
      pinmapping: '',
      display: {
        powersafe: DisplayDefaults.powerSafe,
        screensaver: DisplayDefaults.screensaver,
        rotation: DisplayDefaults.rotation,
        contrast: DisplayDefaults.contrast,
        locale: DisplayDefaults.locale,
        diagram_duration: DisplayDefaults.diagramDuration,
        diagram_mode: DisplayDefaults.diagramMode,
      },
      led: Array.from({ length: LED_COUNT }, () => ({ brightness: DisplayDefaults.ledBrightness })),
    },
    inverters,
    logging: {
      default: 1,
      // Empty slots are name "" level 5, as OpenDTU writes them.
      modules: Array.from({ length: LOG_MODULE_SLOTS }, () => ({ level: 5, name: '' })),
    },
    history: {
      enabled: HistoryLimits.enabledDefault,
      minute_days: HistoryLimits.minuteDaysDefault,
      quarter_days: HistoryLimits.quarterDaysDefault,
      daily_days: HistoryLimits.dailyDaysDefault,
    },
    // The simulated plant's own meter: with the simulated radio the limiter has a meter out of the box
    // (with a hardware radio this source reports itself unusable until a real one is chosen).
    powermeter: {
      enabled: true,
      source: 'simulated',
      max_age: PowerMeterLimits.maxAgeDefault,
      mqtt: {
        use_gateway_broker: true,
        hostname: '',
        port: PowerMeterLimits.mqttPortDefault,
        username: '',
        password: '',
        values: [{ topic: '', json_path: '', unit: 0, sign_inverted: false }],
      },
      http_json: {
        polling_interval: PowerMeterLimits.pollingIntervalDefault,
        http_request: {
          url: '',
          auth_type: 0,
          username: '',
          password: '',
          timeout: PowerMeterLimits.timeoutDefault,
        },
        json_path: '',
        unit: 0,
        sign_inverted: false,
      },
      shelly: {
        hostname: '',
        password: '',
        kind: 'em',
        channel: 0,
        polling_interval: PowerMeterLimits.pollingIntervalDefault,
        notifications: true,
      },
      sml_serial: {
        device: PowerMeterLimits.serialDeviceDefault,
        baud_rate: PowerMeterLimits.baudRateDefault,
      },
      http_sml: {
        polling_interval: PowerMeterLimits.pollingIntervalDefault,
        http_request: {
          url: '',
          auth_type: 0,
          username: '',
          password: '',
          timeout: PowerMeterLimits.timeoutDefault,
        },
      },
      sma_speedwire: { serial: 0 },
      modbus: {
        transport: 'tcp',
        host: '',
        port: PowerMeterLimits.modbusPortDefault,
        device: PowerMeterLimits.serialDeviceDefault,
        baud_rate: PowerMeterLimits.baudRateDefault,
        parity: 'none',
        unit_id: 1,
        model: 'sdm630',
        polling_interval: 1,
        register: 0,
        register_type: 'input',
        data_type: 'float32',
        word_order: 'high_first',
        scale: 1,
      },
    },
    alerts: {
      unreachable_enabled: AlertLimits.unreachableEnabledDefault,
      unreachable_minutes: AlertLimits.unreachableMinutesDefault,
      string_enabled: AlertLimits.stringEnabledDefault,
      string_percent: AlertLimits.stringPercentDefault,
      string_minutes: AlertLimits.stringMinutesDefault,
      string_light_percent: AlertLimits.stringLightPercentDefault,
      alarm_enabled: AlertLimits.alarmEnabledDefault,
      radio_enabled: AlertLimits.radioEnabledDefault,
      radio_percent: AlertLimits.radioPercentDefault,
      radio_minutes: AlertLimits.radioMinutesDefault,
      meter_enabled: AlertLimits.meterEnabledDefault,
      meter_minutes: AlertLimits.meterMinutesDefault,
      limiter_enabled: AlertLimits.limiterEnabledDefault,
      limiter_minutes: AlertLimits.limiterMinutesDefault,
      grid_signal_lost_enabled: AlertLimits.gridSignalLostEnabledDefault,
      grid_signal_lost_minutes: AlertLimits.gridSignalLostMinutesDefault,
      grid_signal_enabled: AlertLimits.gridSignalEnabledDefault,
      grid_signal_hours: AlertLimits.gridSignalHoursDefault,
      webhook_enabled: false,
      webhook_url: '',
      webhook_auth: '',
      ntfy_enabled: false,
      ntfy_url: '',
      ntfy_token: '',
      ntfy_priority: AlertLimits.ntfyPriorityDefault,
    },
    powerlimiter: {
      enabled: PowerLimiterLimits.enabledDefault,
      target_power_consumption: PowerLimiterLimits.targetDefault,
      target_power_consumption_hysteresis: PowerLimiterLimits.hysteresisDefault,
      base_load_limit: PowerLimiterLimits.baseLoadLimitDefault,
      min_command_interval: PowerLimiterLimits.minIntervalDefault,
      inverters: [],
      feed_in_cap: {
        enabled: FeedInLimits.capEnabledDefault,
        mode: FeedInLimits.capModeDefault,
        percent: FeedInLimits.capPercentDefault,
        watts: FeedInLimits.capWattsDefault,
        module_power_wp: FeedInLimits.modulePowerDefault,
      },
      grid_signal: {
        enabled: FeedInLimits.signalEnabledDefault,
        source: FeedInLimits.signalSourceDefault,
        gpio: {
          chip: FeedInLimits.gpioChipDefault,
          lines: [...FeedInLimits.gpioLinesDefault],
          active_low: FeedInLimits.activeLowDefault,
        },
        mqtt: { topic: '' },
        steps: [...FeedInLimits.stepsDefault],
      },
      battery: {
        start_soc: BatteryLimiterLimits.startSocDefault,
        stop_soc: BatteryLimiterLimits.stopSocDefault,
        start_voltage: BatteryLimiterLimits.startVoltageDefault,
        stop_voltage: BatteryLimiterLimits.stopVoltageDefault,
        load_correction_v_per_kw: BatteryLimiterLimits.loadCorrectionDefault,
        discharge_at_night: false,
        passthrough: {
          enabled: false,
          margin_w: BatteryLimiterLimits.passthroughMarginDefault,
          full_soc: BatteryLimiterLimits.fullSocDefault,
        },
      },
    },
    wifi_devices: { devices: [], limit_interval_min: WifiLimits.limitIntervalDefault },
    // The simulated battery bus, as the meter's: with the simulated radio a newcomer sees the battery at
    // once (with a hardware radio this source reports itself unusable until a real one is chosen).
    battery: {
      enabled: true,
      source: 'simulated',
      vedirect: { device: BatteryLimits.serialDeviceDefault },
      jkbms: { device: BatteryLimits.serialDeviceDefault, interface: 'uart' },
      can: { interface: BatteryLimits.canInterfaceDefault },
      mqtt: {
        soc_topic: '',
        soc_json_path: '',
        voltage_topic: '',
        voltage_json_path: '',
        voltage_unit: 0,
        current_topic: '',
        current_json_path: '',
        current_unit: 0,
        power_topic: '',
        power_json_path: '',
        temperature_topic: '',
        temperature_json_path: '',
        discharge_current_limit_topic: '',
        discharge_current_limit_json_path: '',
      },
      stale_after_s: BatteryLimits.staleAfterDefault,
    },
    solarcharger: {
      enabled: true,
      source: 'simulated',
      vedirect: { devices: [] },
      mqtt: {
        power_topic: '',
        power_json_path: '',
        power_unit: 0,
        voltage_topic: '',
        voltage_json_path: '',
        voltage_unit: 0,
      },
      stale_after_s: BatteryLimits.staleAfterDefault,
    },
  };
}
