/** The Battery screen's battery form: the settings as they came, and the contract's checks on their field. */
import { Code } from '@dtu-console/contract/codes';
import { describe, expect, it } from 'vitest';
import {
  batteryRules,
  checkBattery,
  toBatteryPayload,
  toBatteryValues,
} from '../../../src/components/battery/battery-values';
import { batteryConfig } from '../../helpers/battery-fixtures';

describe('the battery form', () => {
  it('saves what it showed, every source’s own settings kept', () => {
    const config = batteryConfig();
    const values = toBatteryValues(config);
    expect(toBatteryPayload(values)).toEqual(config);
    // The form's values are its own: editing them leaves the query's data alone.
    values.mqtt.soc_topic = 'other';
    expect(config.mqtt.soc_topic).toBe('bms/soc');
  });

  it('checks only the chosen source, and marks the field a code is about', () => {
    const values = toBatteryValues(batteryConfig({ vedirect: { device: 'ttyUSB0' } }));
    expect(checkBattery(values)).toBeUndefined();
    values.source = 'vedirect';
    expect(checkBattery(values)).toMatchObject({ code: Code.BatteryDeviceInvalid, field: 'vedirect.device' });
    values.source = 'jkbms';
    values.jkbms.device = '';
    expect(checkBattery(values)).toMatchObject({ code: Code.BatteryDeviceInvalid, field: 'jkbms.device' });
    values.source = 'pylontech_can';
    values.can.interface = 'can 0';
    expect(checkBattery(values)).toMatchObject({
      code: Code.BatteryCanInterfaceInvalid,
      field: 'can.interface',
      param: { max: 15 },
    });
    values.stale_after_s = 2;
    expect(checkBattery(values)).toMatchObject({
      code: Code.BatteryStaleAfterRange,
      field: 'stale_after_s',
      param: { min: 5, max: 3600 },
    });
  });

  it('marks the MQTT value whose topic or JSON path is refused, and asks for the state of charge or voltage', () => {
    const values = toBatteryValues(batteryConfig({ source: 'mqtt' }));
    expect(checkBattery(values)).toBeUndefined();
    values.mqtt.temperature_topic = 'bms/#';
    expect(checkBattery(values)).toMatchObject({
      code: Code.BatteryTopicInvalid,
      field: 'mqtt.temperature_topic',
    });
    values.mqtt.temperature_topic = 'bms/temp';
    values.mqtt.voltage_json_path = 'pack..voltage';
    expect(checkBattery(values)).toMatchObject({
      code: Code.BatteryJsonPathInvalid,
      field: 'mqtt.voltage_json_path',
    });
    values.mqtt.voltage_json_path = '';
    values.mqtt.current_unit = 4;
    expect(checkBattery(values)).toMatchObject({ code: Code.BatteryUnitInvalid, field: 'mqtt.current_unit' });
    values.mqtt.current_unit = 0;
    values.mqtt.soc_topic = '';
    values.mqtt.voltage_topic = '';
    expect(checkBattery(values)).toMatchObject({
      code: Code.BatteryMqttValueMissing,
      field: 'mqtt.soc_topic',
    });
  });

  it('says an emptied number field is no number before the contract looks at it', () => {
    const values = toBatteryValues(batteryConfig({ stale_after_s: Number.NaN }));
    expect(batteryRules.filter((rule) => rule.fails(values)).map((rule) => rule.field)).toEqual([
      'stale_after_s',
    ]);
    expect(batteryRules.some((rule) => rule.fails(toBatteryValues(batteryConfig())))).toBe(false);
  });
});
