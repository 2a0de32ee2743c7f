import { BatteryCode } from '../../battery/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each BatteryCode code, for developers (`./meaning.ts`). */
export const BatteryCodeMeanings: CodeMeaningsOf<typeof BatteryCode> = {
  [BatteryCode.BatteryStaleAfterRange]: 'battery or charge controller: stale_after_s outside the bounds',
  [BatteryCode.BatteryDeviceInvalid]:
    'battery or charge controller: a serial device not an absolute path, too long, or named twice',
  [BatteryCode.BatteryCanInterfaceInvalid]:
    'battery CAN: interface name empty, too long or with characters a network interface cannot have',
  [BatteryCode.BatteryTopicInvalid]:
    'battery or charge controller MQTT: a topic too long, or with a space or a wildcard',
  [BatteryCode.BatteryJsonPathInvalid]:
    'battery or charge controller MQTT: a JSON path not of the form name.name[0].name, or too long',
  [BatteryCode.BatteryUnitInvalid]: 'battery or charge controller MQTT: a unit outside the listed ones',
  [BatteryCode.BatteryMqttValueMissing]: 'battery MQTT: neither a state-of-charge topic nor a voltage topic',
  [BatteryCode.SolarChargerDeviceCount]: 'charge controller VE.Direct: number of devices outside the bounds',
  [BatteryCode.SolarChargerPowerTopicMissing]: 'charge controller MQTT: no solar power topic',
};
