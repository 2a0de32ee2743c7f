/** The JSON examples of docs/api.md, as shapes for expectSameShape (keys, key order, JSON types). */

export const RADIO_STATS_EXAMPLE = {
  tx_request: 12345,
  tx_re_request: 210,
  rx_success: 12001,
  rx_fail_nothing: 300,
  rx_fail_partial: 35,
  rx_fail_corrupt: 9,
  rssi: -62,
};

/** docs/api.md summary object. */
export const SUMMARY_EXAMPLE = {
  serial: '116180216880',
  name: 'Garage roof',
  order: 0,
  data_age: 3,
  data_age_ms: 3412,
  poll_enabled: true,
  reachable: true,
  producing: true,
  limit_relative: 100,
  limit_absolute: 800,
  radio_stats: RADIO_STATS_EXAMPLE,
};

/** A list entry (no `?inv=`): the summary plus the event count of the older API form. */
export const LIST_ENTRY_EXAMPLE = { ...SUMMARY_EXAMPLE, events: 2 };

export const TOTAL_EXAMPLE = {
  Power: { v: 512.3, u: 'W', d: 1 },
  YieldDay: { v: 2717, u: 'Wh', d: 0 },
  YieldTotal: { v: 1962.975, u: 'kWh', d: 3 },
};

export const HINTS_EXAMPLE = {
  time_sync: false,
  radio_problem: false,
  default_password: true,
  pin_mapping_issue: false,
};

const AC_EXAMPLE = {
  Power: { v: 512.3, u: 'W', d: 1 },
  Voltage: { v: 231.4, u: 'V', d: 1 },
  Current: { v: 2.21, u: 'A', d: 2 },
  Frequency: { v: 50.01, u: 'Hz', d: 2 },
  PowerFactor: { v: 0.999, u: '', d: 3 },
  ReactivePower: { v: 1.2, u: 'var', d: 1 },
};

/** A DC channel of docs/api.md; with Irradiation when the string has a max power. */
export function dcExample(withIrradiation: boolean) {
  return {
    name: { u: 'South' },
    Power: { v: 268.4, u: 'W', d: 1 },
    Voltage: { v: 35.6, u: 'V', d: 1 },
    Current: { v: 7.54, u: 'A', d: 2 },
    YieldDay: { v: 1375, u: 'Wh', d: 0 },
    YieldTotal: { v: 987.654, u: 'kWh', d: 3 },
    ...(withIrradiation ? { Irradiation: { v: 65.463, u: '%', d: 3, max: 410 } } : {}),
  };
}

const INV_EXAMPLE = {
  'Power DC': { v: 530.3, u: 'W', d: 1 },
  YieldDay: { v: 2717, u: 'Wh', d: 0 },
  YieldTotal: { v: 1962.975, u: 'kWh', d: 3 },
  Temperature: { v: 38.4, u: '°C', d: 1 },
  Efficiency: { v: 96.606, u: '%', d: 3 },
};

/** docs/api.md detailed object for an inverter whose strings all have (true) or lack (false) a max power. */
export function detailExample(irradiation: boolean[]) {
  return {
    ...SUMMARY_EXAMPLE,
    AC: { '0': AC_EXAMPLE },
    DC: Object.fromEntries(irradiation.map((has, i) => [String(i), dcExample(has)])),
    INV: { '0': INV_EXAMPLE },
    events: 3,
  };
}
