/**
 * An MI-600 in every output of the field catalogue: live data marks the AC power estimated and leaves out
 * what an MI does not send; MQTT publishes no AC current and Home Assistant names the estimate; the
 * Prometheus families leave the absent values out.
 */
import { decodeMiLiveAnswer, decodeRunData, encodeMiLiveAnswer, joinMiRecord } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { createDefaults } from '../../src/config/defaults';
import { InverterState } from '../../src/engine/inverter';
import { LiveModel } from '../../src/engine/live-model';
import { inverterSettings } from '../../src/engine/settings';
import type { MqttSection } from '../../src/mqtt/client-options';
import { discoveryMessages } from '../../src/mqtt/discovery';
import { channelFields } from '../../src/mqtt/fields';
import { inverterDetailJson, limitStatusJson } from '../../src/output/live-json';
import { renderMetrics } from '../../src/output/prometheus';
import { globalFacts } from '../helpers/global-facts';

const MI600 = '104161200002';

function mi600() {
  const state = new InverterState(inverterSettings({ serial: MI600, name: 'Garage MI' }));
  state.pollingEnabled = true;
  const answers = [0x09, 0x11].map((command, i) =>
    decodeMiLiveAnswer(
      encodeMiLiveAnswer({
        inverter: MI600,
        dtu: MI600,
        command,
        state: {
          dcVoltage: 34 + i,
          dcCurrent: 6,
          acVoltage: 230,
          frequency: 50,
          dcPower: 200 + i * 10,
          yieldDay: 900,
          temperature: 40,
        },
      }),
    ),
  );
  const record = joinMiRecord(
    'MI_2CH',
    answers.flatMap((a) => (a.ok ? [a.value] : [])),
  );
  if (!record.ok) throw new Error(record.error.message);
  const data = decodeRunData('MI_2CH', record.value);
  if (!data.ok) throw new Error(data.error.message);
  state.miRunDataReceived(data.value, [5000, 4000], Date.UTC(2025, 5, 21, 11), 1000);
  return state.snapshot();
}

describe('an MI-600 in the outputs', () => {
  const inv = mi600();
  const live = new LiveModel({ now: () => 2000 });
  live.setInverter(inv, 'data');

  it('live data: AC power estimated (410 W DC × 0.95), no AC current, power factor, reactive power or efficiency', () => {
    const json = inverterDetailJson(live, inv) as unknown as {
      AC: Record<string, Record<string, { v: number; estimated?: true }>>;
      INV: Record<string, Record<string, { v: number }>>;
      DC: Record<string, Record<string, { v: number }>>;
    };
    expect(json.AC['0']!.Power).toMatchObject({ v: 389.5, estimated: true });
    expect(Object.keys(json.AC['0']!)).toEqual(['Power', 'Voltage', 'Frequency']);
    expect(json.INV['0']!.Efficiency).toBeUndefined();
    expect(json.INV['0']!.YieldTotal!.v).toBeCloseTo((5000 + 900 + 4000 + 900) / 1000, 6);
    expect(json.DC['1']!.YieldTotal!.v).toBeCloseTo(4.9, 6);
  });

  it('limit status: best effort', () => {
    expect(limitStatusJson(live)[MI600]).toMatchObject({ max_power: 0, best_effort: true });
  });

  it('MQTT: no AC current; Home Assistant names the estimated power', () => {
    const ac = channelFields(inv).find((c) => c.type === 'AC')!;
    expect(ac.fields.map((f) => f.key)).not.toContain('IAC');
    expect(ac.fields.find((f) => f.key === 'PAC')).toMatchObject({ estimated: true, text: '389.5' });
    const mqtt = createDefaults({ chipId: 1, passwordHash: '', withInverters: false }).mqtt;
    const hassOn: MqttSection = { ...mqtt, hass: { ...mqtt.hass, enabled: true } };
    const messages = discoveryMessages({
      mqtt: hassOn,
      dtu: { uid: 'dtu_1', hostname: 'dtu', ip: '192.168.1.50', sw: 'v1' },
      pollIntervalS: 5,
      inverters: [{ inv, reachableThreshold: 2 }],
    });
    const power = messages.find((m) => m.topic.endsWith('/ch0_Power/config'))!;
    expect(JSON.parse(power.payload).name).toBe('Power (estimated)');
    expect(messages.some((m) => m.topic.endsWith('/ch0_Current/config'))).toBe(false);
    const voltage = messages.find((m) => m.topic.endsWith('/ch0_Voltage/config'))!;
    expect(JSON.parse(voltage.payload).name).toBe('Voltage');
  });

  it('Prometheus: the absent values are left out', () => {
    const text = renderMetrics(globalFacts(), live);
    expect(text).toMatch(/opendtu_Power\{[^}]*type="AC"[^}]*\} 389\.5/);
    expect(text).not.toMatch(/opendtu_Current\{[^}]*type="AC"/);
    expect(text).toMatch(/opendtu_Current\{[^}]*type="DC"/);
    expect(text).not.toMatch(/opendtu_Efficiency\{/);
    expect(text).toMatch(/dtu_inverter_ac_power_estimated\{[^}]*\} 1/);
    expect(text).not.toMatch(/dtu_inverter_ac_current_amperes\{/);
    expect(text).not.toMatch(/dtu_inverter_efficiency_ratio\{/);
  });
});
