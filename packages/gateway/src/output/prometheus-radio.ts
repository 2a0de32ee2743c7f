/**
 * The radio diagnostics per inverter as Prometheus families: frames sent, answers, fragments re-requested,
 * no answer, RSSI. Same counts as `radio_inverters` of /api/system/status (routes/system-radio.ts).
 * prometheus.ts calls this with its exposition's `add`, so this module needs nothing from it.
 */
import type { LiveInverter } from '../engine';

type AddSample = (
  name: string,
  help: string,
  type: 'gauge' | 'counter',
  labels: readonly (readonly [string, string])[],
  value: string,
) => void;

const FAMILIES = [
  ['opendtu_radio_frames_sent', 'Requests and re-requests put on the air', 'counter'],
  ['opendtu_radio_answers', 'Commands answered completely', 'counter'],
  ['opendtu_radio_fragments_rerequested', 'Missing answer fragments asked for again', 'counter'],
  ['opendtu_radio_no_answer', 'Commands that got no answer at all', 'counter'],
  ['opendtu_radio_rssi', 'Signal strength of the last answer in dBm (-127: none or not measured)', 'gauge'],
] as const;

export function renderRadioMetrics(add: AddSample, inverters: readonly LiveInverter[]): void {
  for (const [name, help, type] of FAMILIES) {
    for (const { serial, name: inverterName, radioStats: s } of inverters) {
      const value =
        name === 'opendtu_radio_frames_sent'
          ? s.tx_request + s.tx_re_request
          : name === 'opendtu_radio_answers'
            ? s.rx_success
            : name === 'opendtu_radio_fragments_rerequested'
              ? s.tx_re_request
              : name === 'opendtu_radio_no_answer'
                ? s.rx_fail_nothing
                : s.rssi;
      add(
        name,
        help,
        type,
        [
          ['serial', serial],
          ['name', inverterName],
        ],
        String(value),
      );
    }
  }
}
