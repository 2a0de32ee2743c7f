/**
 * POST plumbing of every JSON-accepting endpoint reads one form field "data" holding JSON
 * text, from an urlencoded or a multipart body. Order of the generic answers (after the auth hook's 401):
 * 1002 no "data" field → 1004 not JSON → 1005 required keys missing or mistyped → the endpoint's own codes,
 * all as HTTP 200 envelopes in the documented key order.
 *
 * Size: OpenDTU stopped checking but a Linux gateway must bound what it buffers. A "data"
 * field or form body over the limit gets the envelope older firmware sent for it, code 1003 ("data too
 * large"), with HTTP 200 like every envelope, so the console shows its translated message.
 */

import {
  Code,
  type CodeParam,
  type Envelope,
  envelope,
  uploadRefusalText,
  validate,
  validateDataField,
} from '@dtu-console/contract';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type {
  FastifyContextConfig,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { SaveOutcome } from '../config/store';

/** Largest "data" value accepted: the biggest payload (MQTT with three 2560-byte PEMs) is ~9 KiB. */
export const DATA_FIELD_MAX_BYTES = 64 * 1024;
/** Largest non-upload request body read at all. */
export const FORM_BODY_MAX_BYTES = 128 * 1024;

export type PostResult<T> = { ok: true; value: T } | { ok: false; envelope: Envelope };

/**
 * The success envelope (1001 unless the endpoint has its own code), or the warning 1006 when config.json
 * could not be written: the new values are active anyway.
 */
export function savedEnvelope(outcome: SaveOutcome, code: Code = Code.SettingsSaved): Envelope {
  return envelope(outcome === 'saved' ? code : Code.WriteFailed);
}

export function failure(code: Code, param?: CodeParam): { ok: false; envelope: Envelope } {
  return { ok: false, envelope: envelope(code, param) };
}

/** Body parsers for the "data" form: urlencoded and multipart; JSON and other bodies are drained unread. */
export const postBodies = fp(async (app) => {
  await app.register(formbody, { bodyLimit: FORM_BODY_MAX_BYTES });
  // Upload routes pass their own file limits to request.file()/parts(); these are the defaults.
  await app.register(multipart, {
    limits: { fieldSize: DATA_FIELD_MAX_BYTES, fields: 16, files: 4, fileSize: 1024 * 1024, parts: 24 },
  });
  // a raw JSON body is not read (the answer is 1002), so it must not be parsed, or fail, here.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: FORM_BODY_MAX_BYTES },
    (_request, _body, done) => done(null, undefined),
  );
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: FORM_BODY_MAX_BYTES },
    (_request, _body, done) => done(null, undefined),
  );
});

/**
 * Why a multipart body could not be read, when that is the client's fault (no, empty or wrong boundary,
 * LF-only line endings, no closing boundary, a body cut off mid-part, JSON declared as multipart);
 * undefined for anything else (a full disk, a bug), which stays an internal error. The multipart parser
 * throws plain Errors, so its messages are what tells them apart.
 */
export function malformedMultipart(error: unknown): string | undefined {
  if (!(error instanceof Error) || 'syscall' in error) return undefined;
  const { statusCode, code } = error as FastifyError;
  // Too large has its own answers (1003, "File too large").
  if (statusCode === 413) return undefined;
  const parserError =
    (typeof code === 'string' && code.startsWith('FST_') && statusCode !== undefined && statusCode < 500) ||
    /multipart|boundary|needle|terminated early|part header/i.test(error.message);
  return parserError ? uploadRefusalText('malformedMultipart', { detail: error.message }) : undefined;
}

type DataField =
  | { kind: 'value'; data: string }
  | { kind: 'absent' }
  | { kind: 'too-large' }
  | { kind: 'not-json' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The raw "data" form field of a POST, from either encoding; every other part is drained unread. */
export async function readDataField(request: FastifyRequest): Promise<DataField> {
  if (request.isMultipart()) {
    let field: DataField = { kind: 'absent' };
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          part.file.resume();
          continue;
        }
        if (part.fieldname !== 'data' || field.kind !== 'absent') continue;
        if (part.valueTruncated) field = { kind: 'too-large' };
        else if (typeof part.value === 'string') field = { kind: 'value', data: part.value };
        // A part sent as application/json arrives parsed already.
        else field = { kind: 'value', data: JSON.stringify(part.value) };
      }
    } catch (error) {
      const code = (error as FastifyError).code;
      if (code === 'FST_INVALID_JSON_FIELD_ERROR') return { kind: 'not-json' };
      if ((error as FastifyError).statusCode === 413) return { kind: 'too-large' };
      // A body that is not readable multipart carries no "data" field: 1002, as for an empty form.
      const malformed = malformedMultipart(error);
      if (malformed !== undefined) {
        request.log.debug({ reason: malformed }, 'POST body ignored');
        return { kind: 'absent' };
      }
      throw error;
    }
    return field;
  }
  const body = request.body;
  if (!isRecord(body)) return { kind: 'absent' };
  const data = Array.isArray(body.data) ? body.data[0] : body.data;
  if (typeof data !== 'string') return { kind: 'absent' };
  if (Buffer.byteLength(data, 'utf8') > DATA_FIELD_MAX_BYTES) return { kind: 'too-large' };
  return { kind: 'value', data };
}

/** 1002 / 1003 / 1004 only: for endpoints that take any JSON (no 1005 check). */
export async function parsePostJson(request: FastifyRequest): Promise<PostResult<unknown>> {
  const field = await readDataField(request);
  if (field.kind === 'absent') return failure(Code.NoValuesFound);
  if (field.kind === 'too-large') return failure(Code.DataTooLarge);
  if (field.kind === 'not-json') return failure(Code.ParseError);
  try {
    return { ok: true, value: JSON.parse(field.data) as unknown };
  } catch {
    return failure(Code.ParseError);
  }
}

/**
 * The whole generic sequence plus the endpoint's schema (a contract zod schema: 1005 and its own codes in
 * the documented order). On failure `envelope` is the answer to send:
 *
 *   const posted = await parsePostData(request, ntpConfigSchema);
 *   if (!posted.ok) return posted.envelope;
 */
export async function parsePostData<S extends z.ZodType>(
  request: FastifyRequest,
  schema: S,
): Promise<PostResult<z.output<S>>> {
  const field = await readDataField(request);
  if (field.kind === 'too-large') return failure(Code.DataTooLarge);
  if (field.kind === 'not-json') return failure(Code.ParseError);
  const result = validateDataField(schema, field.kind === 'value' ? field.data : undefined);
  return result.ok ? { ok: true, value: result.value } : failure(result.code, result.param);
}

/** Runs a schema on an already parsed value (e.g. after parsePostJson), with the same failure shape. */
export function validatePosted<S extends z.ZodType>(schema: S, value: unknown): PostResult<z.output<S>> {
  const result = validate(schema, value);
  return result.ok ? { ok: true, value: result.value } : failure(result.code, result.param);
}

/**
 * A POST route that takes `data`: its schema is named once, in `config.payload`, so the schema the
 * OpenAPI description shows is the one that runs. The handler gets the validated values; every failure
 * of the generic steps or the schema is answered with its envelope before it is called.
 */
export function postData<S extends z.ZodType, R>(
  app: FastifyInstance,
  url: string,
  config: FastifyContextConfig & { payload: S },
  handler: (values: z.output<S>, request: FastifyRequest, reply: FastifyReply) => Promise<R>,
): void {
  app.post(url, { config }, async (request, reply): Promise<R | Envelope> => {
    const posted = await parsePostData(request, config.payload);
    if (!posted.ok) return posted.envelope;
    return handler(posted.value, request, reply);
  });
}
