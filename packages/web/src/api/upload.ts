import { ApiError, apiHeaders } from './client';

/** What an upload ended with: 200 is success, 500 shows the body, any other status its text. */
export type UploadOutcome = { ok: true } | { ok: false; message: string };

export function uploadOutcome(status: number, statusText: string, body: string): UploadOutcome {
  if (status === 200) return { ok: true };
  if (status === 500) return { ok: false, message: body };
  return { ok: false, message: `[HTTP ERROR] ${statusText || status}` };
}

/** What the gateway answered to an upload, as received. */
export interface UploadAnswer {
  status: number;
  statusText: string;
  body: string;
}

/**
 * Posts a multipart form with upload progress, which fetch cannot report: the one place that uses
 * XMLHttpRequest. Fields keep their order, so a field meant to precede the file part must be appended first.
 * Rejects only when the request could not be made at all.
 */
export async function uploadForm(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  const answer = await uploadRequest(path, form, onProgress);
  return uploadOutcome(answer.status, answer.statusText, answer.body);
}

/** The upload itself; callers that read an envelope from any status (history import) take the raw answer. */
export function uploadRequest(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.round((event.loaded / event.total) * 100));
    });
    xhr.addEventListener('load', () =>
      resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText }),
    );
    xhr.addEventListener('error', () => reject(new ApiError('Network error', 0)));
    xhr.addEventListener('abort', () => reject(new ApiError('Aborted', 0)));
    xhr.send(form);
  });
}
