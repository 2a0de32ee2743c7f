import { type CodeSpecs, warning } from '../common/code-spec';
import { PowerMeterLimits } from './limits';

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
  [PowerMeterCode.PowerMeterMaxAgeRange]: warning({
    min: PowerMeterLimits.maxAgeMin,
    max: PowerMeterLimits.maxAgeMax,
  }),
  [PowerMeterCode.PowerMeterPhaseCount]: warning(),
  [PowerMeterCode.PowerMeterTopicInvalid]: warning({ max: PowerMeterLimits.topicMaxLength }),
  [PowerMeterCode.PowerMeterJsonPathInvalid]: warning(),
  [PowerMeterCode.PowerMeterHostnameLength]: warning({ max: PowerMeterLimits.hostnameMaxLength }),
  [PowerMeterCode.PowerMeterPortInvalid]: warning({ min: 1, max: 65535 }),
  [PowerMeterCode.PowerMeterUrlInvalid]: warning(),
  [PowerMeterCode.PowerMeterIntervalRange]: warning({
    min: PowerMeterLimits.pollingIntervalMin,
    max: PowerMeterLimits.pollingIntervalMax,
  }),
  [PowerMeterCode.PowerMeterTimeoutRange]: warning({
    min: PowerMeterLimits.timeoutMin,
    max: PowerMeterLimits.timeoutMax,
  }),
  [PowerMeterCode.PowerMeterUnitInvalid]: warning(),
  [PowerMeterCode.PowerMeterAuthTypeInvalid]: warning(),
  [PowerMeterCode.PowerMeterCredentialLength]: warning({ max: PowerMeterLimits.passwordMaxLength }),
  [PowerMeterCode.PowerMeterChannelRange]: warning({ min: 0, max: PowerMeterLimits.channelMax }),
  [PowerMeterCode.PowerMeterDeviceInvalid]: warning({ max: PowerMeterLimits.serialDeviceMaxLength }),
  [PowerMeterCode.PowerMeterBaudRateInvalid]: warning(),
  [PowerMeterCode.PowerMeterModbusUnitRange]: warning({
    min: PowerMeterLimits.modbusUnitMin,
    max: PowerMeterLimits.modbusUnitMax,
  }),
  [PowerMeterCode.PowerMeterModbusRegisterRange]: warning({
    min: 0,
    max: PowerMeterLimits.modbusRegisterMax,
  }),
  [PowerMeterCode.PowerMeterModbusScaleInvalid]: warning({ max: PowerMeterLimits.modbusScaleMaxAbs }),
};
