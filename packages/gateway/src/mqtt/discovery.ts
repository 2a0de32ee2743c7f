/**
 * Home Assistant MQTT discovery: one retained config message per entity, with the node ids, object ids
 * and unique ids OpenDTU uses, so entities and their history carry over when a gateway replaces it. The
 * JSON uses Home Assistant's abbreviated keys in a fixed order (compact, stable bytes). Pure: the service
 * decides when to publish and remembers what it published, to remove it again.
 */
import { PowerLimits } from '@dtu-console/contract';
import type { LiveInverter } from '../engine';
import { totalField } from '../output/fields';
import type { MqttSection } from './client-options';
import { channelFields, HASS_FIELD_CLASSES, HASS_TOTALS } from './fields';

export interface DiscoveryMessage {
  topic: string;
  /** Compact JSON; the empty string removes the entity. */
  payload: string;
}

export interface DiscoveryDtu {
  /** `<hostname>_<chip id>`: the DTU device's identifier and the node id of its entities. */
  uid: string;
  hostname: string;
  ip: string;
  /** The gateway's version, shown as the devices' software version. */
  sw: string;
}

export interface DiscoveryInput {
  mqtt: MqttSection;
  dtu: DiscoveryDtu;
  /** DTU poll interval in seconds (the expiry of channel sensors depends on it). */
  pollIntervalS: number;
  /** In slot order, each with its configured reachable threshold. */
  inverters: readonly { inv: LiveInverter; reachableThreshold: number }[];
}

type Json = Record<string, unknown>;

/** The DTU's node id: its uid as it stands (OpenDTU keeps the hostname's capitals and dashes). */
export function dtuUid(hostname: string, chipId: number): string {
  return `${hostname}_${chipId}`;
}

/** Object id from an entity name: lower case, spaces to underscores (other characters stay). */
export function objectIdOf(name: string): string {
  return name.toLowerCase().replace(/ /g, '_');
}

/** Adds the optional metadata keys only when they carry something. */
function optional(entries: [string, string | number | undefined][]): Json {
  const out: Json = {};
  for (const [key, value] of entries) if (value !== undefined && value !== '') out[key] = value;
  return out;
}

interface DtuSensor {
  name: string;
  topic: string;
  unit?: string;
  icon?: string;
  deviceClass?: string;
  stateClass?: string;
  diagnostic: boolean;
}

const DTU_SENSORS: readonly DtuSensor[] = [
  { name: 'IP', topic: 'dtu/ip', icon: 'mdi:network-outline', diagnostic: true },
  { name: 'WiFi Signal', topic: 'dtu/rssi', unit: 'dBm', deviceClass: 'signal_strength', diagnostic: true },
  { name: 'Uptime', topic: 'dtu/uptime', unit: 's', deviceClass: 'duration', diagnostic: true },
  {
    name: 'Temperature',
    topic: 'dtu/temperature',
    unit: '°C',
    deviceClass: 'temperature',
    stateClass: 'measurement',
    diagnostic: true,
  },
  { name: 'Heap Size', topic: 'dtu/heap/size', unit: 'Bytes', icon: 'mdi:memory', diagnostic: true },
  { name: 'Heap Free', topic: 'dtu/heap/free', unit: 'Bytes', icon: 'mdi:memory', diagnostic: true },
  {
    name: 'Largest Free Heap Block',
    topic: 'dtu/heap/maxalloc',
    unit: 'Bytes',
    icon: 'mdi:memory',
    diagnostic: true,
  },
  {
    name: 'Lifetime Minimum Free Heap',
    topic: 'dtu/heap/minfree',
    unit: 'Bytes',
    icon: 'mdi:memory',
    diagnostic: true,
  },
  // The plant totals: names, topics and units from the field catalogue.
  ...HASS_TOTALS.map(({ key, device, state }): DtuSensor => {
    const total = totalField(key);
    return {
      name: total.name,
      topic: total.topic,
      unit: total.unit,
      deviceClass: device,
      stateClass: state,
      diagnostic: false,
    };
  }),
];

/** The inverter radio sensors: counters, and the RSSI in dBm. */
const RADIO_SENSORS: readonly { name: string; topic: string; unit?: string; deviceClass?: string }[] = [
  { name: 'TX Requests', topic: 'radio/tx_request' },
  { name: 'RX Success', topic: 'radio/rx_success' },
  { name: 'RX Fail Receive Nothing', topic: 'radio/rx_fail_nothing' },
  { name: 'RX Fail Receive Partial', topic: 'radio/rx_fail_partial' },
  { name: 'RX Fail Receive Corrupt', topic: 'radio/rx_fail_corrupt' },
  { name: 'TX Re-Request Fragment', topic: 'radio/tx_re_request' },
  { name: 'RSSI', topic: 'radio/rssi', unit: 'dBm', deviceClass: 'signal_strength' },
];

const BUTTONS: readonly {
  name: string;
  command: string;
  press: string;
  icon?: string;
  deviceClass?: string;
}[] = [
  { name: 'Turn Inverter Off', command: 'cmd/power', press: '0', icon: 'mdi:power-plug-off' },
  { name: 'Turn Inverter On', command: 'cmd/power', press: '1', icon: 'mdi:power-plug' },
  { name: 'Restart Inverter', command: 'cmd/restart', press: '1', deviceClass: 'restart' },
  { name: 'Reset Radio Statistics', command: 'cmd/reset_rf_stats', press: '1' },
];

const NUMBERS: readonly { name: string; command: string; state: string; relative: boolean }[] = [
  {
    name: 'Limit NonPersistent Relative',
    command: 'cmd/limit_nonpersistent_relative',
    state: 'status/limit_relative',
    relative: true,
  },
  {
    name: 'Limit Persistent Relative',
    command: 'cmd/limit_persistent_relative',
    state: 'status/limit_relative',
    relative: true,
  },
  {
    name: 'Limit NonPersistent Absolute',
    command: 'cmd/limit_nonpersistent_absolute',
    state: 'status/limit_absolute',
    relative: false,
  },
  {
    name: 'Limit Persistent Absolute',
    command: 'cmd/limit_persistent_absolute',
    state: 'status/limit_absolute',
    relative: false,
  },
];

/**
 * Seconds after which Home Assistant shows a channel sensor as unavailable: how long a full round of
 * polls can take (inverters × the slower of poll and publish interval) times the inverter's threshold.
 */
export function expireAfterS(input: DiscoveryInput, reachableThreshold: number): number {
  const interval = Math.max(input.pollIntervalS, input.mqtt.publish_interval);
  return input.inverters.length * interval * reachableThreshold;
}

/** Every config message of a discovery run, in publishing order. */
export function discoveryMessages(input: DiscoveryInput): DiscoveryMessage[] {
  const { mqtt, dtu } = input;
  const hass = mqtt.hass.topic;
  const base = mqtt.topic;
  const availability = {
    avty_t: base + mqtt.lwt.topic,
    pl_avail: mqtt.lwt.value_online,
    pl_not_avail: mqtt.lwt.value_offline,
  };
  const cu = `http://${dtu.ip}`;
  const dtuDevice = { name: dtu.hostname, ids: dtu.uid, cu, mf: 'OpenDTU', mdl: 'OpenDTU', sw: dtu.sw };
  const out: DiscoveryMessage[] = [];
  const add = (component: string, node: string, object: string, body: Json) =>
    out.push({ topic: `${hass}${component}/${node}/${object}/config`, payload: JSON.stringify(body) });

  for (const sensor of DTU_SENSORS) {
    const object = objectIdOf(sensor.name);
    add('sensor', dtu.uid, object, {
      dev: dtuDevice,
      name: sensor.name,
      uniq_id: `${dtu.uid}_${object}`,
      stat_t: base + sensor.topic,
      ...optional([
        ['unit_of_meas', sensor.unit],
        ['ic', sensor.icon],
        ['dev_cla', sensor.deviceClass],
        ['stat_cla', sensor.stateClass],
        ['ent_cat', sensor.diagnostic ? 'diagnostic' : undefined],
      ]),
      ...availability,
    });
  }
  add('binary_sensor', dtu.uid, 'status', {
    dev: dtuDevice,
    name: 'Status',
    uniq_id: `${dtu.uid}_status`,
    stat_t: base + mqtt.lwt.topic,
    pl_on: mqtt.lwt.value_online,
    pl_off: mqtt.lwt.value_offline,
    dev_cla: 'connectivity',
    ent_cat: 'diagnostic',
  });

  for (const { inv, reachableThreshold } of input.inverters) {
    const serial = inv.serial;
    const node = `dtu_${serial}`;
    const topic = `${base}${serial}/`;
    const dev = {
      name: inv.name,
      ids: serial,
      cu,
      mf: 'OpenDTU',
      mdl: inv.typeName,
      sw: dtu.sw,
      via_device: dtu.uid,
    };

    for (const button of BUTTONS) {
      const object = objectIdOf(button.name);
      add('button', node, object, {
        dev,
        ...optional([
          ['ic', button.icon],
          ['dev_cla', button.deviceClass],
        ]),
        ent_cat: 'config',
        name: button.name,
        uniq_id: `${serial}_${object}`,
        cmd_t: topic + button.command,
        payload_press: button.press,
      });
    }
    for (const number of NUMBERS) {
      const object = objectIdOf(number.name);
      add('number', node, object, {
        dev,
        unit_of_meas: number.relative ? '%' : 'W',
        ic: 'mdi:speedometer',
        ent_cat: 'config',
        name: number.name,
        uniq_id: `${serial}_${object}`,
        cmd_t: topic + number.command,
        stat_t: topic + number.state,
        min: 0,
        max: number.relative ? PowerLimits.relativeMax : PowerLimits.valueMax,
        step: number.relative ? 0.1 : 1,
      });
    }
    add('binary_sensor', node, 'reachable', {
      dev,
      name: 'Reachable',
      uniq_id: `${serial}_reachable`,
      stat_t: `${topic}status/reachable`,
      pl_on: '1',
      pl_off: '0',
      dev_cla: 'connectivity',
      ent_cat: 'diagnostic',
    });
    add('binary_sensor', node, 'producing', {
      dev,
      name: 'Producing',
      uniq_id: `${serial}_producing`,
      stat_t: `${topic}status/producing`,
      pl_on: '1',
      pl_off: '0',
    });
    // A Wi-Fi inverter has no radio statistics: no entities for them.
    for (const sensor of inv.connection === 'wifi' ? [] : RADIO_SENSORS) {
      const object = objectIdOf(sensor.name);
      add('sensor', node, object, {
        dev,
        name: sensor.name,
        uniq_id: `${serial}_${object}`,
        stat_t: topic + sensor.topic,
        ...optional([
          ['unit_of_meas', sensor.unit],
          ['dev_cla', sensor.deviceClass],
        ]),
        ent_cat: 'diagnostic',
        ...availability,
      });
    }

    const expire = mqtt.hass.expire ? expireAfterS(input, reachableThreshold) : undefined;
    for (const channel of channelFields(inv)) {
      for (const field of channel.fields) {
        const object = `ch${channel.number}_${field.fieldName}`;
        const topicOf = `${hass}sensor/${node}/${object}/config`;
        if (channel.type === 'DC' && !mqtt.hass.individual_panels) {
          // Per-input entities are off: an empty config removes any left from earlier.
          out.push({ topic: topicOf, payload: '' });
          continue;
        }
        const classes = HASS_FIELD_CLASSES[field.key];
        out.push({
          topic: topicOf,
          payload: JSON.stringify({
            dev,
            ...optional([
              ['unit_of_meas', field.unit],
              ['dev_cla', classes?.device],
              ['stat_cla', classes?.state],
            ]),
            name: `${channel.number === 0 ? field.fieldName : `CH${channel.number} ${field.fieldName}`}${field.estimated ? ' (estimated)' : ''}`,
            stat_t: `${topic}${channel.number}/${field.leaf}`,
            uniq_id: `${serial}_${object}`,
            ...optional([['exp_aft', expire]]),
          }),
        });
      }
    }
  }
  return out;
}
