import type { Envelope } from '@dtu-console/contract/common/envelope';
import type { FileListResponse } from '@dtu-console/contract/file/api';
import { apiGet, apiPost, type RequestOptions } from './client';
import { type UploadOutcome, uploadForm } from './upload';

export const fileListQuery = {
  queryKey: ['file', 'list'] as const,
  queryFn: (): Promise<FileListResponse> => apiGet<FileListResponse>('/api/file/list'),
};

/** The file's bytes with the signed-in user's credentials (a plain link could not send them). */
export async function downloadFile(name: string): Promise<Blob> {
  const path = `/api/file/get?file=${encodeURIComponent(name)}`;
  const text = await apiGet<string>(path, { text: true, suppressErrorScreen: true });
  return new Blob([text], { type: 'application/json' });
}

/** Restores config.json or pin_mapping.json; the gateway checks it before replacing anything. */
export function restoreFile(
  target: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('config', file, file.name);
  return uploadForm(`/api/file/upload?file=${encodeURIComponent(target)}`, form, onProgress);
}

export function postFactoryReset(options?: RequestOptions): Promise<Envelope> {
  return apiPost<Envelope>(
    '/api/file/delete_all',
    { delete: true },
    { suppressErrorScreen: true, ...options },
  );
}
