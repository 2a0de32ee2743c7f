import { type CodeSpecs, warning } from '../common/code-spec';
import { BatteryLimits } from './limits';

/** Codes of the battery and the solar charge controllers (`/api/battery/*`, `/api/solarcharger/*`). */
export const BatteryCode = {
  BatteryStaleAfterRange: 18001,
  BatteryDeviceInvalid: 18002,
  BatteryCanInterfaceInvalid: 18003,
  BatteryTopicInvalid: 18004,
  BatteryJsonPathInvalid: 18005,
  BatteryUnitInvalid: 18006,
  BatteryMqttValueMissing: 18007,
  SolarChargerDeviceCount: 18008,
  SolarChargerPowerTopicMissing: 18009,
} as const;

export const BatteryCodeTable: CodeSpecs<typeof BatteryCode> = {
  [BatteryCode.BatteryStaleAfterRange]: warning({
    min: BatteryLimits.staleAfterMin,
    max: BatteryLimits.staleAfterMax,
  }),
  [BatteryCode.BatteryDeviceInvalid]: warning({ max: BatteryLimits.serialDeviceMaxLength }),
  [BatteryCode.BatteryCanInterfaceInvalid]: warning({ max: BatteryLimits.canInterfaceMaxLength }),
  [BatteryCode.BatteryTopicInvalid]: warning({ max: BatteryLimits.topicMaxLength }),
  [BatteryCode.BatteryJsonPathInvalid]: warning(),
  [BatteryCode.BatteryUnitInvalid]: warning(),
  [BatteryCode.BatteryMqttValueMissing]: warning(),
  [BatteryCode.SolarChargerDeviceCount]: warning({ min: 1, max: BatteryLimits.chargerDevicesMax }),
  [BatteryCode.SolarChargerPowerTopicMissing]: warning(),
};
