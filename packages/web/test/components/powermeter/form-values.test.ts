/** The Power meter screen's form values: the source choice with "off", one or three MQTT topics, the checks. */
import { Code } from '@dtu-console/contract/codes';
import { modbusConfig } from '@dtu-console/contract/powerlimiter/fixtures';
import type { PowerMeterConfig } from '@dtu-console/contract/powermeter/api';
import { describe, expect, it } from 'vitest';
import { check, toPayload, toValues } from '../../../src/components/powermeter/form-values';

const topic = (name: string) => ({ topic: name, json_path: 'p', unit: 0, sign_inverted: false });
const meter: PowerMeterConfig = {
  enabled: false,
  source: 'mqtt',
  max_age: 10,
  mqtt: {
    use_gateway_broker: true,
    hostname: '',
    port: 1883,
    username: '',
    password: '',
    values: [topic('house/power')],
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

describe('the Power meter form', () => {
  it('shows a switched-off meter as source "off" with three topic rows, and saves what it showed', () => {
    const values = toValues(meter);
    expect(values.meter.source).toBe('none');
    expect(values.meter.mqtt.phases).toBe(1);
    expect(values.meter.mqtt.values).toHaveLength(3);
    // Off is saved as off; every source's own settings stay as they were.
    expect(toPayload(values)).toEqual({ ...meter, source: 'none' });
  });

  it('sends one or three topics, and the source switched on', () => {
    const values = toValues(meter);
    values.meter.source = 'mqtt';
    values.meter.mqtt.phases = 3;
    values.meter.mqtt.values = [topic('L1'), topic('L2'), topic('L3')];
    const payload = toPayload(values);
    expect(payload.enabled).toBe(true);
    expect(payload.mqtt.values.map((v) => v.topic)).toEqual(['L1', 'L2', 'L3']);
    values.meter.mqtt.phases = 1;
    expect(toPayload(values).mqtt.values.map((v) => v.topic)).toEqual(['L1']);
  });

  it("checks with the contract's codes and marks the field of the chosen source", () => {
    const values = toValues(meter);
    expect(check(values)).toBeUndefined();
    values.meter.source = 'http';
    values.meter.http_json.http_request.url = 'ftp://meter';
    expect(check(values)).toMatchObject({
      code: Code.PowerMeterUrlInvalid,
      field: 'meter.http_json.http_request.url',
    });
  });
});
