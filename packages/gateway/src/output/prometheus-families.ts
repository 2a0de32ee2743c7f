/**
 * The metric families beside OpenDTU's, named as Prometheus expects (docs/metrics.md): `dtu_` prefix,
 * base units in the name (watts, volts, amperes, hertz, celsius, joules, ratios 0..1), `_total` on
 * counters, and the same labels everywhere: `serial` and `name` per inverter, `string` (the input number)
 * per string. Values are the ones every other output shows: read through the field catalogue and rounded
 * to its decimals. Energy is in joules (1 Wh = 3600 J), Prometheus' base unit; dashboards convert back.
 *
 * Families come in groups (plant, inverter, string, radio here; Wi-Fi devices in prometheus-wifi.ts, alerts
 * in prometheus-alerts.ts, the power limiter and the meter in prometheus-limiter.ts; declared as
 * prometheus-group.ts describes). A new family is one entry in its group; a new group one entry in
 * METRIC_GROUPS.
 */
import type { RunDataFieldKey } from '@dtu-console/hoymiles';
import type { FrequencyState } from '../engine/frequency-search';
import type { LiveInverter } from '../engine/live-types';
import { RSSI_NONE } from '../engine/radio-stats';
import { type ChannelKind, channelsOf, hasField, roundTo } from './fields';
import { ALERT_GROUPS } from './prometheus-alerts';
import { BATTERY_GROUPS } from './prometheus-battery';
import type { Exposition, Labels } from './prometheus-exposition';
import {
  flag,
  group,
  inverterLabels,
  JOULES_PER_KWH,
  JOULES_PER_WH,
  type MetricGroup,
  type MetricSource,
  shown,
  total,
} from './prometheus-group';
import { HTTP_GROUPS } from './prometheus-http';
import { LIMITER_GROUPS } from './prometheus-limiter';
import { RADIO_CHIP_GROUPS } from './prometheus-radio-chips';
import { WIFI_GROUPS } from './prometheus-wifi';

// --- plant -----------------------------------------------------------------------------------------------

const acPower = total('acPower');
const dcPower = total('dcPower');
const plantYieldDay = total('yieldDay', JOULES_PER_WH);
const plantYieldTotal = total('yieldTotal', JOULES_PER_KWH);

const PLANT = group<MetricSource>(
  (source) => [{ subject: source, labels: [] }],
  [
    {
      name: 'dtu_plant_ac_power_watts',
      help: 'AC power of the plant (inverters polled now) in watts',
      type: 'gauge',
      value: acPower,
    },
    {
      name: 'dtu_plant_dc_power_watts',
      help: 'DC power of the plant (inverters polled now) in watts',
      type: 'gauge',
      value: dcPower,
    },
    {
      name: 'dtu_plant_energy_today_joules',
      help: 'Energy the plant produced today in joules (back to 0 at local midnight)',
      type: 'gauge',
      value: plantYieldDay,
    },
    {
      name: 'dtu_plant_energy_joules_total',
      help: 'Energy the plant produced in its lifetime in joules (configured offsets included)',
      type: 'counter',
      value: plantYieldTotal,
    },
    {
      name: 'dtu_plant_inverters',
      help: 'Configured inverters',
      type: 'gauge',
      value: (s) => s.live.inverters().length,
    },
    {
      name: 'dtu_plant_inverters_reachable',
      help: 'Inverters that answer on the radio now',
      type: 'gauge',
      value: (s) => s.live.inverters().filter((inv) => inv.reachable).length,
    },
    {
      name: 'dtu_plant_daylight',
      help: '1 while it is day at the configured place (the sun above the configured sunset angle)',
      type: 'gauge',
      value: (s) => flag(s.daylight),
    },
  ],
);

// --- inverter --------------------------------------------------------------------------------------------

const withData = (read: (inv: LiveInverter) => number) => (inv: LiveInverter) =>
  inv.hasData ? read(inv) : null;

/** A value an inverter may not have at all (the MI series: no AC current, power factor, …): left out then. */
const ifPresent =
  (kind: ChannelKind, key: RunDataFieldKey, read: (inv: LiveInverter) => number) => (inv: LiveInverter) =>
    inv.hasData && hasField(inv, { kind, key }) ? read(inv) : null;

const INVERTER = group<LiveInverter>(
  (source) => source.live.inverters().map((inv) => ({ subject: inv, labels: inverterLabels(inv) })),
  [
    {
      name: 'dtu_inverter_info',
      help: 'Inverter model (always 1)',
      type: 'gauge',
      value: () => null,
      split: { label: 'model', values: (inv) => [[inv.typeName, 1]] },
    },
    {
      name: 'dtu_inverter_polling',
      help: '1 while the gateway polls the inverter (its setting and the night rule)',
      type: 'gauge',
      value: (inv) => flag(inv.pollEnabled),
    },
    {
      name: 'dtu_inverter_reachable',
      help: '1 while the inverter answers on the radio',
      type: 'gauge',
      value: (inv) => flag(inv.reachable),
    },
    {
      name: 'dtu_inverter_producing',
      help: '1 while the inverter feeds power into the grid',
      type: 'gauge',
      value: (inv) => flag(inv.producing),
    },
    {
      name: 'dtu_inverter_ac_power_watts',
      help: 'AC output power in watts',
      type: 'gauge',
      value: withData(shown('AC', 'PAC')),
    },
    {
      name: 'dtu_inverter_ac_power_estimated',
      help: '1 when the AC power is estimated from the DC power (MI series), 0 when the inverter reports it',
      type: 'gauge',
      value: withData((inv) => (inv.mi?.acPowerEstimated ? 1 : 0)),
    },
    {
      name: 'dtu_inverter_ac_voltage_volts',
      help: 'AC grid voltage in volts',
      type: 'gauge',
      value: withData(shown('AC', 'UAC')),
    },
    {
      name: 'dtu_inverter_ac_current_amperes',
      help: 'AC output current in amperes',
      type: 'gauge',
      value: ifPresent('AC', 'IAC', shown('AC', 'IAC')),
    },
    {
      name: 'dtu_inverter_ac_frequency_hertz',
      help: 'AC grid frequency in hertz',
      type: 'gauge',
      value: withData(shown('AC', 'F')),
    },
    {
      name: 'dtu_inverter_ac_power_factor_ratio',
      help: 'AC power factor (0..1)',
      type: 'gauge',
      value: ifPresent('AC', 'PF', shown('AC', 'PF')),
    },
    {
      name: 'dtu_inverter_ac_reactive_power_volt_amperes_reactive',
      help: 'AC reactive power in volt-amperes reactive',
      type: 'gauge',
      value: ifPresent('AC', 'Q', shown('AC', 'Q')),
    },
    {
      name: 'dtu_inverter_dc_power_watts',
      help: 'DC input power of all strings in watts',
      type: 'gauge',
      value: withData(shown('INV', 'PDC')),
    },
    {
      name: 'dtu_inverter_temperature_celsius',
      help: 'Inverter temperature in degrees Celsius',
      type: 'gauge',
      value: withData(shown('INV', 'T')),
    },
    {
      name: 'dtu_inverter_efficiency_ratio',
      help: 'AC power divided by DC power (0..1)',
      type: 'gauge',
      value: ifPresent('INV', 'EFF', (inv) => roundTo(shown('INV', 'EFF')(inv) / 100, 5)),
    },
    {
      name: 'dtu_inverter_energy_today_joules',
      help: 'Energy the inverter produced today in joules (back to 0 at local midnight)',
      type: 'gauge',
      value: withData(shown('INV', 'YD', JOULES_PER_WH)),
    },
    {
      name: 'dtu_inverter_energy_joules_total',
      help: 'Energy the inverter produced in its lifetime in joules (configured offsets included)',
      type: 'counter',
      value: withData(shown('INV', 'YT', JOULES_PER_KWH)),
    },
    {
      name: 'dtu_inverter_limit_ratio',
      help: 'Active power limit as a fraction of the rated power (0..1), once read back',
      type: 'gauge',
      value: (inv) => (inv.limitKnown ? roundTo(inv.limitRelative / 100, 4) : null),
    },
    {
      name: 'dtu_inverter_limit_watts',
      help: 'Active power limit in watts, once the limit and the rated power are known',
      type: 'gauge',
      value: (inv) => (inv.limitKnown && inv.limitAbsoluteW !== null ? inv.limitAbsoluteW : null),
    },
    {
      name: 'dtu_inverter_rated_power_watts',
      help: 'Rated power from the device information in watts',
      type: 'gauge',
      value: (inv) => (inv.maxPowerW > 0 ? inv.maxPowerW : null),
    },
    {
      name: 'dtu_inverter_last_update_timestamp_seconds',
      help: 'Time of the last good run data in seconds since the Unix epoch',
      type: 'gauge',
      value: (inv) => (inv.lastUpdateEpochMs > 0 ? inv.lastUpdateEpochMs / 1000 : null),
    },
  ],
);

// --- string (DC input) -----------------------------------------------------------------------------------

interface StringSubject {
  inv: LiveInverter;
  input: number;
}

const stringValue = (key: RunDataFieldKey, factor = 1) => {
  const read = shown('DC', key, factor);
  return ({ inv, input }: StringSubject) => (inv.hasData ? read(inv, input) : null);
};

const STRING = group<StringSubject>(
  (source) =>
    source.live.inverters().flatMap((inv) =>
      channelsOf(inv, 'DC').map((input) => ({
        subject: { inv, input },
        labels: [...inverterLabels(inv), ['string', String(input)]] as Labels,
      })),
    ),
  [
    {
      name: 'dtu_string_info',
      help: 'Configured string name (always 1)',
      type: 'gauge',
      value: () => null,
      split: { label: 'string_name', values: ({ inv, input }) => [[inv.channels[input]?.name ?? '', 1]] },
    },
    {
      name: 'dtu_string_max_power_watts',
      help: 'Configured peak power of the string in watts (absent when not set)',
      type: 'gauge',
      value: ({ inv, input }) => {
        const max = inv.channels[input]?.maxPowerW ?? 0;
        return max > 0 ? max : null;
      },
    },
    {
      name: 'dtu_string_power_watts',
      help: 'String power in watts',
      type: 'gauge',
      value: stringValue('PDC'),
    },
    {
      name: 'dtu_string_voltage_volts',
      help: 'String voltage in volts',
      type: 'gauge',
      value: stringValue('UDC'),
    },
    {
      name: 'dtu_string_current_amperes',
      help: 'String current in amperes',
      type: 'gauge',
      value: stringValue('IDC'),
    },
    {
      name: 'dtu_string_energy_today_joules',
      help: 'Energy the string produced today in joules (back to 0 at local midnight)',
      type: 'gauge',
      value: stringValue('YD', JOULES_PER_WH),
    },
    {
      name: 'dtu_string_energy_joules_total',
      help: 'Energy the string produced in its lifetime in joules (configured offset included)',
      type: 'counter',
      value: stringValue('YT', JOULES_PER_KWH),
    },
  ],
);

// --- radio (per inverter) --------------------------------------------------------------------------------

const RADIO = group<LiveInverter>(
  // Wi-Fi inverters have no radio statistics: absent, not zeros.
  (source) =>
    source.live
      .inverters()
      .filter((inv) => inv.connection !== 'wifi')
      .map((inv) => ({ subject: inv, labels: inverterLabels(inv) })),
  [
    {
      name: 'dtu_radio_requests_total',
      help: 'Requests sent to the inverter (resends not counted)',
      type: 'counter',
      value: (inv) => inv.radioStats.tx_request,
    },
    {
      name: 'dtu_radio_re_requests_total',
      help: 'Missing answer fragments asked for again',
      type: 'counter',
      value: (inv) => inv.radioStats.tx_re_request,
    },
    {
      name: 'dtu_radio_other_dtu_frames_total',
      help: 'Frames of this inverter that answered another DTU (a third address in bytes 5..8), not used',
      type: 'counter',
      value: (inv) => inv.otherDtuFrames,
    },
    {
      name: 'dtu_radio_results_total',
      help: 'Finished requests by result: success, or nothing, partial or corrupt received',
      type: 'counter',
      value: () => null,
      split: {
        label: 'result',
        values: (inv) => [
          ['success', inv.radioStats.rx_success],
          ['nothing', inv.radioStats.rx_fail_nothing],
          ['partial', inv.radioStats.rx_fail_partial],
          ['corrupt', inv.radioStats.rx_fail_corrupt],
        ],
      },
    },
    {
      name: 'dtu_radio_rssi_dbm',
      help: 'Signal strength of the last answer in dBm (absent before the first)',
      type: 'gauge',
      value: (inv) => (inv.radioStats.rssi > RSSI_NONE ? inv.radioStats.rssi : null),
    },
    {
      name: 'dtu_radio_frequency_state',
      help: 'HMS/HMT only: 1 for the frequency recovery state the inverter is in (on_frequency, searching, found, not_found)',
      type: 'gauge',
      value: () => null,
      split: {
        label: 'state',
        values: (inv) =>
          inv.cmtFrequency
            ? FREQUENCY_STATES.map((state) => [
                state.replace('-', '_'),
                inv.cmtFrequency?.state === state ? 1 : 0,
              ])
            : [],
      },
    },
    {
      name: 'dtu_radio_frequency_found_hertz',
      help: 'HMS/HMT only: the frequency the inverter was last found on off the DTU frequency (absent when never)',
      type: 'gauge',
      value: (inv) => inv.cmtFrequency?.foundHz ?? null,
    },
  ],
);

const FREQUENCY_STATES: readonly FrequencyState[] = ['on-frequency', 'searching', 'found', 'not-found'];

/** Every group, in output order. */
export const METRIC_GROUPS: readonly MetricGroup[] = [
  PLANT,
  INVERTER,
  STRING,
  RADIO,
  ...RADIO_CHIP_GROUPS,
  ...WIFI_GROUPS,
  ...ALERT_GROUPS,
  ...LIMITER_GROUPS,
  ...BATTERY_GROUPS,
  ...HTTP_GROUPS,
];

/** The name of every family of every group. */
export function metricFamilyNames(): string[] {
  return METRIC_GROUPS.flatMap((metricGroup) => metricGroup.names);
}

/** Adds every group's families to `out`. */
export function addMetricFamilies(out: Exposition, source: MetricSource): void {
  for (const metricGroup of METRIC_GROUPS) metricGroup.collect(source, out);
}
