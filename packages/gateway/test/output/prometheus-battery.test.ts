/** The battery's and the charge controllers' families: present only while switched on, nothing made up. */
import { batteryStatus, solarChargerStatus, solarChargerUnit } from '@dtu-console/contract/battery/fixtures';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/bus';
import { LiveModel } from '../../src/engine/live-model';
import { type MetricExtras, renderMetrics } from '../../src/output/prometheus';
import { parseExposition } from '../helpers/exposition';

const FACTS = {
  hostname: 'dtu-host',
  gitHash: 'g1',
  configVersion: '1.0.0',
  arch: 'test',
  mac: 'AA:BB:CC:DD:EE:FF',
  uptimeS: 1,
  heap: { size: 1, free: 1, biggestBlock: 1, minFree: 1 },
  wifi: { rssi: 0, bssid: '' },
};

function scrape(extras: MetricExtras) {
  const live = new LiveModel({ bus: new EventBus(), startedAt: 0 });
  const { families } = parseExposition(renderMetrics(FACTS, live, extras));
  const samples = (name: string) => families.get(name)?.samples ?? [];
  return { families, samples, one: (name: string) => samples(name)[0] };
}

describe('battery families', () => {
  it('carry what the battery reports, labelled by its source', () => {
    const { one } = scrape({ battery: batteryStatus() });
    expect(one('dtu_battery_soc_ratio')).toMatchObject({ labels: { source: 'jkbms' }, value: 0.81 });
    expect(one('dtu_battery_voltage_volts')?.value).toBe(52.31);
    expect(one('dtu_battery_current_amperes')?.value).toBe(-12.3);
    expect(one('dtu_battery_power_watts')?.value).toBe(-643.4);
    expect(one('dtu_battery_temperature_celsius')?.value).toBe(24.5);
    expect(one('dtu_battery_discharge_current_limit_amperes')?.value).toBe(100);
    expect(one('dtu_battery_stale')?.value).toBe(0);
    expect(one('dtu_battery_data_age_seconds')?.value).toBe(1);
    expect(one('dtu_battery_frames_total')?.value).toBe(120);
    expect(one('dtu_battery_bad_frames_total')?.value).toBe(1);
  });

  it('leave out what the source does not report, instead of a 0', () => {
    const { samples, one } = scrape({
      battery: batteryStatus({ soc: null, temperature: null, discharge_current_limit: null, data_age: null }),
    });
    expect(samples('dtu_battery_soc_ratio')).toEqual([]);
    expect(samples('dtu_battery_temperature_celsius')).toEqual([]);
    expect(samples('dtu_battery_discharge_current_limit_amperes')).toEqual([]);
    expect(samples('dtu_battery_data_age_seconds')).toEqual([]);
    expect(one('dtu_battery_voltage_volts')?.value).toBe(52.31);
  });

  it('give one series per alarm and warning in force', () => {
    const { samples } = scrape({
      battery: batteryStatus({ alarms: ['cell_undervoltage', 'stop_discharge'], warnings: ['low_soc'] }),
    });
    expect(samples('dtu_battery_alarm').map((s) => [s.labels.alarm, s.value])).toEqual([
      ['cell_undervoltage', 1],
      ['stop_discharge', 1],
    ]);
    expect(samples('dtu_battery_warning').map((s) => s.labels.warning)).toEqual(['low_soc']);
  });

  it('are absent while the battery and the charge controllers are switched off', () => {
    const { families } = scrape({
      battery: batteryStatus({ enabled: false }),
      solarCharger: solarChargerStatus({ enabled: false }),
    });
    expect([...families.keys()].filter((name) => /battery|solarcharger/.test(name))).toEqual([]);
  });

  it('label each charge controller by its id, with its charge state', () => {
    const { samples } = scrape({
      solarCharger: solarChargerStatus({
        chargers: [
          solarChargerUnit(),
          solarChargerUnit({ id: '/dev/ttyUSB2', solar_power: null, charge_state: null, stale: true }),
        ],
      }),
    });
    expect(samples('dtu_solarcharger_power_watts').map((s) => [s.labels.charger, s.value])).toEqual([
      ['/dev/ttyUSB1', 845],
    ]);
    expect(samples('dtu_solarcharger_charge_state').map((s) => [s.labels.charger, s.labels.state])).toEqual([
      ['/dev/ttyUSB1', 'bulk'],
    ]);
    expect(samples('dtu_solarcharger_stale').map((s) => s.value)).toEqual([0, 1]);
  });
});
