import type { Logger } from '../system/logger';
import type { Service } from '../system/service';
import { DEFAULT_ADMIN_PASSWORD } from './defaults';
import type { ConfigAnnouncer } from './events';
import {
  CONFIG_FILE,
  deleteAllConfigFiles,
  deleteConfigFiles,
  deletePinMappingFile,
  listDataFiles,
  readPinMappingFile,
  writeConfigFile,
  writePinMappingFile,
} from './files';
import { gatewayChipId } from './identity';
import { type ParseResult, parseConfigText } from './parse';
import { type LoadSource, loadConfig } from './recovery';
import { type ConfigSection, configSchema, type DeepReadonly, type GatewayConfig } from './schema';
import {
  ALERT_SECRETS,
  keepIfMasked,
  keepPowerMeterSecrets,
  maskPowerMeterSecrets,
  maskSecret,
} from './secrets';
import { CONFIG_VERSION_INT } from './version';

/** 'write-failed': the values are active in memory but not on disk (answer 1006). */
export type SaveOutcome = 'saved' | 'write-failed';

export type ConfigPatch = { [K in ConfigSection]?: DeepReadonly<GatewayConfig[K]> };

export interface ConfigStoreOptions {
  dataDir: string;
  log: Logger;
  bus: ConfigAnnouncer;
  /** Admin password of a first start (default openDTU42); only its hash is stored, it is never logged. */
  adminPassword?: string;
  /** Injectable for tests; see identity.ts. */
  chipId?: number;
}

/** A caller tried to store values of the wrong type: a bug in that caller, not user input. */
export class ConfigValidationError extends Error {}

function deepFreeze<T>(value: T): DeepReadonly<T> {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value as DeepReadonly<T>;
}

/**
 * config.json in the data directory: loaded once per gateway run, read through typed getters, changed per
 * section. Every change is validated as a whole file first, applied in memory, announced on the bus
 * (`config:changed` with the section name) and written atomically with the previous file kept as
 * config.json.bak. A start with an unreadable config.json falls back to the backup, then to defaults
 * (recovery.ts); the files themselves are in files.ts.
 */
export class ConfigStore implements Service {
  readonly name = 'config';
  readonly dataDir: string;
  readonly chipId: number;
  readonly defaultPassword: string;
  /** Where this run's config came from (for logs and tests). */
  readonly source: LoadSource;

  readonly #log: Logger;
  readonly #bus: ConfigAnnouncer;
  #config: DeepReadonly<GatewayConfig>;
  #writes: Promise<unknown> = Promise.resolve();
  #sealed = false;

  private constructor(
    options: ConfigStoreOptions,
    chipId: number,
    config: GatewayConfig,
    source: LoadSource,
  ) {
    this.dataDir = options.dataDir;
    this.chipId = chipId;
    this.defaultPassword = options.adminPassword ?? DEFAULT_ADMIN_PASSWORD;
    this.source = source;
    this.#log = options.log;
    this.#bus = options.bus;
    this.#config = deepFreeze(config);
  }

  static async open(options: ConfigStoreOptions): Promise<ConfigStore> {
    const chipId = options.chipId ?? gatewayChipId(options.dataDir);
    const defaultPassword = options.adminPassword ?? DEFAULT_ADMIN_PASSWORD;
    const loaded = await loadConfig(options.dataDir, options.log, { chipId, defaultPassword });
    const store = new ConfigStore(options, chipId, loaded.config, loaded.source);
    if (loaded.write) await store.#save();
    return store;
  }

  start(): void {}

  /** Waits for pending writes, so a stop or reboot never cuts one short. */
  async stop(): Promise<void> {
    await this.flush();
  }

  async flush(): Promise<void> {
    await this.#writes;
  }

  /** One section, read-only (frozen); copy it with structuredClone to build a changed one. */
  get<K extends ConfigSection>(section: K): DeepReadonly<GatewayConfig[K]> {
    return this.#config[section] as DeepReadonly<GatewayConfig[K]>;
  }

  /** The whole config, read-only. */
  all(): DeepReadonly<GatewayConfig> {
    return this.#config;
  }

  /** How many times config.json has been written (`cfgsavecount` of /api/system/status). */
  get saveCount(): number {
    return this.#config.cfg.save_count;
  }

  /** Replaces one section (or maps it with a function), then saves. */
  update<K extends ConfigSection>(
    section: K,
    value:
      | DeepReadonly<GatewayConfig[K]>
      | ((current: DeepReadonly<GatewayConfig[K]>) => DeepReadonly<GatewayConfig[K]>),
  ): Promise<SaveOutcome> {
    const next =
      typeof value === 'function'
        ? (value as (current: DeepReadonly<GatewayConfig[K]>) => DeepReadonly<GatewayConfig[K]>)(
            this.get(section),
          )
        : value;
    return this.updateMany({ [section]: next } as ConfigPatch);
  }

  /** Shallow-merges keys into one section, then saves: `patch('security', { allow_readonly: false })`. */
  patch<K extends ConfigSection>(
    section: K,
    changes: Partial<DeepReadonly<GatewayConfig[K]>>,
  ): Promise<SaveOutcome> {
    return this.update(section, (current) => ({ ...current, ...changes }) as DeepReadonly<GatewayConfig[K]>);
  }

  /**
   * Several sections in one write (e.g. wifi + mdns + syslog from the network settings). Throws
   * ConfigValidationError, changing nothing, when the result would not be a valid config.
   * `config:changed` is emitted once per section given, also when its values stayed the same: a save is
   * what triggers side effects such as an MQTT reconnect.
   */
  updateMany(patch: ConfigPatch): Promise<SaveOutcome> {
    const candidate = { ...structuredClone(this.#config), ...structuredClone(patch) };
    const result = configSchema.safeParse(candidate);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new ConfigValidationError(
        `config ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      );
    }
    this.#config = deepFreeze(result.data);
    for (const section of Object.keys(patch) as ConfigSection[]) this.#bus.emit('config:changed', section);
    return this.#save();
  }

  /** The current configuration as config.json text (compact, in OpenDTU's key order). */
  serialize(): string {
    return JSON.stringify(this.#config);
  }

  /**
   * The config as a backup download: secrets (Wi-Fi and MQTT passwords, the TLS client key) masked, since no
   * GET may carry them in clear. Restoring such a backup here keeps the stored secrets (see restore); on
   * another gateway they must be entered again. The admin password is only a salted hash and stays.
   */
  serializeForBackup(): string {
    const copy = structuredClone(this.#config) as GatewayConfig;
    copy.wifi.password = maskSecret(copy.wifi.password);
    copy.mqtt.password = maskSecret(copy.mqtt.password);
    copy.mqtt.tls.client_key = maskSecret(copy.mqtt.tls.client_key);
    maskPowerMeterSecrets(copy.powermeter);
    for (const key of ALERT_SECRETS) copy.alerts[key] = maskSecret(copy.alerts[key]);
    return JSON.stringify(copy);
  }

  /** Validates a restore candidate exactly as a start would load it; changes nothing. */
  parse(text: string): Promise<ParseResult> {
    return parseConfigText(text, { chipId: this.chipId, defaultPassword: this.defaultPassword });
  }

  /**
   * Writes a validated config (from `parse`) as config.json for the next run; this run keeps its values
   * and writes nothing more (the restart that follows must find the restored file).
   */
  async restore(config: GatewayConfig): Promise<void> {
    const next = structuredClone(config);
    next.cfg = { version: CONFIG_VERSION_INT, save_count: this.saveCount + 1 };
    // A masked secret (from serializeForBackup) means "keep the one stored here".
    next.wifi.password = keepIfMasked(next.wifi.password, this.#config.wifi.password);
    next.mqtt.password = keepIfMasked(next.mqtt.password, this.#config.mqtt.password);
    next.mqtt.tls.client_key = keepIfMasked(next.mqtt.tls.client_key, this.#config.mqtt.tls.client_key);
    keepPowerMeterSecrets(next.powermeter, this.#config.powermeter);
    for (const key of ALERT_SECRETS)
      next.alerts[key] = keepIfMasked(next.alerts[key], this.#config.alerts[key]);
    this.#sealed = true;
    await this.flush();
    await writeConfigFile(this.dataDir, JSON.stringify(next));
  }

  /** Deletes the configuration (pin_mapping.json survives); the next run starts fresh. */
  async factoryReset(): Promise<void> {
    this.#sealed = true;
    await this.flush();
    await deleteAllConfigFiles(this.dataDir);
  }

  /** Deletes config.json and its backup but keeps running; the next save writes it again. */
  async deleteConfigFile(): Promise<void> {
    await this.flush();
    await deleteConfigFiles(this.dataDir);
  }

  /** pin_mapping.json as stored (read-only here: the device route reads it), or undefined without one. */
  readPinMapping(): Promise<Buffer | undefined> {
    return readPinMappingFile(this.dataDir);
  }

  writePinMapping(content: Uint8Array): Promise<void> {
    return writePinMappingFile(this.dataDir, content);
  }

  deletePinMapping(): Promise<boolean> {
    return deletePinMappingFile(this.dataDir);
  }

  /** The files /api/file/list shows, with their sizes on disk. */
  listFiles(): Promise<{ name: string; size: number }[]> {
    return listDataFiles(this.dataDir);
  }

  #save(): Promise<SaveOutcome> {
    if (this.#sealed) {
      this.#log.warn('Configuration change not saved: a restore or reset waits for the restart');
      return Promise.resolve('write-failed');
    }
    const { cfg } = this.#config;
    this.#config = deepFreeze({
      ...this.#config,
      cfg: { version: CONFIG_VERSION_INT, save_count: cfg.save_count + 1 },
    });
    const text = this.serialize();
    // Writes run one after the other, each with the config as it was when it was asked for.
    const write = this.#writes.then(() => writeConfigFile(this.dataDir, text));
    this.#writes = write.catch(() => {});
    return write.then(
      () => 'saved' as const,
      (error: unknown) => {
        this.#log.error(
          { err: error },
          `Cannot write ${CONFIG_FILE}; the new values are active until restart`,
        );
        return 'write-failed' as const;
      },
    );
  }
}
