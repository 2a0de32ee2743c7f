/**
 * The alert topics and their Home Assistant entities (docs/alerts.md): per inverter `<base><serial>/alert`
 * ("ON" while it has an open alert, else "OFF") and `<base><serial>/alerts` (JSON: the open alerts), the
 * same for the whole plant under `<base>dtu/`; discovery adds a `problem` binary sensor for each, with
 * the JSON as its attributes.
 */
import type { Alert } from '@dtu-console/contract';
import type { MqttSection } from './client-options';
import type { DiscoveryMessage } from './discovery';

export interface AlertMessage {
  topic: string;
  payload: string;
}

const PLANT = 'dtu';

/** What the open alerts of one inverter (or the plant) show as attributes. */
function attributes(alerts: readonly Alert[]): string {
  return JSON.stringify({
    count: alerts.length,
    alerts: alerts.map((a) => ({
      id: a.id,
      rule: a.rule,
      serial: a.serial,
      channel: a.channel,
      message: a.message,
      started: a.started,
      acknowledged: a.acknowledged,
    })),
  });
}

/** The state and attribute topics of every inverter in `serials` and of the plant. */
export function alertStateMessages(base: string, serials: readonly string[], open: readonly Alert[]) {
  const out: AlertMessage[] = [];
  const add = (node: string, alerts: readonly Alert[]) => {
    out.push({ topic: `${base}${node}/alert`, payload: alerts.length > 0 ? 'ON' : 'OFF' });
    out.push({ topic: `${base}${node}/alerts`, payload: attributes(alerts) });
  };
  for (const serial of serials)
    add(
      serial,
      open.filter((a) => a.serial === serial),
    );
  add(PLANT, open);
  return out;
}

/** The `problem` binary sensors (one per inverter, one for the plant on the DTU device). */
export function alertDiscoveryMessages(
  mqtt: MqttSection,
  dtuUid: string,
  serials: readonly string[],
): DiscoveryMessage[] {
  const base = mqtt.topic;
  // The same devices as the other entities: the DTU, and each inverter by way of the DTU.
  const entity = (node: string, dev: object, uniq: string, name: string, state: string) => ({
    topic: `${mqtt.hass.topic}binary_sensor/${node}/alert/config`,
    payload: JSON.stringify({
      dev,
      name,
      uniq_id: `${uniq}_alert`,
      stat_t: `${base}${state}/alert`,
      json_attr_t: `${base}${state}/alerts`,
      dev_cla: 'problem',
      avty_t: base + mqtt.lwt.topic,
      pl_avail: mqtt.lwt.value_online,
      pl_not_avail: mqtt.lwt.value_offline,
    }),
  });
  return [
    entity(dtuUid, { ids: dtuUid }, dtuUid, 'Plant alert', PLANT),
    ...serials.map((serial) =>
      entity(`dtu_${serial}`, { ids: serial, via_device: dtuUid }, serial, 'Alert', serial),
    ),
  ];
}
