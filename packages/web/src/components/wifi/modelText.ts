import type { WifiDeviceStatus } from '@dtu-console/contract/wifi/api';

/**
 * A Wi-Fi device's model in the reader's language: the DTU model the gateway names, else what the device
 * serves (an inverter with Wi-Fi serves itself). "" until the device answered.
 */
export function wifiModelText(
  state: Pick<WifiDeviceStatus, 'model' | 'serial' | 'inverters'>,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (!state.serial) return '';
  if (state.model) return state.model;
  return state.inverters.length === 1
    ? t('wifi.model.inverter')
    : t('wifi.model.device', { count: state.inverters.length });
}
