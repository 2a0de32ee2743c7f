import type { Envelope } from '@dtu-console/contract/common/envelope';
import type {
  InverterAddPayload,
  InverterEditPayload,
  InverterListResponse,
} from '@dtu-console/contract/inverter/api';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, apiPost } from './client';

/** The inverter list sorted by `order`, as the settings table shows it. */
export const inverterListQuery = queryOptions({
  queryKey: ['inverter', 'list'] as const,
  queryFn: () => apiGet<InverterListResponse>('/api/inverter/list'),
  select: (list: InverterListResponse) => [...list.inverter].sort((a, b) => a.order - b.order),
});

const quiet = { suppressErrorScreen: true } as const;

export function addInverter(payload: InverterAddPayload): Promise<Envelope> {
  return apiPost<Envelope>('/api/inverter/add', payload, quiet);
}

export function editInverter(payload: InverterEditPayload): Promise<Envelope> {
  return apiPost<Envelope>('/api/inverter/edit', payload, quiet);
}

export function deleteInverter(id: number): Promise<Envelope> {
  return apiPost<Envelope>('/api/inverter/del', { id }, quiet);
}

/** Slot ids in row order. */
export function saveInverterOrder(ids: number[]): Promise<Envelope> {
  return apiPost<Envelope>('/api/inverter/order', { order: ids }, quiet);
}
