/**
 * A meter's settings as the console's tests use them: an MQTT meter with one topic, switched off, and a
 * password kept by the gateway (its mask). Shared by the Power meter and Power limiter form tests.
 */
import { modbusConfig } from '@dtu-console/contract/powerlimiter/fixtures';
import type { PowerMeterConfig, PowerMeterMqttValue } from '@dtu-console/contract/powermeter/api';

/** One MQTT topic read at the JSON path `p`, in W, as sent. */
export const meterTopic = (name: string): PowerMeterMqttValue => ({
  topic: name,
  json_path: 'p',
  unit: 0,
  sign_inverted: false,
});

/** The meter switched off, its MQTT source kept with one topic. */
export const switchedOffMeter: PowerMeterConfig = {
  enabled: false,
  source: 'mqtt',
  max_age: 10,
  mqtt: {
    use_gateway_broker: true,
    hostname: '',
    port: 1883,
    username: '',
    password: '',
    values: [meterTopic('house/power')],
  },
  http_json: {
    polling_interval: 2,
    http_request: { url: '', auth_type: 0, username: '', password: '********', timeout: 3000 },
    json_path: '',
    unit: 0,
    sign_inverted: false,
  },
  shelly: { hostname: '', password: '', kind: 'em', channel: 0, polling_interval: 2, notifications: true },
  sml_serial: { device: '/dev/ttyUSB0', baud_rate: 9600 },
  http_sml: {
    polling_interval: 2,
    http_request: { url: '', auth_type: 0, username: '', password: '', timeout: 3000 },
  },
  sma_speedwire: { serial: 0 },
  modbus: modbusConfig(),
};
