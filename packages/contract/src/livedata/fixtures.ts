/**
 * Live-data builders shaped like the gateway's live-data answers, shared by the tests of every package and
 * by the console's build (the first paint's stylesheet is cut from renders of them). Not part of the API.
 */
import type { LivedataStatus, LiveInverterDetail, LiveInverterSummary } from './api';

export const value = (v: number, u: string, d = 1) => ({ v, u, d });

export function summary(serial: string, patch: Partial<LiveInverterSummary> = {}): LiveInverterSummary {
  return {
    serial,
    name: `Inverter ${serial}`,
    order: 0,
    data_age: 0,
    data_age_ms: 0,
    poll_enabled: true,
    reachable: true,
    producing: true,
    limit_relative: 100,
    limit_absolute: 800,
    radio_stats: {
      tx_request: 0,
      tx_re_request: 0,
      rx_success: 0,
      rx_fail_nothing: 0,
      rx_fail_partial: 0,
      rx_fail_corrupt: 0,
      rssi: -127,
    },
    ...patch,
  };
}

export function detail(serial: string, patch: Partial<LiveInverterDetail> = {}): LiveInverterDetail {
  return {
    ...summary(serial),
    AC: { '0': { Power: value(500, 'W') } },
    DC: { '0': { name: { u: 'South' }, Power: value(260, 'W') } },
    INV: { '0': { Temperature: value(38.4, '°C') } },
    events: 2,
    ...patch,
  };
}

export const total = {
  Power: value(500, 'W'),
  YieldDay: value(2000, 'Wh', 0),
  YieldTotal: value(100, 'kWh', 3),
};
export const hints = {
  time_sync: false,
  radio_problem: false,
  default_password: false,
  pin_mapping_issue: false,
};

export function status(inverters: LiveInverterSummary[]): LivedataStatus {
  return { inverters, total, hints };
}
