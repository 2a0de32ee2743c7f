import { describe, expect, it } from 'vitest';
import { Code } from '../../src/codes';
import { validate } from '../../src/common/validate';
import { modbusConfig } from '../../src/powerlimiter/fixtures';
import {
  isMeterTopicValid,
  isMeterUrlValid,
  isSerialDeviceValid,
  powerMeterConfigSchema,
} from '../../src/powermeter/schemas';

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

  it("checks the SML, Speedwire and Modbus sources only when chosen, and needs the chosen one's settings", () => {
    const modbus = modbusConfig({ host: 'meter' });
    const code = (value: object) => {
      const result = validate(powerMeterConfigSchema, value);
      return result.ok ? 'ok' : result.code;
    };
    expect(code({ ...base, modbus: { ...modbus, unit_id: 0 } })).toBe('ok');
    expect(code({ ...base, source: 'modbus', modbus })).toBe('ok');
    expect(code({ ...base, source: 'modbus' })).toBe(Code.PowerMeterHostnameLength);
    expect(
      code({ ...base, source: 'modbus', modbus: { ...modbus, transport: 'rtu', baud_rate: 1000 } }),
    ).toBe(Code.PowerMeterBaudRateInvalid);
    expect(code({ ...base, source: 'modbus', modbus: { ...modbus, unit_id: 248 } })).toBe(
      Code.PowerMeterModbusUnitRange,
    );
    // A custom int16 may sit at the last address; a 32-bit value needs the next one too.
    const custom = { ...modbus, model: 'custom', register: 65535 };
    expect(code({ ...base, source: 'modbus', modbus: { ...custom, data_type: 'int16' } })).toBe('ok');
    expect(code({ ...base, source: 'modbus', modbus: { ...custom, data_type: 'uint32' } })).toBe(
      Code.PowerMeterModbusRegisterRange,
    );
    expect(code({ ...base, source: 'modbus', modbus: { ...custom, register: 0, scale: -0.1 } })).toBe('ok');
    expect(code({ ...base, source: 'modbus', modbus: { ...custom, register: 0, scale: 2e6 } })).toBe(
      Code.PowerMeterModbusScaleInvalid,
    );
    expect(code({ ...base, source: 'sml_serial' })).toBe(Code.PowerMeterDeviceInvalid);
    expect(
      code({ ...base, source: 'sml_serial', sml_serial: { device: '/dev/ttyUSB0', baud_rate: 9600 } }),
    ).toBe('ok');
    const request = {
      url: 'http://bridge/data.json?node_id=1',
      auth_type: 1,
      username: 'admin',
      password: 'x',
      timeout: 3000,
    };
    expect(
      code({ ...base, source: 'http_sml', http_sml: { polling_interval: 2, http_request: request } }),
    ).toBe('ok');
    expect(
      code({ ...base, source: 'http_sml', http_sml: { polling_interval: 0, http_request: request } }),
    ).toBe(Code.PowerMeterIntervalRange);
    expect(code({ ...base, source: 'sma_speedwire', sma_speedwire: { serial: 0 } })).toBe('ok');
    expect(code({ ...base, source: 'sma_speedwire', sma_speedwire: { serial: -1 } })).toBe(
      Code.ValuesMissing,
    );
  });

  it('knows a serial device path', () => {
    expect(isSerialDeviceValid('/dev/serial/by-id/usb-FTDI_FT232R-if00-port0')).toBe(true);
    expect(isSerialDeviceValid('ttyUSB0')).toBe(false);
    expect(isSerialDeviceValid('/dev/tty USB0')).toBe(false);
    expect(isSerialDeviceValid(`/${'x'.repeat(128)}`)).toBe(false);
  });
});
