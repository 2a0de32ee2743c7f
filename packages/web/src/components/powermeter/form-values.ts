/**
 * The Power meter screen's form: the meter source of the gateway's settings, shaped for the fields (one
 * source choice with "off", always three MQTT topics of which one or three count); the checks are the
 * contract's. "Read now" runs the same checks on the unsaved form.
 */
import { Code } from '@dtu-console/contract/codes';
import { firstFailure } from '@dtu-console/contract/common/validate';
import type {
  PowerMeterConfig,
  PowerMeterMqttValue,
  PowerMeterSource,
} from '@dtu-console/contract/powermeter/api';
import {
  type PowerMeterConfigPayload,
  powerMeterConfigRules,
} from '@dtu-console/contract/powermeter/schemas';
import type { CheckFailure } from '../form/resolver';

export const PHASE_TOPICS = 3;

export interface MeterFormValues {
  meter: Omit<PowerMeterConfig, 'mqtt'> & {
    mqtt: PowerMeterConfig['mqtt'] & { phases: 1 | 3 };
  };
}

const emptyTopic = (): PowerMeterMqttValue => ({ topic: '', json_path: '', unit: 0, sign_inverted: false });

export function toValues(meter: PowerMeterConfig): MeterFormValues {
  const topics = meter.mqtt.values.map((value) => ({ ...value }));
  const phases = topics.length === PHASE_TOPICS ? 3 : 1;
  while (topics.length < PHASE_TOPICS) topics.push(emptyTopic());
  const source: PowerMeterSource = meter.enabled ? meter.source : 'none';
  return { meter: { ...meter, source, mqtt: { ...meter.mqtt, phases, values: topics } } };
}

export function toPayload(values: MeterFormValues): PowerMeterConfigPayload {
  const { mqtt, ...meter } = values.meter;
  const { phases, values: topics, ...broker } = mqtt;
  return {
    ...meter,
    enabled: meter.source !== 'none',
    mqtt: { ...broker, values: topics.slice(0, phases) },
  };
}

/** The field a meter code is about, for the chosen source; none when it is about the whole source. */
function meterField(code: number, source: PowerMeterSource): string | undefined {
  const http = 'meter.http_json';
  const bySource: Partial<Record<PowerMeterSource, Partial<Record<number, string>>>> = {
    mqtt: {
      [Code.PowerMeterTopicInvalid]: 'meter.mqtt.values.0.topic',
      [Code.PowerMeterJsonPathInvalid]: 'meter.mqtt.values.0.json_path',
      [Code.PowerMeterHostnameLength]: 'meter.mqtt.hostname',
      [Code.PowerMeterPortInvalid]: 'meter.mqtt.port',
      [Code.PowerMeterCredentialLength]: 'meter.mqtt.password',
    },
    http: {
      [Code.PowerMeterUrlInvalid]: `${http}.http_request.url`,
      [Code.PowerMeterJsonPathInvalid]: `${http}.json_path`,
      [Code.PowerMeterIntervalRange]: `${http}.polling_interval`,
      [Code.PowerMeterTimeoutRange]: `${http}.http_request.timeout`,
      [Code.PowerMeterCredentialLength]: `${http}.http_request.password`,
    },
    shelly: {
      [Code.PowerMeterHostnameLength]: 'meter.shelly.hostname',
      [Code.PowerMeterChannelRange]: 'meter.shelly.channel',
      [Code.PowerMeterIntervalRange]: 'meter.shelly.polling_interval',
      [Code.PowerMeterCredentialLength]: 'meter.shelly.password',
    },
    sml_serial: {
      [Code.PowerMeterDeviceInvalid]: 'meter.sml_serial.device',
      [Code.PowerMeterBaudRateInvalid]: 'meter.sml_serial.baud_rate',
    },
    http_sml: {
      [Code.PowerMeterUrlInvalid]: 'meter.http_sml.http_request.url',
      [Code.PowerMeterIntervalRange]: 'meter.http_sml.polling_interval',
      [Code.PowerMeterTimeoutRange]: 'meter.http_sml.http_request.timeout',
      [Code.PowerMeterCredentialLength]: 'meter.http_sml.http_request.password',
    },
    modbus: {
      [Code.PowerMeterHostnameLength]: 'meter.modbus.host',
      [Code.PowerMeterPortInvalid]: 'meter.modbus.port',
      [Code.PowerMeterDeviceInvalid]: 'meter.modbus.device',
      [Code.PowerMeterBaudRateInvalid]: 'meter.modbus.baud_rate',
      [Code.PowerMeterModbusUnitRange]: 'meter.modbus.unit_id',
      [Code.PowerMeterIntervalRange]: 'meter.modbus.polling_interval',
      [Code.PowerMeterModbusRegisterRange]: 'meter.modbus.register',
      [Code.PowerMeterModbusScaleInvalid]: 'meter.modbus.scale',
    },
  };
  if (code === Code.PowerMeterMaxAgeRange) return 'meter.max_age';
  return bySource[source]?.[code];
}

/** The gateway's checks of the meter settings ("Read now" runs them too). */
export function check(values: MeterFormValues): CheckFailure | undefined {
  const failure = firstFailure(powerMeterConfigRules, toPayload(values));
  if (!failure) return undefined;
  const field = meterField(failure.code, values.meter.source);
  return { ...failure, ...(field ? { field } : {}) };
}
