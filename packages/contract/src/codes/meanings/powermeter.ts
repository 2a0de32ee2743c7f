import { PowerMeterCode } from '../../powermeter/codes';
import type { CodeMeaningsOf } from './meaning';

/** When the server sends each PowerMeterCode code, for developers (`./meaning.ts`). */
export const PowerMeterCodeMeanings: CodeMeaningsOf<typeof PowerMeterCode> = {
  [PowerMeterCode.PowerMeterMaxAgeRange]: 'power meter: max_age (s) outside the bounds',
  [PowerMeterCode.PowerMeterPhaseCount]:
    'power meter MQTT: values neither one topic (total) nor three (phases)',
  [PowerMeterCode.PowerMeterTopicInvalid]:
    'power meter MQTT: a topic empty, too long, or with a space or a wildcard',
  [PowerMeterCode.PowerMeterJsonPathInvalid]:
    'power meter: a JSON path not of the form name.name[0].name, or too long',
  [PowerMeterCode.PowerMeterHostnameLength]: 'power meter: broker or Shelly host name empty or too long',
  [PowerMeterCode.PowerMeterPortInvalid]: 'power meter MQTT: port outside 1..65535',
  [PowerMeterCode.PowerMeterUrlInvalid]: 'power meter HTTP: URL not http(s):// with a host, or too long',
  [PowerMeterCode.PowerMeterIntervalRange]: 'power meter: polling_interval (s) outside the bounds',
  [PowerMeterCode.PowerMeterTimeoutRange]: 'power meter HTTP: timeout (ms) outside the bounds',
  [PowerMeterCode.PowerMeterUnitInvalid]: 'power meter: unit not 0 (W), 1 (kW) or 2 (mW)',
  [PowerMeterCode.PowerMeterAuthTypeInvalid]:
    'power meter HTTP: auth_type not 0 (none), 1 (basic) or 2 (digest)',
  [PowerMeterCode.PowerMeterCredentialLength]: 'power meter: a user name or password longer than 64 bytes',
  [PowerMeterCode.PowerMeterChannelRange]: 'power meter Shelly: channel outside 0..2',
  [PowerMeterCode.PowerMeterDeviceInvalid]:
    'power meter serial: device not an absolute path of at most 128 bytes without spaces',
  [PowerMeterCode.PowerMeterBaudRateInvalid]:
    'power meter serial: baud_rate not one of 300, 1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200',
  [PowerMeterCode.PowerMeterModbusUnitRange]: 'power meter Modbus: unit_id outside 1..247',
  [PowerMeterCode.PowerMeterModbusRegisterRange]:
    'power meter Modbus: custom register outside 0..65535, or a 32-bit value starting at 65535',
  [PowerMeterCode.PowerMeterModbusScaleInvalid]:
    'power meter Modbus: custom scale 0, not finite, or larger than 1000000 either way',
};
