import { PowerMeterCode } from '../../powermeter/codes';
import { type CodeTextsOf, rangeText, text } from './text';

/** What the PowerMeterCode codes mean and the English `message` the gateway answers them with. */
export const PowerMeterCodeTexts: CodeTextsOf<typeof PowerMeterCode> = {
  [PowerMeterCode.PowerMeterMaxAgeRange]: rangeText(
    'power meter: max_age (s) outside the bounds',
    'Maximum age',
  ),
  [PowerMeterCode.PowerMeterPhaseCount]: text(
    'power meter MQTT: values neither one topic (total) nor three (phases)',
    'Give one topic for the total or three, one per phase.',
  ),
  [PowerMeterCode.PowerMeterTopicInvalid]: text(
    'power meter MQTT: a topic empty, too long, or with a space or a wildcard',
    'Topic must be 1 to {max} characters without spaces or wildcards.',
  ),
  [PowerMeterCode.PowerMeterJsonPathInvalid]: text(
    'power meter: a JSON path not of the form name.name[0].name, or too long',
    'Invalid JSON path.',
  ),
  [PowerMeterCode.PowerMeterHostnameLength]: text(
    'power meter: broker or Shelly host name empty or too long',
    'Host name must be 1 to {max} characters long.',
  ),
  [PowerMeterCode.PowerMeterPortInvalid]: rangeText('power meter MQTT: port outside 1..65535', 'Port'),
  [PowerMeterCode.PowerMeterUrlInvalid]: text(
    'power meter HTTP: URL not http(s):// with a host, or too long',
    'URL must start with http:// or https:// and name a host.',
  ),
  [PowerMeterCode.PowerMeterIntervalRange]: rangeText(
    'power meter: polling_interval (s) outside the bounds',
    'Polling interval',
  ),
  [PowerMeterCode.PowerMeterTimeoutRange]: rangeText(
    'power meter HTTP: timeout (ms) outside the bounds',
    'Timeout',
  ),
  [PowerMeterCode.PowerMeterUnitInvalid]: text(
    'power meter: unit not 0 (W), 1 (kW) or 2 (mW)',
    'Invalid unit.',
  ),
  [PowerMeterCode.PowerMeterAuthTypeInvalid]: text(
    'power meter HTTP: auth_type not 0 (none), 1 (basic) or 2 (digest)',
    'Invalid authentication type.',
  ),
  [PowerMeterCode.PowerMeterCredentialLength]: text(
    'power meter: a user name or password longer than 64 bytes',
    'User name and password may be at most {max} characters long.',
  ),
  [PowerMeterCode.PowerMeterChannelRange]: rangeText('power meter Shelly: channel outside 0..2', 'Channel'),
  [PowerMeterCode.PowerMeterDeviceInvalid]: text(
    'power meter serial: device not an absolute path of at most 128 bytes without spaces',
    'Serial device must be a path such as /dev/ttyUSB0 (at most {max} characters).',
  ),
  [PowerMeterCode.PowerMeterBaudRateInvalid]: text(
    'power meter serial: baud_rate not one of 300, 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200',
    'Invalid baud rate.',
  ),
  [PowerMeterCode.PowerMeterModbusUnitRange]: rangeText(
    'power meter Modbus: unit_id outside 1..247',
    'Unit id',
  ),
  [PowerMeterCode.PowerMeterModbusRegisterRange]: rangeText(
    'power meter Modbus: custom register outside 0..65535, or a 32-bit value starting at 65535',
    'Register',
  ),
  [PowerMeterCode.PowerMeterModbusScaleInvalid]: text(
    'power meter Modbus: custom scale 0, not finite, or larger than 1000000 either way',
    'Scale must be a number other than 0, at most {max} either way.',
  ),
};
