import { DeviceLimits } from '@dtu-console/contract';
import type { DeepReadonly, GatewayConfig } from './schema';
import type { ConfigStore, SaveOutcome } from './store';

/**
 * "" and "Default" both mean "no profile". The web app shows and posts "Default" for "",
 * so comparing them as equal spares the pointless reboot of a first save (which the firmware does).
 */
export function isProfileChange(stored: string, posted: string): boolean {
  const normalise = (name: string) => (name === '' ? DeviceLimits.defaultProfileName : name);
  return normalise(stored) !== normalise(posted);
}

/**
 * Saves the device section. New pins take effect at start, so a stored profile that really changed asks
 * for a restart (`rebootReason`); a refused or unchanged save never does.
 */
export async function saveDeviceSettings(
  config: ConfigStore,
  device: DeepReadonly<GatewayConfig['device']>,
): Promise<{ outcome: SaveOutcome; rebootReason?: string }> {
  const before = config.get('device').pinmapping;
  const outcome = await config.update('device', device);
  const after = config.get('device').pinmapping;
  return isProfileChange(before, after)
    ? { outcome, rebootReason: `device profile changed to "${after}"` }
    : { outcome };
}
