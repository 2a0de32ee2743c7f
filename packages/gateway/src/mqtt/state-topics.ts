/**
 * The state topics under the base topic, as OpenDTU lays them out: plain-text payloads, fixed decimals,
 * `1`/`0` for booleans. Pure builders over the live model's snapshots; the service decides when each group
 * is due. The order of the lists is the order of publishing.
 */
import type { LiveInverter, PlantTotals } from '../engine';
import { totalField } from '../output/fields';
import { channelFields, MQTT_TOTAL_GROUPS } from './fields';

export interface StateMessage {
  /** Below the base topic, e.g. `116180214567/0/power`. */
  topic: string;
  payload: string;
}

/**
 * The host's answers to what OpenDTU reports about its ESP32. Heap figures are the Node.js (V8) heap;
 * `rssi` only when the gateway's network is Wi-Fi; `temperature` only when the host has a readable sensor.
 */
export interface DtuFacts {
  uptimeS: number;
  ip: string;
  hostname: string;
  heap: { size: number; free: number; minFree: number; maxAlloc: number };
  rssi?: number;
  temperature?: number;
}

const flag = (value: boolean) => (value ? '1' : '0');
const integer = (value: number) => String(Math.trunc(value));

/** `dtu/*` (the online state is the connection's, not part of the cycle). */
export function dtuMessages(facts: DtuFacts): StateMessage[] {
  const out: StateMessage[] = [
    { topic: 'dtu/uptime', payload: integer(facts.uptimeS) },
    { topic: 'dtu/ip', payload: facts.ip },
    { topic: 'dtu/hostname', payload: facts.hostname },
    { topic: 'dtu/heap/size', payload: integer(facts.heap.size) },
    { topic: 'dtu/heap/free', payload: integer(facts.heap.free) },
    { topic: 'dtu/heap/minfree', payload: integer(facts.heap.minFree) },
    { topic: 'dtu/heap/maxalloc', payload: integer(facts.heap.maxAlloc) },
  ];
  if (facts.rssi !== undefined) out.push({ topic: 'dtu/rssi', payload: integer(facts.rssi) });
  // OpenDTU prints values without digits of their own with 2 decimals.
  if (facts.temperature !== undefined) {
    out.push({ topic: 'dtu/temperature', payload: facts.temperature.toFixed(2) });
  }
  return out;
}

/**
 * `ac/*` and `dc/*`: the plant totals of the field catalogue with their decimals (0 while no inverter
 * counts), each group closed by its `is_valid` flag.
 */
export function totalsMessages(totals: PlantTotals): StateMessage[] {
  const out: StateMessage[] = [];
  for (const group of MQTT_TOTAL_GROUPS) {
    for (const key of group.totals) {
      const field = totalField(key);
      out.push({ topic: field.topic, payload: field.read(totals).toFixed(field.digits(totals)) });
    }
    out.push({ topic: `${group.prefix}/is_valid`, payload: flag(totals.isValid) });
  }
  return out;
}

/** Name, radio, device info, limit and status topics of one inverter: due every cycle. */
export function inverterStatusMessages(inv: LiveInverter): StateMessage[] {
  const base = `${inv.serial}/`;
  const stats = inv.radioStats;
  const out: StateMessage[] = [
    { topic: `${base}name`, payload: inv.name },
    // A Wi-Fi inverter has no radio statistics: no radio topics rather than zeros.
    ...(inv.connection === 'wifi'
      ? []
      : [
          { topic: `${base}radio/tx_request`, payload: integer(stats.tx_request) },
          { topic: `${base}radio/tx_re_request`, payload: integer(stats.tx_re_request) },
          { topic: `${base}radio/rx_success`, payload: integer(stats.rx_success) },
          { topic: `${base}radio/rx_fail_nothing`, payload: integer(stats.rx_fail_nothing) },
          { topic: `${base}radio/rx_fail_partial`, payload: integer(stats.rx_fail_partial) },
          { topic: `${base}radio/rx_fail_corrupt`, payload: integer(stats.rx_fail_corrupt) },
          { topic: `${base}radio/rssi`, payload: integer(stats.rssi) },
        ]),
  ];
  const info = inv.deviceInfo;
  if (info.valid) {
    out.push(
      { topic: `${base}device/bootloaderversion`, payload: integer(info.fwBootloaderVersion) },
      { topic: `${base}device/fwbuildversion`, payload: integer(info.fwBuildVersion) },
      { topic: `${base}device/fwbuilddatetime`, payload: info.fwBuildDateTime },
      { topic: `${base}device/hwpartnumber`, payload: integer(info.hwPartNumber) },
      { topic: `${base}device/hwversion`, payload: info.hwVersion },
    );
  }
  if (inv.limitKnown) {
    out.push({ topic: `${base}status/limit_relative`, payload: inv.limitRelative.toFixed(2) });
    if (inv.limitAbsoluteW !== null) {
      out.push({ topic: `${base}status/limit_absolute`, payload: inv.limitAbsoluteW.toFixed(2) });
    }
  }
  out.push(
    { topic: `${base}status/reachable`, payload: flag(inv.reachable) },
    { topic: `${base}status/producing`, payload: flag(inv.producing) },
    { topic: `${base}status/last_update`, payload: integer(inv.lastUpdateEpochMs / 1000) },
  );
  return out;
}

/**
 * The channel values of one inverter: AC, then each DC input (its name first), then the inverter-wide
 * values, all under channel `0` except the inputs (`1`…). Due only when new data arrived.
 */
export function inverterChannelMessages(inv: LiveInverter): StateMessage[] {
  const base = `${inv.serial}/`;
  const out: StateMessage[] = [];
  for (const channel of channelFields(inv)) {
    if (channel.type === 'DC') {
      out.push({
        topic: `${base}${channel.number}/name`,
        payload: inv.channels[channel.number - 1]?.name ?? '',
      });
    }
    for (const field of channel.fields) {
      out.push({ topic: `${base}${channel.number}/${field.leaf}`, payload: field.text });
    }
  }
  return out;
}
