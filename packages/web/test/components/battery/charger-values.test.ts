/** The Battery screen's charge-controller form: the device list as rows, and the contract's checks. */
import { Code } from '@dtu-console/contract/codes';
import { describe, expect, it } from 'vitest';
import {
  checkCharger,
  toChargerPayload,
  toChargerValues,
} from '../../../src/components/battery/charger-values';
import { solarChargerConfig } from '../../helpers/battery-fixtures';

describe('the charge-controller form', () => {
  it('shows an empty device list as one row to fill in, and saves it empty while another source is chosen', () => {
    const config = solarChargerConfig();
    const values = toChargerValues(config);
    expect(values.vedirect.devices).toEqual([{ path: '' }]);
    expect(toChargerPayload(values)).toEqual(config);
  });

  it('saves the rows as the list of devices, in their order', () => {
    const config = solarChargerConfig({
      source: 'vedirect',
      vedirect: { devices: ['/dev/ttyUSB1', '/dev/serial/by-id/usb-VictronEnergy_MPPT-if00'] },
    });
    const values = toChargerValues(config);
    expect(values.vedirect.devices).toEqual([
      { path: '/dev/ttyUSB1' },
      { path: '/dev/serial/by-id/usb-VictronEnergy_MPPT-if00' },
    ]);
    expect(toChargerPayload(values)).toEqual(config);
    expect(checkCharger(values)).toBeUndefined();
  });

  it('marks the device row that is no path or named twice', () => {
    const values = toChargerValues(
      solarChargerConfig({ source: 'vedirect', vedirect: { devices: ['/dev/ttyUSB1', '/dev/ttyUSB1'] } }),
    );
    expect(checkCharger(values)).toMatchObject({
      code: Code.BatteryDeviceInvalid,
      field: 'vedirect.devices.1.path',
    });
    values.vedirect.devices = [{ path: 'ttyUSB1' }, { path: '/dev/ttyUSB2' }];
    expect(checkCharger(values)).toMatchObject({ field: 'vedirect.devices.0.path' });
    // An empty row of the chosen source is sent, and refused as no path.
    values.vedirect.devices = [{ path: '' }];
    expect(toChargerPayload(values).vedirect.devices).toEqual(['']);
    expect(checkCharger(values)).toMatchObject({ field: 'vedirect.devices.0.path' });
  });

  it('wants the solar power’s topic over MQTT, and marks the refused topic, path or unit', () => {
    const values = toChargerValues(solarChargerConfig({ source: 'mqtt' }));
    expect(checkCharger(values)).toMatchObject({
      code: Code.SolarChargerPowerTopicMissing,
      field: 'mqtt.power_topic',
    });
    values.mqtt.power_topic = 'mppt/power';
    expect(checkCharger(values)).toBeUndefined();
    values.mqtt.voltage_topic = 'mppt/+';
    expect(checkCharger(values)).toMatchObject({
      code: Code.BatteryTopicInvalid,
      field: 'mqtt.voltage_topic',
    });
    values.mqtt.voltage_topic = 'mppt/voltage';
    values.mqtt.power_json_path = '[';
    expect(checkCharger(values)).toMatchObject({
      code: Code.BatteryJsonPathInvalid,
      field: 'mqtt.power_json_path',
    });
    values.mqtt.power_json_path = '';
    values.mqtt.power_unit = 2;
    expect(checkCharger(values)).toMatchObject({ code: Code.BatteryUnitInvalid, field: 'mqtt.power_unit' });
    values.stale_after_s = 4000;
    expect(checkCharger(values)).toMatchObject({ code: Code.BatteryStaleAfterRange, field: 'stale_after_s' });
  });
});
