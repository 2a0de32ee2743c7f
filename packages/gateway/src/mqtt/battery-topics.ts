/**
 * The battery and its charge controllers on MQTT (docs/mqtt.md): state topics below `<base>battery/` and
 * `<base>solarcharger/`, published with each state cycle while switched on, and their Home Assistant
 * entities on the DTU device (whose identifier carries the gateway's host name and chip id, so two
 * gateways' batteries never share an entity). A value the source does not report is not published.
 */
import type { BatteryStatus, SolarChargerStatus } from '@dtu-console/contract';
import type { MqttSection } from './client-options';
import type { DiscoveryMessage } from './discovery';
import type { StateMessage } from './state-topics';

/** What MQTT needs of the battery services (services.ts makes them after this service). */
export interface BatteryFeeds {
  battery(): { status(): BatteryStatus } | undefined;
  solarcharger(): { status(): SolarChargerStatus } | undefined;
}

const fixed = (value: number | null, digits: number) => (value === null ? undefined : value.toFixed(digits));

/** A charge controller's place in its topics: its device's name (`ttyUSB1`), `mqtt` or `simulated`. */
export function chargerTopicId(id: string): string {
  return id.replace(/^\/dev\/(serial\/by-id\/)?/, '').replace(/[^A-Za-z0-9_-]/g, '_');
}

export function batteryStateMessages(battery?: BatteryStatus, charger?: SolarChargerStatus): StateMessage[] {
  const out: StateMessage[] = [];
  const add = (topic: string, payload: string | undefined) => {
    if (payload !== undefined) out.push({ topic, payload });
  };
  if (battery?.enabled) {
    add('battery/soc', fixed(battery.soc, 1));
    add('battery/voltage', fixed(battery.voltage, 2));
    add('battery/current', fixed(battery.current, 2));
    add('battery/power', fixed(battery.power, 1));
    add('battery/temperature', fixed(battery.temperature, 1));
    add('battery/discharge_current_limit', fixed(battery.discharge_current_limit, 1));
    add('battery/charge_current_limit', fixed(battery.charge_current_limit, 1));
    // JSON arrays: an empty payload would clear a retained topic instead of saying "none".
    add('battery/alarms', JSON.stringify(battery.alarms));
    add('battery/warnings', JSON.stringify(battery.warnings));
    add('battery/stale', battery.stale ? '1' : '0');
  }
  if (charger?.enabled) {
    add('solarcharger/power', fixed(charger.total_solar_power, 1));
    for (const unit of charger.chargers) {
      const at = `solarcharger/${chargerTopicId(unit.id)}`;
      add(`${at}/power`, fixed(unit.solar_power, 1));
      add(`${at}/voltage`, fixed(unit.battery_voltage, 2));
      add(`${at}/current`, fixed(unit.battery_current, 2));
      add(`${at}/charge_state`, unit.charge_state ?? undefined);
      add(`${at}/stale`, unit.stale ? '1' : '0');
    }
  }
  return out;
}

/** What the entities depend on: which parts are on, and which controllers there are. */
export function batteryEntitiesKey(battery?: BatteryStatus, charger?: SolarChargerStatus): string {
  return `${battery?.enabled === true}|${charger?.enabled ? charger.chargers.map((c) => c.id).join(',') : '-'}`;
}

export function batteryDiscoveryMessages(
  settings: MqttSection,
  uid: string,
  battery?: BatteryStatus,
  charger?: SolarChargerStatus,
): DiscoveryMessage[] {
  const base = settings.topic;
  const dev = { ids: uid };
  const out: DiscoveryMessage[] = [];
  const entity = (component: string, id: string, config: Record<string, unknown>) =>
    out.push({
      topic: `${settings.hass.topic}${component}/${uid}/${id}/config`,
      payload: JSON.stringify({ uniq_id: `${uid}_${id}`, dev, ...config }),
    });
  const measurement = (id: string, name: string, topic: string, unit: string, deviceClass: string) =>
    entity('sensor', id, {
      name,
      stat_t: `${base}${topic}`,
      unit_of_meas: unit,
      dev_cla: deviceClass,
      stat_cla: 'measurement',
    });
  if (battery?.enabled) {
    measurement('battery_soc', 'Battery state of charge', 'battery/soc', '%', 'battery');
    measurement('battery_voltage', 'Battery voltage', 'battery/voltage', 'V', 'voltage');
    measurement('battery_current', 'Battery current', 'battery/current', 'A', 'current');
    measurement('battery_power', 'Battery power', 'battery/power', 'W', 'power');
    measurement('battery_temperature', 'Battery temperature', 'battery/temperature', '°C', 'temperature');
    measurement(
      'battery_discharge_current_limit',
      'Battery discharge current limit',
      'battery/discharge_current_limit',
      'A',
      'current',
    );
    entity('sensor', 'battery_alarms', {
      name: 'Battery alarms',
      stat_t: `${base}battery/alarms`,
      val_tpl: "{{ value_json | join(', ') if value_json | count > 0 else 'none' }}",
      ic: 'mdi:battery-alert',
    });
    entity('binary_sensor', 'battery_stale', {
      name: 'Battery data stale',
      stat_t: `${base}battery/stale`,
      pl_on: '1',
      pl_off: '0',
      dev_cla: 'problem',
    });
  }
  if (charger?.enabled) {
    measurement('solarcharger_power', 'Solar charger power', 'solarcharger/power', 'W', 'power');
    for (const unit of charger.chargers) {
      const id = chargerTopicId(unit.id);
      measurement(
        `solarcharger_${id}_power`,
        `Solar charger ${id} power`,
        `solarcharger/${id}/power`,
        'W',
        'power',
      );
      entity('sensor', `solarcharger_${id}_charge_state`, {
        name: `Solar charger ${id} charge state`,
        stat_t: `${base}solarcharger/${id}/charge_state`,
        ic: 'mdi:solar-power',
      });
    }
  }
  return out;
}
