/**
 * The Power limiter screen's form: the meter source and the limiter in one form, one save. The values are
 * the two settings of the gateway, shaped for the fields (one source choice with "off", always three MQTT
 * topics of which one or three count, a row per inverter of the plant); the checks are the contract's.
 */
import { Code } from '@dtu-console/contract/codes';
import type { InverterConfig } from '@dtu-console/contract/inverter/api';
import type { PowerLimiterConfig, PowerLimiterInverterConfig } from '@dtu-console/contract/powerlimiter/api';
import {
  type PowerLimiterConfigPayload,
  powerLimiterConfigRules,
} from '@dtu-console/contract/powerlimiter/schemas';
import type {
  PowerMeterConfig,
  PowerMeterMqttValue,
  PowerMeterSource,
} from '@dtu-console/contract/powermeter/api';
import {
  type PowerMeterConfigPayload,
  powerMeterConfigRules,
} from '@dtu-console/contract/powermeter/schemas';
import { firstFailure } from '@dtu-console/contract/shared/validate';
import type { PowerLimiterSettings } from '../../api/powerlimiter';
import type { CheckFailure } from '../form/resolver';

export const PHASE_TOPICS = 3;

export interface InverterRow extends PowerLimiterInverterConfig {
  /** Shown only: the inverter's name in the inverter settings. */
  name: string;
}

export interface LimiterFormValues {
  meter: Omit<PowerMeterConfig, 'mqtt'> & {
    mqtt: PowerMeterConfig['mqtt'] & { phases: 1 | 3 };
  };
  limiter: Omit<PowerLimiterConfig, 'inverters'> & { inverters: InverterRow[] };
}

const emptyTopic = (): PowerMeterMqttValue => ({ topic: '', json_path: '', unit: 0, sign_inverted: false });

/** An inverter the limiter settings do not list yet: not governed, behind the meter, no own bounds. */
const unlisted = (serial: string): PowerLimiterInverterConfig => ({
  serial,
  governed: false,
  behind_power_meter: true,
  lower_power_limit: 0,
  upper_power_limit: 0,
});

export function toValues(data: PowerLimiterSettings): LimiterFormValues {
  const { meter, limiter, inverters } = data;
  const topics = meter.mqtt.values.map((value) => ({ ...value }));
  const phases = topics.length === PHASE_TOPICS ? 3 : 1;
  while (topics.length < PHASE_TOPICS) topics.push(emptyTopic());
  const source: PowerMeterSource = meter.enabled ? meter.source : 'none';
  return {
    meter: { ...meter, source, mqtt: { ...meter.mqtt, phases, values: topics } },
    limiter: {
      ...limiter,
      inverters: inverters.map((inverter: InverterConfig) => ({
        ...(limiter.inverters.find((entry) => entry.serial === inverter.serial) ?? unlisted(inverter.serial)),
        name: inverter.name,
      })),
    },
  };
}

export function meterPayload(values: LimiterFormValues): PowerMeterConfigPayload {
  const { mqtt, ...meter } = values.meter;
  const { phases, values: topics, ...broker } = mqtt;
  return {
    ...meter,
    enabled: meter.source !== 'none',
    mqtt: { ...broker, values: topics.slice(0, phases) },
  };
}

export function limiterPayload(values: LimiterFormValues): PowerLimiterConfigPayload {
  return {
    ...values.limiter,
    // Listed: the governed inverters, and those whose output the meter does not see (the simulated meter
    // and the limiter both need to know). The rest keep the defaults an unlisted inverter has.
    inverters: values.limiter.inverters
      .filter((row) => row.governed || !row.behind_power_meter)
      .map(({ name: _name, ...entry }) => entry),
  };
}

export function toPayload(values: LimiterFormValues) {
  return { meter: meterPayload(values), limiter: limiterPayload(values) };
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

/** The meter's checks alone ("Read now" runs only these). */
export function checkMeter(values: LimiterFormValues): CheckFailure | undefined {
  const failure = firstFailure(powerMeterConfigRules, meterPayload(values));
  if (!failure) return undefined;
  const field = meterField(failure.code, values.meter.source);
  return { ...failure, ...(field ? { field } : {}) };
}

/** The gateway's checks of both settings, in its order: the meter first (it is saved first). */
export function check(values: LimiterFormValues): CheckFailure | undefined {
  const meter = checkMeter(values);
  if (meter) return meter;
  const failure = firstFailure(powerLimiterConfigRules, limiterPayload(values));
  if (!failure) return undefined;
  const field = FEED_IN_FIELDS[failure.code] ?? `limiter.${failure.field ?? 'inverters'}`;
  return { ...failure, field };
}

/** The field a feed-in cap or grid signal code is about (the lines and steps: the signal card). */
const FEED_IN_FIELDS: Partial<Record<number, string>> = {
  [Code.PowerLimiterCapPercentRange]: 'limiter.feed_in_cap.percent',
  [Code.PowerLimiterCapWattsRange]: 'limiter.feed_in_cap.watts',
  [Code.PowerLimiterModulePowerRange]: 'limiter.feed_in_cap.module_power_wp',
  [Code.PowerLimiterCapNoModulePower]: 'limiter.feed_in_cap.module_power_wp',
  [Code.PowerLimiterSignalChipInvalid]: 'limiter.grid_signal.gpio.chip',
  [Code.PowerLimiterSignalTopicInvalid]: 'limiter.grid_signal.mqtt.topic',
  [Code.PowerLimiterSignalLinesInvalid]: 'limiter.grid_signal',
  [Code.PowerLimiterSignalStepsInvalid]: 'limiter.grid_signal',
};

/** The sum of the strings' max power of the plant's inverters, Wp (the module power when none is set). */
export function stringsPowerWp(inverters: readonly InverterConfig[]): number {
  let sum = 0;
  for (const inverter of inverters) for (const channel of inverter.channel) sum += channel.max_power || 0;
  return sum;
}
