import type { MqttStatus } from '@dtu-console/contract/api/mqtt';
import { apiGet } from './client';

export type { MqttStatus };

export const mqttStatusQuery = {
  queryKey: ['mqtt', 'status'] as const,
  queryFn: () => apiGet<MqttStatus>('/api/mqtt/status'),
};
