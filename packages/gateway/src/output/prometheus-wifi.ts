/**
 * The Wi-Fi devices' families (docs/metrics.md): per device (an HMS-xxxW's own stick, a DTU-Pro or
 * DTU-Lite), labelled by its `name` and `host` (its place in the settings), what the gateway counts of its
 * polls and what the device reports of its signal. Their inverters appear in the inverter families, not in
 * the radio ones: they are not on the radio.
 */
import type { WifiDeviceStatus } from '@dtu-console/contract';
import { flag, group, type MetricGroup } from './prometheus-group';

const WIFI = group<WifiDeviceStatus>(
  (source) =>
    (source.wifiDevices ?? []).map((device) => ({
      subject: device,
      labels: [
        ['name', device.name],
        ['host', `${device.host}:${device.port}`],
      ],
    })),
  [
    {
      name: 'dtu_wifi_device_online',
      help: '1 while the Wi-Fi device answers its polls',
      type: 'gauge',
      value: (device) => flag(device.state === 'online'),
    },
    {
      name: 'dtu_wifi_device_polls_total',
      help: 'Poll cycles begun (device information, real data, alarms, the day curve)',
      type: 'counter',
      value: (device) => device.polls,
    },
    {
      name: 'dtu_wifi_device_failed_polls_total',
      help: 'Poll cycles that failed (no answer, refused, garbage or a device error)',
      type: 'counter',
      value: (device) => device.failed_polls,
    },
    {
      name: 'dtu_wifi_device_bad_frames_total',
      help: 'Garbage received from the device and dropped (each a connection reset)',
      type: 'counter',
      value: (device) => device.bad_frames,
    },
    {
      name: 'dtu_wifi_device_last_answer_timestamp_seconds',
      help: 'When the device last answered, Unix seconds (absent before the first)',
      type: 'gauge',
      value: (device) => (device.last_answer > 0 ? device.last_answer : null),
    },
    {
      name: 'dtu_wifi_device_signal',
      help: 'The signal strength the device reports, in its own undocumented unit (absent when it sends none)',
      type: 'gauge',
      value: (device) => device.signal,
    },
  ],
);

export const WIFI_GROUPS: readonly MetricGroup[] = [WIFI];
