/**
 * The config.json format: OpenDTU's layout and key names, so a backup of either restores on
 * the other as far as the keys overlap. Differences, by design:
 * - `security.password_hash` (salted scrypt) replaces the clear-text `security.password`; a file that still
 *   carries `password` (an OpenDTU backup) has it hashed on load.
 * - `ntp.timezone` keeps the POSIX rule of `timezone_descr` ("" = derive it from the name).
 * - `history` (ours) holds the history settings; OpenDTU ignores the key, the history itself is not here.
 * - `powermeter` (ours, names after OpenDTU-OnBattery's) holds the electricity meter source.
 *
 * This schema checks JSON types and C ranges only. Business rules (lengths, ports, topics) are the API's
 * job; a stored value the API would reject still loads, as on the firmware.
 */
import {
  BatterySources,
  FeedInCapModes,
  GridSignalSources,
  InverterLimits,
  isAllowedOriginEntry,
  JkBmsInterfaces,
  LimiterInverterRoles,
  ModbusDataTypes,
  ModbusMeterModels,
  ModbusParities,
  ModbusRegisterTypes,
  ModbusTransports,
  ModbusWordOrders,
  PowerMeterSources,
  parseHexSerial,
  ShellyMeterKinds,
  SolarChargerSources,
} from '@dtu-console/contract';
import { z } from 'zod';
import { isPasswordHash } from './password';

const u8 = z.int().min(0).max(0xff);
const i8 = z.int().min(-0x80).max(0x7f);
const u16 = z.int().min(0).max(0xffff);
const u32 = z.int().min(0).max(0xffffffff);
/** 48-bit serials, stored as decimal integers. */
const serial = z.int().min(0).max(0xffffffffffff);

/** The stored number of a posted serial; a longer one keeps its low 48 bits. */
export function storedSerial(text: string): number {
  return Number(parseHexSerial(text) & 0xffffffffffffn);
}

export const MAX_INVERTERS = InverterLimits.maxInverters;
export const MAX_CHANNELS = InverterLimits.maxChannels;
export const LOG_MODULE_SLOTS = 16;
export const LED_COUNT = 2;

export const channelSchema = z.object({
  name: z.string(),
  max_power: u16,
  yield_total_offset: z.number(),
});

export const inverterSlotSchema = z.object({
  serial,
  name: z.string(),
  order: u8,
  poll_enable: z.boolean(),
  poll_enable_night: z.boolean(),
  command_enable: z.boolean(),
  command_enable_night: z.boolean(),
  reachable_threshold: u8,
  zero_runtime: z.boolean(),
  zero_day: z.boolean(),
  clear_eventlog: z.boolean(),
  yieldday_correction: z.boolean(),
  // Added with the MI series; older config files have no such key.
  limiter_opt_in: z.boolean().default(false),
  channel: z.array(channelSchema).length(MAX_CHANNELS),
});

export const configSchema = z.object({
  cfg: z.object({ version: u32, save_count: u32 }),
  wifi: z.object({
    ssid: z.string(),
    password: z.string(),
    ip: z.string(),
    netmask: z.string(),
    gateway: z.string(),
    dns1: z.string(),
    dns2: z.string(),
    dhcp: z.boolean(),
    hostname: z.string(),
    aptimeout: u32,
  }),
  mdns: z.object({ enabled: z.boolean() }),
  syslog: z.object({ enabled: z.boolean(), hostname: z.string(), port: u32 }),
  ntp: z.object({
    server: z.string(),
    /** POSIX TZ rule of `timezone_descr`; "" when unknown (derive it from the name). */
    timezone: z.string(),
    timezone_descr: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    sunsettype: u8,
  }),
  mqtt: z.object({
    enabled: z.boolean(),
    hostname: z.string(),
    port: u32,
    clientid: z.string(),
    username: z.string(),
    password: z.string(),
    topic: z.string(),
    retain: z.boolean(),
    publish_interval: u32,
    clean_session: z.boolean(),
    lwt: z.object({ topic: z.string(), value_online: z.string(), value_offline: z.string(), qos: u8 }),
    tls: z.object({
      enabled: z.boolean(),
      root_ca_cert: z.string(),
      certlogin: z.boolean(),
      client_cert: z.string(),
      client_key: z.string(),
    }),
    hass: z.object({
      enabled: z.boolean(),
      retain: z.boolean(),
      topic: z.string(),
      individual_panels: z.boolean(),
      expire: z.boolean(),
    }),
  }),
  dtu: z.object({
    serial,
    poll_interval: u32,
    nrf_pa_level: u8,
    cmt_pa_level: i8,
    cmt_frequency: u32,
    cmt_country_mode: u8,
  }),
  security: z.object({
    password_hash: z.string().refine(isPasswordHash, 'not a scrypt password hash'),
    allow_readonly: z.boolean(),
    /** Ours (docs/security.md): origins besides the own whose pages may send changes; a restore checks them too. */
    allowed_origins: z.array(
      z.string().refine(isAllowedOriginEntry, 'not an origin (scheme://host[:port]) or *'),
    ),
  }),
  device: z.object({
    pinmapping: z.string(),
    display: z.object({
      powersafe: z.boolean(),
      screensaver: z.boolean(),
      rotation: u8,
      contrast: u8,
      locale: z.string(),
      diagram_duration: u32,
      diagram_mode: u8,
    }),
    led: z.array(z.object({ brightness: u8 })).length(LED_COUNT),
  }),
  inverters: z.array(inverterSlotSchema).length(MAX_INVERTERS),
  logging: z.object({
    default: z.int().min(-1).max(5),
    modules: z.array(z.object({ level: z.int().min(-1).max(5), name: z.string() })).length(LOG_MODULE_SLOTS),
  }),
  /** Ours, not OpenDTU's: what the history service (src/history/) records and keeps. */
  history: z.object({ enabled: z.boolean(), minute_days: u32, quarter_days: u32, daily_days: u32 }),
  /** Ours (key names after OpenDTU-OnBattery's): the house's electricity meter (src/powermeter/). */
  powermeter: powermeterSchema(),
  /** Ours: the alert rules and push targets (src/alerts/); the URLs and tokens are write-only secrets. */
  alerts: z.object({
    unreachable_enabled: z.boolean(),
    unreachable_minutes: u32,
    string_enabled: z.boolean(),
    string_percent: u32,
    string_minutes: u32,
    string_light_percent: u32,
    alarm_enabled: z.boolean(),
    radio_enabled: z.boolean(),
    radio_percent: u32,
    radio_minutes: u32,
    meter_enabled: z.boolean(),
    meter_minutes: u32,
    limiter_enabled: z.boolean(),
    limiter_minutes: u32,
    grid_signal_lost_enabled: z.boolean(),
    grid_signal_lost_minutes: u32,
    grid_signal_enabled: z.boolean(),
    grid_signal_hours: u32,
    webhook_enabled: z.boolean(),
    webhook_url: z.string(),
    webhook_auth: z.string(),
    ntfy_enabled: z.boolean(),
    ntfy_url: z.string(),
    ntfy_token: z.string(),
    ntfy_priority: u8,
  }),
  /** Ours: Hoymiles Wi-Fi devices polled over their local TCP protocol (src/wifi/, docs/wifi.md). */
  wifi_devices: z.object({
    devices: z.array(
      z.object({ name: z.string(), host: z.string(), port: u16, enabled: z.boolean(), poll_interval: u32 }),
    ),
    limit_interval_min: u32,
  }),
  /** Ours (key names after OpenDTU-OnBattery's): the battery's source (src/battery/, docs/battery.md). */
  battery: z.object({
    enabled: z.boolean(),
    source: z.enum(BatterySources),
    vedirect: z.object({ device: z.string() }),
    jkbms: z.object({ device: z.string(), interface: z.enum(JkBmsInterfaces) }),
    can: z.object({ interface: z.string() }),
    mqtt: z.object({
      soc_topic: z.string(),
      soc_json_path: z.string(),
      voltage_topic: z.string(),
      voltage_json_path: z.string(),
      voltage_unit: u8,
      current_topic: z.string(),
      current_json_path: z.string(),
      current_unit: u8,
      power_topic: z.string(),
      power_json_path: z.string(),
      temperature_topic: z.string(),
      temperature_json_path: z.string(),
      discharge_current_limit_topic: z.string(),
      discharge_current_limit_json_path: z.string(),
    }),
    stale_after_s: u32,
  }),
  /** Ours: the solar charge controllers (MPPTs) that charge the battery (src/battery/). */
  solarcharger: z.object({
    enabled: z.boolean(),
    source: z.enum(SolarChargerSources),
    vedirect: z.object({ devices: z.array(z.string()) }),
    mqtt: z.object({
      power_topic: z.string(),
      power_json_path: z.string(),
      power_unit: u8,
      voltage_topic: z.string(),
      voltage_json_path: z.string(),
      voltage_unit: u8,
    }),
    stale_after_s: u32,
  }),
  /** Ours: the power limiter (src/powerlimiter/, docs/limiter.md); names as OpenDTU-OnBattery's where they mean the same. */
  powerlimiter: z.object({
    enabled: z.boolean(),
    target_power_consumption: z.int(),
    target_power_consumption_hysteresis: u16,
    base_load_limit: u32,
    min_command_interval: u16,
    inverters: z.array(
      z.object({
        serial: z.string(),
        governed: z.boolean(),
        behind_power_meter: z.boolean(),
        lower_power_limit: u32,
        upper_power_limit: u32,
        // Older files have none: a solar inverter.
        role: z.enum(LimiterInverterRoles).default('solar'),
      }),
    ),
    feed_in_cap: z.object({
      enabled: z.boolean(),
      mode: z.enum(FeedInCapModes),
      percent: u8,
      watts: u32,
      module_power_wp: u32,
    }),
    grid_signal: z.object({
      enabled: z.boolean(),
      source: z.enum(GridSignalSources),
      gpio: z.object({
        chip: z.string(),
        lines: z.array(z.int().min(-1).max(0xffff)).length(4),
        active_low: z.boolean(),
      }),
      mqtt: z.object({ topic: z.string() }),
      steps: z.array(u8).length(4),
    }),
    battery: z.object({
      start_soc: z.number(),
      stop_soc: z.number(),
      start_voltage: z.number(),
      stop_voltage: z.number(),
      load_correction_v_per_kw: z.number(),
      discharge_at_night: z.boolean(),
      passthrough: z.object({ enabled: z.boolean(), margin_w: u32, full_soc: z.number() }),
    }),
  }),
});

function powermeterSchema() {
  const value = { json_path: z.string(), unit: u8, sign_inverted: z.boolean() };
  const httpRequest = z.object({
    url: z.string(),
    auth_type: u8,
    username: z.string(),
    password: z.string(),
    timeout: u32,
  });
  return z.object({
    enabled: z.boolean(),
    source: z.enum(PowerMeterSources),
    max_age: u32,
    mqtt: z.object({
      use_gateway_broker: z.boolean(),
      hostname: z.string(),
      port: u16,
      username: z.string(),
      password: z.string(),
      values: z.array(z.object({ topic: z.string(), ...value })).max(3),
    }),
    http_json: z.object({
      polling_interval: u32,
      http_request: httpRequest,
      ...value,
    }),
    shelly: z.object({
      hostname: z.string(),
      password: z.string(),
      kind: z.enum(ShellyMeterKinds),
      channel: u8,
      polling_interval: u32,
      notifications: z.boolean(),
    }),
    sml_serial: z.object({ device: z.string(), baud_rate: u32 }),
    http_sml: z.object({ polling_interval: u32, http_request: httpRequest }),
    sma_speedwire: z.object({ serial: u32 }),
    modbus: z.object({
      transport: z.enum(ModbusTransports),
      host: z.string(),
      port: u16,
      device: z.string(),
      baud_rate: u32,
      parity: z.enum(ModbusParities),
      unit_id: u8,
      model: z.enum(ModbusMeterModels),
      polling_interval: u32,
      register: u16,
      register_type: z.enum(ModbusRegisterTypes),
      data_type: z.enum(ModbusDataTypes),
      word_order: z.enum(ModbusWordOrders),
      scale: z.number(),
    }),
  });
}

export type GatewayConfig = z.infer<typeof configSchema>;
export type InverterSlot = z.infer<typeof inverterSlotSchema>;
export type ChannelConfig = z.infer<typeof channelSchema>;

/** Everything but `cfg` (version and save counter belong to the store). */
export type ConfigSection = Exclude<keyof GatewayConfig, 'cfg'>;

export const CONFIG_SECTIONS = [
  'wifi',
  'mdns',
  'syslog',
  'ntp',
  'mqtt',
  'dtu',
  'security',
  'device',
  'inverters',
  'logging',
  'history',
  'powermeter',
  'alerts',
  'powerlimiter',
  'wifi_devices',
  'battery',
  'solarcharger',
] as const satisfies readonly ConfigSection[];

export type DeepReadonly<T> = T extends (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;
