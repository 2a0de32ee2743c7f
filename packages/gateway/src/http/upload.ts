import { type UploadRefusal, uploadRefusalText } from '@dtu-console/contract';
import type { FastifyRequest } from 'fastify';
import { malformedMultipart } from './post-data';

/** Whether the multipart parser gave up because a part went over its size limit. */
export function uploadTooLarge(error: unknown): boolean {
  return (error as { statusCode?: number } | undefined)?.statusCode === 413;
}

export type SingleFile = { ok: true; content: Buffer } | { ok: false; refusal: UploadRefusal; text: string };

export interface SingleFileOptions {
  maxBytes: number;
  /** The form field the file must arrive in; any field name is taken without it. */
  field?: string;
}

/**
 * The one file of a multipart upload, read whole into memory; a refusal says why not (with its
 * plain-text reason). Errors that are not the client's fault are thrown.
 */
export async function readSingleFile(
  request: FastifyRequest,
  options: SingleFileOptions,
): Promise<SingleFile> {
  const refuse = (refusal: UploadRefusal, params?: Record<string, string | number>): SingleFile => ({
    ok: false,
    refusal,
    text: uploadRefusalText(refusal, params),
  });
  if (!request.isMultipart()) return refuse('notMultipart');
  let content: Buffer | undefined;
  try {
    const part = await request.file({ limits: { fileSize: options.maxBytes, files: 1 } });
    if (part !== undefined && (options.field === undefined || part.fieldname === options.field)) {
      content = await part.toBuffer();
    } else part?.file.resume();
  } catch (error) {
    if (uploadTooLarge(error)) return refuse('fileTooLarge', { bytes: options.maxBytes });
    const malformed = malformedMultipart(error);
    if (malformed !== undefined) return { ok: false, refusal: 'malformedMultipart', text: malformed };
    throw error;
  }
  return content === undefined ? refuse('noFile') : { ok: true, content };
}
