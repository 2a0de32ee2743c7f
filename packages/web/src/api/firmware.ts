import { UploadLimits } from '@dtu-console/contract/file/limits';
import type { VersionCompareResponse } from '@dtu-console/contract/firmware/api';
import { md5OfFile } from '../lib/md5';
import { fetchExternalJson } from './client';
import { type UploadOutcome, uploadForm } from './upload';

/** The public repository whose history the version check compares the running build with. */
export const PROJECT_REPOSITORY = 'dtu-console/dtu-console';

/** The version check toggle, "1" or "0". */
const VERSION_CHECK_KEY = 'allowVersionInfo';

export function readVersionCheck(): boolean {
  try {
    return localStorage.getItem(VERSION_CHECK_KEY) === '1';
  } catch {
    return false;
  }
}

export function saveVersionCheck(on: boolean): void {
  try {
    localStorage.setItem(VERSION_CHECK_KEY, on ? '1' : '0');
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

/** How many commits the repository has beyond `version` (a hash or a tag), and where to read them. */
export const versionCompareQuery = (version: string) => ({
  queryKey: ['firmware', 'compare', version] as const,
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<VersionCompareResponse> =>
    fetchExternalJson<VersionCompareResponse>(
      `https://api.github.com/repos/${PROJECT_REPOSITORY}/compare/${encodeURIComponent(version)}...HEAD`,
      signal,
    ),
});

/**
 * Hashes the file in 2 MiB chunks and uploads it with the MD5 field before the file part, as the gateway
 * checks the MD5 against what arrives.
 */
export async function uploadFirmware(
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  const md5 = await md5OfFile(file, UploadLimits.md5ChunkBytes);
  const form = new FormData();
  form.append('MD5', md5);
  form.append('firmware', file, file.name);
  return uploadForm('/api/firmware/update', form, onProgress);
}
