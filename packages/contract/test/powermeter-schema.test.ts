import { describe, expect, it } from 'vitest';
import { Code } from '../src/codes';
import { isMeterTopicValid, isMeterUrlValid, powerMeterConfigSchema } from '../src/schemas/powermeter';
import { validate } from '../src/schemas/validate';

const base = {
  enabled: true,
  source: 'simulated',
  max_age: 10,
  mqtt: { use_gateway_broker: true, hostname: '', port: 1883, username: '', password: '', values: [] },
  http_json: {
    polling_interval: 0,
    http_request: { url: '', auth_type: 0, username: '', password: '', timeout: 0 },
    json_path: '',
    unit: 0,
    sign_inverted: false,
  },
  shelly: { hostname: '', password: '', kind: 'em', channel: 0, polling_interval: 2, notifications: true },
};

describe('power meter config schema', () => {
  it('checks only the chosen source: empty settings of the others are stored as they are', () => {
    expect(validate(powerMeterConfigSchema, base).ok).toBe(true);
    expect(validate(powerMeterConfigSchema, { ...base, source: 'none' }).ok).toBe(true);
    expect(validate(powerMeterConfigSchema, { ...base, source: 'http' })).toMatchObject({
      ok: false,
      code: Code.PowerMeterUrlInvalid,
    });
    expect(validate(powerMeterConfigSchema, { ...base, source: 'mqtt' })).toMatchObject({
      ok: false,
      code: Code.PowerMeterPhaseCount,
    });
  });

  it('takes an own broker only with host and port', () => {
    const mqtt = {
      ...base,
      source: 'mqtt',
      mqtt: {
        ...base.mqtt,
        use_gateway_broker: false,
        values: [{ topic: 't', json_path: '', unit: 0, sign_inverted: false }],
      },
    };
    expect(validate(powerMeterConfigSchema, mqtt)).toMatchObject({
      ok: false,
      code: Code.PowerMeterHostnameLength,
    });
    const withHost = { ...mqtt, mqtt: { ...mqtt.mqtt, hostname: 'broker', port: 0 } };
    expect(validate(powerMeterConfigSchema, withHost)).toMatchObject({
      ok: false,
      code: Code.PowerMeterPortInvalid,
    });
    expect(validate(powerMeterConfigSchema, { ...withHost, mqtt: { ...withHost.mqtt, port: 1883 } }).ok).toBe(
      true,
    );
  });

  it('knows a usable URL and topic', () => {
    expect(isMeterUrlValid('http://192.168.1.5/cm?cmnd=Status%2010')).toBe(true);
    expect(isMeterUrlValid('https://meter.local:8443/api')).toBe(true);
    for (const bad of ['', 'meter.local/x', 'ftp://meter/x', 'http://'])
      expect(isMeterUrlValid(bad), bad).toBe(false);
    expect(isMeterTopicValid('tele/meter/SENSOR')).toBe(true);
    for (const bad of ['', 'a b', 'a/+/c', 'a/#']) expect(isMeterTopicValid(bad), bad).toBe(false);
  });
});
