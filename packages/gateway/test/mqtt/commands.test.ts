/** Command topic parsing and validation, and the connect options built from the settings. */
import { LimitType } from '@dtu-console/contract';
import { describe, expect, it } from 'vitest';
import { createDefaults } from '../../src/config/defaults';
import {
  clientOptionsOf,
  connectionKey,
  effectiveClientId,
  type MqttSection,
} from '../../src/mqtt/client-options';
import { commandSubscriptions, parseCommand, parseNumberPayload } from '../../src/mqtt/commands';
import { reconnectDelayMs } from '../../src/mqtt/connection';

const base = 'solar/';
const topic = (name: string, serial = '116180214567') => `${base}${serial}/cmd/${name}`;
const parse = (name: string, payload: string, retained = false) =>
  parseCommand(base, topic(name), payload, retained);

describe('MQTT command topics', () => {
  it('subscribes the seven command topics below the base topic', () => {
    expect(commandSubscriptions('pv/')).toEqual([
      'pv/+/cmd/limit_persistent_relative',
      'pv/+/cmd/limit_persistent_absolute',
      'pv/+/cmd/limit_nonpersistent_relative',
      'pv/+/cmd/limit_nonpersistent_absolute',
      'pv/+/cmd/power',
      'pv/+/cmd/restart',
      'pv/+/cmd/reset_rf_stats',
    ]);
  });

  it.each([
    ['limit_persistent_relative', '50.5', LimitType.RelativePersistent, 50.5],
    ['limit_persistent_absolute', '800', LimitType.AbsolutePersistent, 800],
    ['limit_nonpersistent_relative', ' 30 ', LimitType.RelativeNonPersistent, 30],
    ['limit_nonpersistent_absolute', '1e3', LimitType.AbsoluteNonPersistent, 1000],
    // Above 100 % is capped as on the device (no limit).
    ['limit_nonpersistent_relative', '150', LimitType.RelativeNonPersistent, 100],
    ['limit_persistent_absolute', '0', LimitType.AbsolutePersistent, 0],
  ])('%s %j → limit type %i, value %d', (name, payload, type, value) => {
    expect(parse(name, payload)).toEqual({
      ok: true,
      serial: '116180214567',
      name,
      command: { kind: 'limit', type, value },
    });
  });

  it.each([
    ['limit_nonpersistent_relative', '-5', 'negative'],
    ['limit_nonpersistent_relative', 'nan', 'not a number'],
    ['limit_nonpersistent_relative', 'inf', 'not a number'],
    ['limit_nonpersistent_relative', '1e999', 'not a number'],
    ['limit_nonpersistent_relative', '', 'not a number'],
    ['limit_nonpersistent_relative', '50W', 'not a number'],
    ['limit_persistent_absolute', '2251', 'above'],
    ['power', 'on', 'not a number'],
    ['power', '-1', 'negative'],
    ['restart', '0', 'needs the value 1'],
    ['reset_rf_stats', '2', 'needs the value 1'],
  ])('%s %j is refused (%s)', (name, payload, reason) => {
    const parsed = parse(name, payload);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });

  it('ignores retained messages on non-persistent topics, accepts them on persistent limits and power', () => {
    for (const name of [
      'limit_nonpersistent_relative',
      'limit_nonpersistent_absolute',
      'restart',
      'reset_rf_stats',
    ]) {
      expect(parse(name, '1', true)).toEqual({ ok: false, reason: 'ignored because retained' });
    }
    for (const name of ['limit_persistent_relative', 'limit_persistent_absolute', 'power']) {
      expect(parse(name, '1', true).ok).toBe(true);
    }
  });

  it('maps power, restart and reset_rf_stats', () => {
    expect(parse('power', '1')).toMatchObject({ ok: true, command: { kind: 'power', action: 'on' } });
    expect(parse('power', '2')).toMatchObject({ ok: true, command: { kind: 'power', action: 'on' } });
    expect(parse('power', '0.9')).toMatchObject({ ok: true, command: { kind: 'power', action: 'off' } });
    expect(parse('restart', '1.0')).toMatchObject({ ok: true, command: { kind: 'restart' } });
    expect(parse('reset_rf_stats', '01')).toMatchObject({ ok: true, command: { kind: 'reset-stats' } });
  });

  it('refuses foreign topics and serials that are not hex', () => {
    expect(parseCommand(base, 'other/116180214567/cmd/power', '1', false).ok).toBe(false);
    expect(parseCommand(base, topic('power', 'garage'), '1', false).ok).toBe(false);
    expect(parseCommand(base, `${base}116180214567/cmd/power/extra`, '1', false).ok).toBe(false);
    expect(parseCommand(base, topic('dance'), '1', false).ok).toBe(false);
  });

  it('reads plain decimal numbers only', () => {
    expect(parseNumberPayload('.5')).toBe(0.5);
    expect(parseNumberPayload('+7')).toBe(7);
    expect(parseNumberPayload('0x10')).toBeUndefined();
    expect(parseNumberPayload('{"v":1}')).toBeUndefined();
  });
});

describe('MQTT connect options', () => {
  const defaults = createDefaults({ chipId: 1234567, passwordHash: '', withInverters: false }).mqtt;
  const settings: MqttSection = {
    ...defaults,
    enabled: true,
    hostname: 'broker.lan',
    username: 'pv',
    password: 's3cret',
  };

  it('carries host, identity, session, keep-alive and the last will', () => {
    expect(clientOptionsOf(settings, 1234567)).toMatchObject({
      host: 'broker.lan',
      port: 1883,
      protocol: 'mqtt',
      protocolVersion: 4,
      clientId: 'OpenDTU-1234567',
      clean: true,
      keepalive: 15,
      reconnectPeriod: 0,
      username: 'pv',
      password: 's3cret',
      will: { topic: 'solar/dtu/status', payload: Buffer.from('offline'), qos: 2, retain: true },
    });
    expect(effectiveClientId({ ...settings, clientid: '' }, 42)).toBe('OpenDTU-42');
  });

  it('uses TLS with the root CA, and the client certificate instead of a password when asked', () => {
    const tls = {
      ...settings.tls,
      enabled: true,
      root_ca_cert: 'CA',
      client_cert: 'CERT',
      client_key: 'KEY',
    };
    const server = clientOptionsOf({ ...settings, tls }, 1);
    expect(server).toMatchObject({ protocol: 'mqtts', ca: 'CA', rejectUnauthorized: true, username: 'pv' });
    expect(server.cert).toBeUndefined();
    const mutual = clientOptionsOf({ ...settings, tls: { ...tls, certlogin: true } }, 1);
    expect(mutual).toMatchObject({ cert: 'CERT', key: 'KEY' });
    expect(mutual.username).toBeUndefined();
    expect(mutual.password).toBeUndefined();
  });

  it('reconnects only for settings the connection depends on', () => {
    const key = connectionKey(settings, 1);
    expect(connectionKey({ ...settings, publish_interval: 60 }, 1)).toBe(key);
    expect(connectionKey({ ...settings, hass: { ...settings.hass, enabled: true } }, 1)).toBe(key);
    expect(connectionKey({ ...settings, topic: 'pv/' }, 1)).not.toBe(key);
    expect(connectionKey({ ...settings, lwt: { ...settings.lwt, value_online: 'up' } }, 1)).not.toBe(key);
  });

  it('backs off from 1 s to a minute between attempts', () => {
    expect([1, 2, 3, 4, 7, 20].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
  });
});
