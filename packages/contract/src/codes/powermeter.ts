import { PowerMeterLimits } from '../limits/powermeter';
import { type CodeSpecs, rangeWarning, warning } from './spec';

/** Codes of the house's electricity meter (`/api/powermeter/*`). */
export const PowerMeterCode = {
  PowerMeterMaxAgeRange: 16001,
  PowerMeterPhaseCount: 16002,
  PowerMeterTopicInvalid: 16003,
  PowerMeterJsonPathInvalid: 16004,
  PowerMeterHostnameLength: 16005,
  PowerMeterPortInvalid: 16006,
  PowerMeterUrlInvalid: 16007,
  PowerMeterIntervalRange: 16008,
  PowerMeterTimeoutRange: 16009,
  PowerMeterUnitInvalid: 16010,
  PowerMeterAuthTypeInvalid: 16011,
  PowerMeterCredentialLength: 16012,
  PowerMeterChannelRange: 16013,
  PowerMeterDeviceInvalid: 16014,
  PowerMeterBaudRateInvalid: 16015,
  PowerMeterModbusUnitRange: 16016,
  PowerMeterModbusRegisterRange: 16017,
  PowerMeterModbusScaleInvalid: 16018,
} as const;

export const PowerMeterCodeTable: CodeSpecs<typeof PowerMeterCode> = {
  [PowerMeterCode.PowerMeterMaxAgeRange]: rangeWarning(
    'power meter: max_age (s) outside the bounds',
    'Maximum age',
    PowerMeterLimits.maxAgeMin,
    PowerMeterLimits.maxAgeMax,
  ),
  [PowerMeterCode.PowerMeterPhaseCount]: warning(
    'power meter MQTT: values neither one topic (total) nor three (phases)',
    'Give one topic for the total or three, one per phase.',
  ),
  [PowerMeterCode.PowerMeterTopicInvalid]: warning(
    'power meter MQTT: a topic empty, too long, or with a space or a wildcard',
    'Topic must be 1 to {max} characters without spaces or wildcards.',
    { max: PowerMeterLimits.topicMaxLength },
  ),
  [PowerMeterCode.PowerMeterJsonPathInvalid]: warning(
    'power meter: a JSON path not of the form name.name[0].name, or too long',
    'Invalid JSON path.',
  ),
  [PowerMeterCode.PowerMeterHostnameLength]: warning(
    'power meter: broker or Shelly host name empty or too long',
    'Host name must be 1 to {max} characters long.',
    { max: PowerMeterLimits.hostnameMaxLength },
  ),
  [PowerMeterCode.PowerMeterPortInvalid]: rangeWarning(
    'power meter MQTT: port outside 1..65535',
    'Port',
    1,
    65535,
  ),
  [PowerMeterCode.PowerMeterUrlInvalid]: warning(
    'power meter HTTP: URL not http(s):// with a host, or too long',
    'URL must start with http:// or https:// and name a host.',
  ),
  [PowerMeterCode.PowerMeterIntervalRange]: rangeWarning(
    'power meter: polling_interval (s) outside the bounds',
    'Polling interval',
    PowerMeterLimits.pollingIntervalMin,
    PowerMeterLimits.pollingIntervalMax,
  ),
  [PowerMeterCode.PowerMeterTimeoutRange]: rangeWarning(
    'power meter HTTP: timeout (ms) outside the bounds',
    'Timeout',
    PowerMeterLimits.timeoutMin,
    PowerMeterLimits.timeoutMax,
  ),
  [PowerMeterCode.PowerMeterUnitInvalid]: warning(
    'power meter: unit not 0 (W), 1 (kW) or 2 (mW)',
    'Invalid unit.',
  ),
  [PowerMeterCode.PowerMeterAuthTypeInvalid]: warning(
    'power meter HTTP: auth_type not 0 (none), 1 (basic) or 2 (digest)',
    'Invalid authentication type.',
  ),
  [PowerMeterCode.PowerMeterCredentialLength]: warning(
    'power meter: a user name or password longer than 64 bytes',
    'User name and password may be at most {max} characters long.',
    { max: PowerMeterLimits.passwordMaxLength },
  ),
  [PowerMeterCode.PowerMeterChannelRange]: rangeWarning(
    'power meter Shelly: channel outside 0..2',
    'Channel',
    0,
    PowerMeterLimits.channelMax,
  ),
  [PowerMeterCode.PowerMeterDeviceInvalid]: warning(
    'power meter serial: device not an absolute path of at most 128 bytes without spaces',
    'Serial device must be a path such as /dev/ttyUSB0 (at most {max} characters).',
    { max: PowerMeterLimits.serialDeviceMaxLength },
  ),
  [PowerMeterCode.PowerMeterBaudRateInvalid]: warning(
    'power meter serial: baud_rate not one of 300, 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200',
    'Invalid baud rate.',
  ),
  [PowerMeterCode.PowerMeterModbusUnitRange]: rangeWarning(
    'power meter Modbus: unit_id outside 1..247',
    'Unit id',
    PowerMeterLimits.modbusUnitMin,
    PowerMeterLimits.modbusUnitMax,
  ),
  [PowerMeterCode.PowerMeterModbusRegisterRange]: rangeWarning(
    'power meter Modbus: custom register outside 0..65535, or a 32-bit value starting at 65535',
    'Register',
    0,
    PowerMeterLimits.modbusRegisterMax,
  ),
  [PowerMeterCode.PowerMeterModbusScaleInvalid]: warning(
    'power meter Modbus: custom scale 0, not finite, or larger than 1000000 either way',
    'Scale must be a number other than 0, at most {max} either way.',
    { max: PowerMeterLimits.modbusScaleMaxAbs },
  ),
};
