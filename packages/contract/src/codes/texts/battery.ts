import { BatteryCode } from '../../battery/codes';
import { type CodeTextsOf, rangeText, text } from './text';

/** What the BatteryCode codes mean and the English `message` the gateway answers them with. */
export const BatteryCodeTexts: CodeTextsOf<typeof BatteryCode> = {
  [BatteryCode.BatteryStaleAfterRange]: rangeText(
    'battery or charge controller: stale_after_s outside the bounds',
    'Stale after',
  ),
  [BatteryCode.BatteryDeviceInvalid]: text(
    'battery or charge controller: a serial device not an absolute path, too long, or named twice',
    'Serial device must be an absolute path of at most {max} characters, each named once.',
  ),
  [BatteryCode.BatteryCanInterfaceInvalid]: text(
    'battery CAN: interface name empty, too long or with characters a network interface cannot have',
    'CAN interface must be 1 to {max} letters, digits, "_", "-" or ".".',
  ),
  [BatteryCode.BatteryTopicInvalid]: text(
    'battery or charge controller MQTT: a topic too long, or with a space or a wildcard',
    'Topic must be 1 to {max} characters without spaces or wildcards.',
  ),
  [BatteryCode.BatteryJsonPathInvalid]: text(
    'battery or charge controller MQTT: a JSON path not of the form name.name[0].name, or too long',
    'Invalid JSON path.',
  ),
  [BatteryCode.BatteryUnitInvalid]: text(
    'battery or charge controller MQTT: a unit outside the listed ones',
    'Invalid unit.',
  ),
  [BatteryCode.BatteryMqttValueMissing]: text(
    'battery MQTT: neither a state-of-charge topic nor a voltage topic',
    'Give a topic for the state of charge or for the voltage.',
  ),
  [BatteryCode.SolarChargerDeviceCount]: rangeText(
    'charge controller VE.Direct: number of devices outside the bounds',
    'Number of devices',
  ),
  [BatteryCode.SolarChargerPowerTopicMissing]: text(
    'charge controller MQTT: no solar power topic',
    'Give a topic for the solar power.',
  ),
};
