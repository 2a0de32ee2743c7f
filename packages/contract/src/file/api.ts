/** Backup, restore and factory reset: /api/file/* and the legacy /api/config/*. */

export interface FileListEntry {
  /** Without the leading "/". */
  name: string;
  size: number;
}

/** GET /api/file/list: a bare array. */
export type FileListResponse = FileListEntry[];

/** GET /api/config/list of firmware before v24.11.7. */
export interface LegacyConfigListResponse {
  configs: { name: string }[];
}

export interface FileDeletePayload {
  file: string;
}

/** POST /api/file/delete_all (legacy /api/config/delete). */
export interface FactoryResetPayload {
  delete: boolean;
}

/** Plain-text final answer of an upload. */
export type UploadAnswer = 'OK';
