/**
 * The power limiter on MQTT (docs/limiter.md, docs/mqtt.md's rules for command payloads): its state, the
 * grid power and each inverter's limit as retained state topics below `<base>powerlimiter/`; an enable
 * switch and a target number as commands; and their Home Assistant entities on the DTU device, which the
 * discovery publisher sends with the others (and so removes when they no longer apply).
 */
import {
  PowerLimiterLimits,
  type PowerLimiterMode,
  PowerLimiterModes,
  type PowerLimiterStatus,
} from '@dtu-console/contract';
import type { Logger } from '../system/logger';
import type { MqttSection } from './client-options';
import { parseNumberPayload } from './commands';
import type { DiscoveryMessage } from './discovery';

/** What MQTT needs of the limiter service. */
export interface PowerLimiterControl {
  status(): PowerLimiterStatus;
  setEnabled(enabled: boolean): Promise<unknown>;
  setTarget(targetW: number): Promise<unknown>;
  /** The run-time mode: applied at once, not stored. */
  setMode(mode: PowerLimiterMode): void;
  /** A limit sent by hand (MQTT limit topics), remembered for when the limiter lets go. */
  handLimit(serial: string, value: number, limitType: number, expiryS: undefined): void;
}

export interface PowerLimiterMqttOptions {
  publish(topic: string, payload: string, retain: boolean): void;
  connected(): boolean;
  settings(): MqttSection;
  limiter(): PowerLimiterControl | undefined;
  /** The limiter's entities changed (set up, given up, inverters listed): a discovery run is due. */
  entitiesChanged(): void;
  log: Logger;
}

const PREFIX = 'powerlimiter/';

export function powerLimiterSubscriptions(base: string): string[] {
  return [`${base}${PREFIX}cmd/enabled`, `${base}${PREFIX}cmd/target`, `${base}${PREFIX}cmd/mode`];
}

export type PowerLimiterCommand =
  | { kind: 'enabled'; value: boolean }
  | { kind: 'target'; value: number }
  | { kind: 'mode'; value: PowerLimiterMode };

/** The mode by its name, or by OpenDTU-OnBattery's number (0 normal, 1 off, 2 full passthrough). */
function parseMode(payload: string): PowerLimiterMode | undefined {
  const text = payload.trim();
  const byName = PowerLimiterModes.find((mode) => mode === text);
  if (byName) return byName;
  return /^[0-2]$/.test(text) ? PowerLimiterModes[Number(text)] : undefined;
}

/** Reads a limiter command; undefined when the topic is not one, a reason when it is refused. */
export function parsePowerLimiterCommand(
  base: string,
  topic: string,
  payload: string,
  retained: boolean,
): PowerLimiterCommand | { refused: string } | undefined {
  const name = topic.startsWith(`${base}${PREFIX}cmd/`) ? topic.slice(`${base}${PREFIX}cmd/`.length) : '';
  if (name !== 'enabled' && name !== 'target' && name !== 'mode') return undefined;
  // A retained command would be replayed on every reconnect and undo later changes made in the console.
  if (retained) return { refused: 'ignored because retained' };
  if (name === 'mode') {
    const mode = parseMode(payload);
    if (!mode) return { refused: `mode must be ${PowerLimiterModes.join(', ')} (or 0, 1, 2)` };
    return { kind: 'mode', value: mode };
  }
  const value = parseNumberPayload(payload);
  if (value === undefined) return { refused: `payload "${payload.slice(0, 40)}" is not a number` };
  if (name === 'enabled') {
    if (value !== 0 && value !== 1) return { refused: 'enabled needs 0 or 1' };
    return { kind: 'enabled', value: value === 1 };
  }
  if (
    !Number.isInteger(value) ||
    value < PowerLimiterLimits.targetMin ||
    value > PowerLimiterLimits.targetMax
  ) {
    return {
      refused: `target must be a whole number of W between ${PowerLimiterLimits.targetMin} and ${PowerLimiterLimits.targetMax}`,
    };
  }
  return { kind: 'target', value };
}

/** A limiter that was never set up (off, no inverters listed) stays off the broker. */
export function powerLimiterApplies(status: PowerLimiterStatus | undefined): status is PowerLimiterStatus {
  return (
    status !== undefined &&
    (status.enabled || status.inverters.length > 0 || feedInApplies(status) || signalApplies(status))
  );
}

/** The feed-in cap is switched on. */
function feedInApplies(status: PowerLimiterStatus): boolean {
  return status.feed_in.cap_w !== null;
}

/** The grid operator's signal is switched on: its entities are there. */
function signalApplies(status: PowerLimiterStatus): boolean {
  return status.feed_in.grid_signal.enabled;
}

/** What the limiter's entities depend on: whether it applies, and which inverters are listed. */
function entitiesKey(status: PowerLimiterStatus | undefined): string {
  if (!powerLimiterApplies(status)) return '-';
  const signal = signalApplies(status) ? '+signal' : '';
  return `${status.inverters.map((inv) => inv.serial).join(',')}${signal}`;
}

/** The state topics (below the base topic) and their payloads. */
export function powerLimiterState(status: PowerLimiterStatus): Map<string, string> {
  const state = new Map<string, string>([
    [`${PREFIX}status/state`, status.state],
    [`${PREFIX}status/enabled`, status.enabled ? '1' : '0'],
    [`${PREFIX}status/target`, String(status.target)],
    [`${PREFIX}status/mode`, status.mode],
    [`${PREFIX}status/grid_power`, status.grid_power === null ? '' : status.grid_power.toFixed(1)],
    // The feed-in cap and the export allowed now (the strictest of cap and signal); '' when none applies.
    [`${PREFIX}status/feed_in_cap`, wattsOrEmpty(status.feed_in.cap_w)],
    [`${PREFIX}status/export_limit`, wattsOrEmpty(status.feed_in.export_limit_w)],
  ]);
  if (signalApplies(status)) {
    const signal = status.feed_in.grid_signal;
    state.set(`${PREFIX}status/grid_signal`, signal.percent === null ? '' : String(signal.percent));
    state.set(`${PREFIX}status/grid_signal_lost`, signal.lost ? '1' : '0');
  }
  // The battery rule in force, while an inverter is battery-fed (docs/battery.md).
  if (status.battery) state.set(`${PREFIX}status/battery_rule`, status.battery.rule);
  for (const inv of status.inverters) {
    state.set(`${PREFIX}${inv.serial}/limit`, inv.limit_w === null ? '' : inv.limit_w.toFixed(0));
  }
  return state;
}

function wattsOrEmpty(value: number | null): string {
  return value === null ? '' : value.toFixed(0);
}

export class PowerLimiterMqtt {
  readonly #options: PowerLimiterMqttOptions;
  /** What was last published, to publish changes only. */
  #published = new Map<string, string>();
  /** The entities' key at the last discovery request (a connect runs discovery anyway). */
  #entities: string | undefined;

  constructor(options: PowerLimiterMqttOptions) {
    this.#options = options;
  }

  /** True when the message was a limiter command (handled or refused). */
  handle(topic: string, payload: string, retained: boolean): boolean {
    const base = this.#options.settings().topic;
    const command = parsePowerLimiterCommand(base, topic, payload, retained);
    if (command === undefined) return false;
    const limiter = this.#options.limiter();
    if ('refused' in command) {
      this.#options.log.warn(`MQTT command on ${topic} rejected: ${command.refused}`);
      return true;
    }
    if (!limiter) return true;
    if (command.kind === 'mode') {
      limiter.setMode(command.value);
      this.publishChanges();
      return true;
    }
    const done =
      command.kind === 'enabled' ? limiter.setEnabled(command.value) : limiter.setTarget(command.value);
    done.catch((error: unknown) => this.#options.log.warn({ err: error }, `MQTT command on ${topic} failed`));
    return true;
  }

  /** After a (re)connect: everything again (the connect runs discovery itself). */
  connected(): void {
    this.#published.clear();
    this.#entities = entitiesKey(this.#options.limiter()?.status());
    this.publishChanges();
  }

  /**
   * Publishes what changed. A limiter that was never set up (off, no inverters listed) stays off the
   * broker: a gateway without one publishes exactly what it did before.
   */
  publishChanges(): void {
    const limiter = this.#options.limiter();
    if (!limiter || !this.#options.connected()) return;
    const status = limiter.status();
    const entities = entitiesKey(status);
    if (entities !== this.#entities) {
      this.#entities = entities;
      this.#options.entitiesChanged();
    }
    if (!powerLimiterApplies(status)) return;
    const settings = this.#options.settings();
    for (const [topic, payload] of powerLimiterState(status)) {
      if (this.#published.get(topic) === payload) continue;
      this.#published.set(topic, payload);
      this.#options.publish(`${settings.topic}${topic}`, payload, settings.retain);
    }
  }
}

/** The limiter's entities for a discovery run; none while it does not apply (the run then removes them). */
export function powerLimiterDiscoveryMessages(
  settings: MqttSection,
  uid: string,
  status: PowerLimiterStatus | undefined,
): DiscoveryMessage[] {
  if (!powerLimiterApplies(status)) return [];
  return powerLimiterDiscovery(settings, uid, status).map(([topic, config]) => ({
    topic,
    payload: JSON.stringify(config),
  }));
}

/** Home Assistant discovery configs: [config topic, payload]. */
export function powerLimiterDiscovery(
  settings: MqttSection,
  uid: string,
  status: PowerLimiterStatus,
): [string, Record<string, unknown>][] {
  const base = settings.topic;
  // The DTU device of discovery.ts (same identifier form), so the entities join it in Home Assistant.
  const dev = { ids: uid };
  const entity = (
    component: string,
    id: string,
    config: Record<string, unknown>,
  ): [string, Record<string, unknown>] => [
    `${settings.hass.topic}${component}/${uid}/powerlimiter_${id}/config`,
    { uniq_id: `${uid}_powerlimiter_${id}`, dev, ...config },
  ];
  return [
    entity('switch', 'enabled', {
      name: 'Power limiter',
      stat_t: `${base}${PREFIX}status/enabled`,
      cmd_t: `${base}${PREFIX}cmd/enabled`,
      pl_on: '1',
      pl_off: '0',
      ic: 'mdi:transmission-tower-off',
    }),
    entity('number', 'target', {
      name: 'Power limiter target',
      stat_t: `${base}${PREFIX}status/target`,
      cmd_t: `${base}${PREFIX}cmd/target`,
      min: PowerLimiterLimits.targetMin,
      max: PowerLimiterLimits.targetMax,
      step: 1,
      unit_of_meas: 'W',
      mode: 'box',
    }),
    entity('select', 'mode', {
      name: 'Power limiter mode',
      stat_t: `${base}${PREFIX}status/mode`,
      cmd_t: `${base}${PREFIX}cmd/mode`,
      options: [...PowerLimiterModes],
      ic: 'mdi:battery-sync',
    }),
    entity('sensor', 'state', { name: 'Power limiter state', stat_t: `${base}${PREFIX}status/state` }),
    entity('sensor', 'grid_power', {
      name: 'Grid power',
      stat_t: `${base}${PREFIX}status/grid_power`,
      unit_of_meas: 'W',
      dev_cla: 'power',
      stat_cla: 'measurement',
    }),
    entity('sensor', 'export_limit', {
      name: 'Export limit',
      stat_t: `${base}${PREFIX}status/export_limit`,
      unit_of_meas: 'W',
      dev_cla: 'power',
      ic: 'mdi:transmission-tower-export',
    }),
    ...(signalApplies(status)
      ? [
          entity('sensor', 'grid_signal', {
            name: 'Grid operator signal',
            stat_t: `${base}${PREFIX}status/grid_signal`,
            unit_of_meas: '%',
            stat_cla: 'measurement',
            ic: 'mdi:transmission-tower',
          }),
          entity('binary_sensor', 'grid_signal_lost', {
            name: 'Grid operator signal lost',
            stat_t: `${base}${PREFIX}status/grid_signal_lost`,
            pl_on: '1',
            pl_off: '0',
            dev_cla: 'problem',
          }),
        ]
      : []),
    ...status.inverters.map((inv) =>
      entity('sensor', `limit_${inv.serial}`, {
        name: `Power limiter limit ${inv.serial}`,
        stat_t: `${base}${PREFIX}${inv.serial}/limit`,
        unit_of_meas: 'W',
        dev_cla: 'power',
      }),
    ),
  ];
}
