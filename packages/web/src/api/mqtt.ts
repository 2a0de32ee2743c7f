import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { MqttConfig, MqttStatus } from '@dtu-console/contract/mqtt/api';
import type { MqttConfigPayload } from '@dtu-console/contract/mqtt/schemas';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

export const mqttConfigQuery = queryOptions({
  queryKey: ['mqtt', 'config'] as const,
  queryFn: () => apiGet<MqttConfig>('/api/mqtt/config'),
});

export function saveMqttConfig(payload: MqttConfigPayload): Promise<Envelope> {
  return apiPost<Envelope>('/api/mqtt/config', payload, { suppressErrorScreen: true });
}

export type { MqttStatus };

export const mqttStatusQuery = queryOptions({
  queryKey: ['mqtt', 'status'] as const,
  queryFn: () => apiGet<MqttStatus>('/api/mqtt/status'),
});
