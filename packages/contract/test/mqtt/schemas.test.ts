import { describe, expect, expectTypeOf, it } from 'vitest';
import { Code } from '../../src/codes';
import { validate } from '../../src/common/validate';
import type { MqttConfig } from '../../src/mqtt/api';
import { mqttExample } from '../../src/mqtt/fixtures';
import { type MqttConfigPayload, mqttConfigRules, mqttConfigSchema } from '../../src/mqtt/schemas';

// The GET example of docs/api.md, enabled: what the web app posts back; discovery on, so its topic is checked.
const valid: MqttConfigPayload = mqttExample({ mqtt_hass_enabled: true });

const run = (patch: Record<string, unknown>) => validate(mqttConfigSchema, { ...valid, ...patch });

describe('POST /api/mqtt/config schema', () => {
  it('accepts the GET object and ignores extra keys', () => {
    const result = run({ mqtt_connected: true, extra: 'x' });
    expect(result).toEqual({ ok: true, value: valid });
  });

  it('reads the absent root CA as the text "null"', () => {
    const { mqtt_root_ca_cert: _omitted, ...rest } = valid;
    const result = validate(mqttConfigSchema, rest);
    expect(result.ok && result.value.mqtt_root_ca_cert).toBe('null');
  });

  it('takes a non-string root CA leniently instead of failing', () => {
    const result = run({ mqtt_root_ca_cert: 5 });
    expect(result.ok && result.value.mqtt_root_ca_cert).toBe('5');
  });

  const required = Object.keys(valid).filter((key) => key !== 'mqtt_root_ca_cert');

  it.each(required)('answers 1005 when %s is missing', (key) => {
    const body: Record<string, unknown> = { ...valid };
    delete body[key];
    expect(validate(mqttConfigSchema, body)).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    ['mqtt_enabled', 1],
    ['mqtt_enabled', 'true'],
    ['mqtt_hostname', 42],
    ['mqtt_port', '1883'],
    ['mqtt_port', 1883.5],
    ['mqtt_port', -1],
    ['mqtt_port', 4294967296],
    ['mqtt_lwt_qos', 256],
    ['mqtt_lwt_qos', -1],
    ['mqtt_publish_interval', null],
    ['mqtt_hass_topic', ['homeassistant/']],
  ])('answers 1005 when %s has the wrong JSON type (%j)', (key, value) => {
    expect(run({ [key]: value })).toEqual({ ok: false, code: 1005 });
  });

  it('answers 1005 for a non-object body', () => {
    expect(validate(mqttConfigSchema, [])).toEqual({ ok: false, code: 1005 });
    expect(validate(mqttConfigSchema, 'x')).toEqual({ ok: false, code: 1005 });
  });

  it('checks types (1005) before any field rule', () => {
    expect(run({ mqtt_hostname: '', mqtt_lwt_qos: 'x' })).toEqual({ ok: false, code: 1005 });
  });

  it.each([
    [{ mqtt_hostname: '' }, 7001, { max: 128 }, 'mqtt_hostname'],
    [{ mqtt_hostname: 'h'.repeat(129) }, 7001, { max: 128 }, 'mqtt_hostname'],
    [{ mqtt_clientid: 'c'.repeat(65) }, 7017, { max: 64 }, 'mqtt_clientid'],
    [{ mqtt_username: 'u'.repeat(65) }, 7002, { max: 64 }, 'mqtt_username'],
    [{ mqtt_password: 'p'.repeat(65) }, 7003, { max: 64 }, 'mqtt_password'],
    [{ mqtt_topic: `${'t'.repeat(32)}/` }, 7004, { max: 32 }, 'mqtt_topic'],
    [{ mqtt_topic: 'my solar/' }, 7005, undefined, 'mqtt_topic'],
    [{ mqtt_topic: 'solar' }, 7006, undefined, 'mqtt_topic'],
    [{ mqtt_topic: '' }, 7006, undefined, 'mqtt_topic'],
    [{ mqtt_port: 0 }, 7007, undefined, 'mqtt_port'],
    [{ mqtt_port: 65536 }, 7007, undefined, 'mqtt_port'],
    [{ mqtt_root_ca_cert: 'x'.repeat(2561) }, 7008, { max: 2560 }, 'mqtt_root_ca_cert'],
    [{ mqtt_client_cert: 'x'.repeat(2561) }, 7008, { max: 2560 }, 'mqtt_client_cert'],
    [{ mqtt_client_key: 'x'.repeat(2561) }, 7008, { max: 2560 }, 'mqtt_client_key'],
    [{ mqtt_lwt_topic: 'l'.repeat(33) }, 7009, { max: 32 }, 'mqtt_lwt_topic'],
    [{ mqtt_lwt_topic: 'dtu status' }, 7010, undefined, 'mqtt_lwt_topic'],
    [{ mqtt_lwt_online: 'o'.repeat(21) }, 7011, { max: 20 }, 'mqtt_lwt_online'],
    [{ mqtt_lwt_offline: 'o'.repeat(21) }, 7012, { max: 20 }, 'mqtt_lwt_offline'],
    [{ mqtt_lwt_qos: 3 }, 7016, { max: 2 }, 'mqtt_lwt_qos'],
    [{ mqtt_publish_interval: 4 }, 7013, { min: 5, max: 86400 }, 'mqtt_publish_interval'],
    [{ mqtt_publish_interval: 86401 }, 7013, { min: 5, max: 86400 }, 'mqtt_publish_interval'],
    [{ mqtt_hass_topic: `${'h'.repeat(32)}/` }, 7014, { max: 32 }, 'mqtt_hass_topic'],
    [{ mqtt_hass_topic: 'home assistant/' }, 7015, undefined, 'mqtt_hass_topic'],
    [{ mqtt_hass_topic: 'homeassistant' }, 7018, undefined, 'mqtt_hass_topic'],
  ])('%j → %i %j', (patch, code, param, field) => {
    expect(run(patch)).toEqual({ ok: false, code, ...(param ? { param } : {}), field });
  });

  it.each([
    { mqtt_hostname: 'h'.repeat(128) },
    { mqtt_clientid: '' },
    { mqtt_clientid: 'c'.repeat(64) },
    { mqtt_topic: `${'t'.repeat(31)}/` },
    { mqtt_port: 1 },
    { mqtt_port: 65535 },
    { mqtt_root_ca_cert: 'x'.repeat(2560) },
    { mqtt_lwt_topic: '' },
    { mqtt_lwt_online: 'o'.repeat(20) },
    { mqtt_lwt_qos: 0 },
    { mqtt_publish_interval: 65536 },
    { mqtt_publish_interval: 86400 },
    { mqtt_hass_topic: `${'h'.repeat(31)}/` },
  ])('accepts the boundary %j', (patch) => {
    expect(run(patch).ok).toBe(true);
  });

  it('measures lengths in UTF-8 bytes', () => {
    // 43 × "€" is 43 UTF-16 units but 129 bytes.
    expect(run({ mqtt_hostname: '€'.repeat(43) })).toMatchObject({ code: 7001 });
    expect(run({ mqtt_hostname: '€'.repeat(42) }).ok).toBe(true);
    expect(run({ mqtt_lwt_online: 'ü'.repeat(11) })).toMatchObject({ code: 7011 });
  });

  it('skips the Home Assistant checks while HA is disabled', () => {
    expect(
      run({ mqtt_hass_enabled: false, mqtt_hass_topic: 'bad topic without slash and far too long' }).ok,
    ).toBe(true);
  });

  it('stores a disabled config without any field check', () => {
    const broken = {
      mqtt_enabled: false,
      mqtt_hostname: '',
      mqtt_port: 0,
      mqtt_topic: 'no slash',
      mqtt_lwt_qos: 9,
      mqtt_publish_interval: 1,
    };
    expect(run(broken).ok).toBe(true);
  });

  it('reports the checks in docs/api.md order when several fields are bad', () => {
    let body: Record<string, unknown> = {
      ...valid,
      mqtt_hostname: '',
      mqtt_clientid: 'c'.repeat(65),
      mqtt_username: 'u'.repeat(65),
      mqtt_password: 'p'.repeat(65),
      mqtt_topic: `${'a b'.repeat(11)}x`,
      mqtt_port: 0,
      mqtt_root_ca_cert: 'x'.repeat(2561),
      mqtt_client_cert: 'x'.repeat(2561),
      mqtt_client_key: 'x'.repeat(2561),
      mqtt_lwt_topic: `${'l '.repeat(16)}x`,
      mqtt_lwt_online: 'o'.repeat(21),
      mqtt_lwt_offline: 'o'.repeat(21),
      mqtt_lwt_qos: 3,
      mqtt_publish_interval: 4,
      mqtt_hass_topic: `${'h '.repeat(16)}x`,
    };
    // Each step repairs just enough for the next check to become the first failure.
    const steps: [Record<string, unknown>, number][] = [
      [{}, 7001],
      [{ mqtt_hostname: 'broker' }, 7017],
      [{ mqtt_clientid: 'dtu' }, 7002],
      [{ mqtt_username: 'user' }, 7003],
      [{ mqtt_password: 'secret' }, 7004],
      [{ mqtt_topic: 'a b' }, 7005],
      [{ mqtt_topic: 'ab' }, 7006],
      [{ mqtt_topic: 'ab/' }, 7007],
      [{ mqtt_port: 1883 }, 7008],
      [{ mqtt_root_ca_cert: '' }, 7008],
      [{ mqtt_client_cert: '' }, 7008],
      [{ mqtt_client_key: '' }, 7009],
      [{ mqtt_lwt_topic: 'l l' }, 7010],
      [{ mqtt_lwt_topic: 'll' }, 7011],
      [{ mqtt_lwt_online: 'on' }, 7012],
      [{ mqtt_lwt_offline: 'off' }, 7016],
      [{ mqtt_lwt_qos: 1 }, 7013],
      [{ mqtt_publish_interval: 30 }, 7014],
      [{ mqtt_hass_topic: 'h h' }, 7015],
      [{ mqtt_hass_topic: 'hh' }, 7018],
    ];
    const seen: number[] = [];
    for (const [fix, code] of steps) {
      body = { ...body, ...fix };
      const result = validate(mqttConfigSchema, body);
      expect(result.ok).toBe(false);
      if (!result.ok) seen.push(result.code);
      expect(seen.at(-1)).toBe(code);
    }
    expect(validate(mqttConfigSchema, { ...body, mqtt_hass_topic: 'hh/' }).ok).toBe(true);
  });

  it('lists its rules in docs/api.md order', () => {
    expect(mqttConfigRules.map((rule) => rule.code)).toEqual([
      Code.MqttHostnameLength,
      Code.MqttClientIdLength,
      Code.MqttUsernameLength,
      Code.MqttPasswordLength,
      Code.MqttTopicLength,
      Code.MqttTopicSpace,
      Code.MqttTopicSlash,
      Code.MqttPortInvalid,
      Code.MqttCertLength,
      Code.MqttCertLength,
      Code.MqttCertLength,
      Code.MqttLwtTopicLength,
      Code.MqttLwtTopicSpace,
      Code.MqttLwtOnlineLength,
      Code.MqttLwtOfflineLength,
      Code.MqttLwtQos,
      Code.MqttPublishInterval,
      Code.MqttHassTopicLength,
      Code.MqttHassTopicSpace,
      Code.MqttHassTopicSlash,
    ]);
  });
});

// Checked by tsc: the payload the schema yields is the config the GET endpoint returns.
describe('POST /api/mqtt/config schema output', () => {
  it('is the GET answer', () => {
    expectTypeOf<MqttConfigPayload>().toEqualTypeOf<MqttConfig>();
  });
});
