import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { DeviceConfig, DeviceConfigPayload, PinMappingFile } from '@dtu-console/contract/device/api';
import { DeviceLimits } from '@dtu-console/contract/device/limits';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost } from './client';

export const deviceConfigQuery = queryOptions({
  queryKey: ['device', 'config'] as const,
  queryFn: () => apiGet<DeviceConfig>('/api/device/config'),
});

/**
 * The pin profiles of pin_mapping.json: "Default" first, the rest by name. A missing file (404) is an
 * empty list; any other failure rejects, and the screen shows it as a parse error.
 */
export const pinMappingQuery = queryOptions({
  queryKey: ['device', 'pin-mapping'] as const,
  queryFn: async (): Promise<PinMappingFile> => {
    try {
      const file = await apiGet<unknown>('/api/config/get?file=pin_mapping.json', {
        suppressErrorScreen: true,
      });
      if (!Array.isArray(file)) throw new Error('pin_mapping.json is not a list of profiles');
      return sortProfiles(file as PinMappingFile);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return [];
      throw error;
    }
  },
});

export function sortProfiles(profiles: PinMappingFile): PinMappingFile {
  const isDefault = (name: string) => name === DeviceLimits.defaultProfileName;
  return [...profiles].sort((a, b) => {
    if (isDefault(a.name) !== isDefault(b.name)) return isDefault(a.name) ? -1 : 1;
    return a.name.localeCompare(b.name);
  });
}

export function saveDeviceConfig(payload: DeviceConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>('/api/device/config', payload, { suppressErrorScreen: true });
}
