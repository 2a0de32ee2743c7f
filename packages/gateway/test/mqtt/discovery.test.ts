/** Home Assistant discovery payloads, byte for byte as OpenDTU publishes them for the same plant. */
import { describe, expect, it } from 'vitest';
import { createDefaults } from '../../src/config/defaults';
import { InverterState } from '../../src/engine/inverter';
import { inverterSettings } from '../../src/engine/settings';
import type { MqttSection } from '../../src/mqtt/client-options';
import { type DiscoveryInput, discoveryMessages, expireAfterS } from '../../src/mqtt/discovery';

const SERIAL = '116180214567';
const mqttDefaults = createDefaults({ chipId: 1234567, passwordHash: '', withInverters: false }).mqtt;
const hassOn: MqttSection = { ...mqttDefaults, hass: { ...mqttDefaults.hass, enabled: true } };

function garage() {
  const state = new InverterState(inverterSettings({ serial: SERIAL, name: 'Garage' }));
  return state.snapshot();
}

function input(mqtt: MqttSection = hassOn, inverters = 1): DiscoveryInput {
  return {
    mqtt,
    dtu: { uid: 'OpenDTU-12D687_1234567', hostname: 'OpenDTU-12D687', ip: '192.168.1.50', sw: 'v26.3.30' },
    pollIntervalS: 5,
    inverters: Array.from({ length: inverters }, () => ({ inv: garage(), reachableThreshold: 2 })),
  };
}

const dev =
  '{"name":"Garage","ids":"116180214567","cu":"http://192.168.1.50","mf":"OpenDTU","mdl":"HM-1000/1200/1500-4T","sw":"v26.3.30","via_device":"OpenDTU-12D687_1234567"}';

describe('Home Assistant discovery', () => {
  const messages = new Map(discoveryMessages(input()).map((m) => [m.topic, m.payload]));

  it.each([
    [
      `homeassistant/sensor/dtu_${SERIAL}/ch0_Power/config`,
      `{"dev":${dev},"unit_of_meas":"W","dev_cla":"power","stat_cla":"measurement","name":"Power","stat_t":"solar/116180214567/0/power","uniq_id":"116180214567_ch0_Power","exp_aft":10}`,
    ],
    [
      `homeassistant/number/dtu_${SERIAL}/limit_nonpersistent_relative/config`,
      `{"dev":${dev},"unit_of_meas":"%","ic":"mdi:speedometer","ent_cat":"config","name":"Limit NonPersistent Relative","uniq_id":"116180214567_limit_nonpersistent_relative","cmd_t":"solar/116180214567/cmd/limit_nonpersistent_relative","stat_t":"solar/116180214567/status/limit_relative","min":0,"max":100,"step":0.1}`,
    ],
    [
      `homeassistant/button/dtu_${SERIAL}/restart_inverter/config`,
      `{"dev":${dev},"dev_cla":"restart","ent_cat":"config","name":"Restart Inverter","uniq_id":"116180214567_restart_inverter","cmd_t":"solar/116180214567/cmd/restart","payload_press":"1"}`,
    ],
    [
      'homeassistant/sensor/OpenDTU-12D687_1234567/yield_total/config',
      '{"dev":{"name":"OpenDTU-12D687","ids":"OpenDTU-12D687_1234567","cu":"http://192.168.1.50","mf":"OpenDTU","mdl":"OpenDTU","sw":"v26.3.30"},"name":"Yield Total","uniq_id":"OpenDTU-12D687_1234567_yield_total","stat_t":"solar/ac/yieldtotal","unit_of_meas":"kWh","dev_cla":"energy","stat_cla":"total_increasing","avty_t":"solar/dtu/status","pl_avail":"online","pl_not_avail":"offline"}',
    ],
    [
      `homeassistant/binary_sensor/dtu_${SERIAL}/reachable/config`,
      `{"dev":${dev},"name":"Reachable","uniq_id":"116180214567_reachable","stat_t":"solar/116180214567/status/reachable","pl_on":"1","pl_off":"0","dev_cla":"connectivity","ent_cat":"diagnostic"}`,
    ],
    [
      'homeassistant/binary_sensor/OpenDTU-12D687_1234567/status/config',
      '{"dev":{"name":"OpenDTU-12D687","ids":"OpenDTU-12D687_1234567","cu":"http://192.168.1.50","mf":"OpenDTU","mdl":"OpenDTU","sw":"v26.3.30"},"name":"Status","uniq_id":"OpenDTU-12D687_1234567_status","stat_t":"solar/dtu/status","pl_on":"online","pl_off":"offline","dev_cla":"connectivity","ent_cat":"diagnostic"}',
    ],
  ])('%s', (topic, payload) => {
    expect(messages.get(topic)).toBe(payload);
  });

  it('publishes 13 DTU entities and 28 per inverter, with unique ids, in OpenDTU order', () => {
    const list = discoveryMessages(input());
    const configs = list.filter((m) => m.payload !== '');
    expect(configs).toHaveLength(13 + 4 + 4 + 2 + 7 + 6 + 5);
    const ids = configs.map((m) => JSON.parse(m.payload).uniq_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(list[0]?.topic).toBe('homeassistant/sensor/OpenDTU-12D687_1234567/ip/config');
    expect(list[12]?.topic).toBe('homeassistant/binary_sensor/OpenDTU-12D687_1234567/status/config');
    expect(list[13]?.topic).toBe(`homeassistant/button/dtu_${SERIAL}/turn_inverter_off/config`);
    expect(messages.get(`homeassistant/sensor/dtu_${SERIAL}/tx_re-request_fragment/config`)).toContain(
      '"uniq_id":"116180214567_tx_re-request_fragment"',
    );
    expect(messages.get(`homeassistant/sensor/dtu_${SERIAL}/ch0_PowerFactor/config`)).not.toContain(
      'unit_of_meas',
    );
  });

  it('clears the per-input entities while individual panels are off, and publishes them when on', () => {
    expect(messages.get(`homeassistant/sensor/dtu_${SERIAL}/ch4_YieldTotal/config`)).toBe('');
    const panels = new Map(
      discoveryMessages(input({ ...hassOn, hass: { ...hassOn.hass, individual_panels: true } })).map((m) => [
        m.topic,
        m.payload,
      ]),
    );
    expect(panels.get(`homeassistant/sensor/dtu_${SERIAL}/ch2_YieldTotal/config`)).toBe(
      `{"dev":${dev},"unit_of_meas":"kWh","dev_cla":"energy","stat_cla":"total_increasing","name":"CH2 YieldTotal","stat_t":"solar/116180214567/2/yieldtotal","uniq_id":"116180214567_ch2_YieldTotal","exp_aft":10}`,
    );
    expect(panels.get(`homeassistant/sensor/dtu_${SERIAL}/ch1_Irradiation/config`)).toContain(
      '"unit_of_meas":"%","name"',
    );
  });

  it('leaves exp_aft out without hass_expire and scales it with the inverters and intervals', () => {
    const noExpire = discoveryMessages(input({ ...hassOn, hass: { ...hassOn.hass, expire: false } }));
    expect(noExpire.some((m) => m.payload.includes('exp_aft'))).toBe(false);
    expect(expireAfterS(input({ ...hassOn, publish_interval: 30 }, 3), 4)).toBe(3 * 30 * 4);
  });

  it('follows the base topic, the LWT settings and the discovery prefix', () => {
    const custom = discoveryMessages(
      input({
        ...hassOn,
        topic: 'pv/',
        lwt: { ...hassOn.lwt, topic: 'gw/state', value_online: 'up', value_offline: 'down' },
        hass: { ...hassOn.hass, topic: 'ha/' },
      }),
    );
    expect(custom.every((m) => m.topic.startsWith('ha/'))).toBe(true);
    const ip = custom.find((m) => m.topic.endsWith('/ip/config'));
    expect(ip?.payload).toContain('"stat_t":"pv/dtu/ip"');
    expect(ip?.payload).toContain('"avty_t":"pv/gw/state","pl_avail":"up","pl_not_avail":"down"');
  });
});
