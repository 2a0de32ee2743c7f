// What a response code carries, and the helpers each domain's `codes.ts` describes its codes with.
// Only what the console needs as well (type and param): what a code means and its English `message` are
// `../code-texts.ts`'s, which only the gateway's side imports (docs/console.md, "Route bytes").

/** `type` of a response envelope. No current code uses `info`, the console still knows it. */
export type EnvelopeType = 'success' | 'warning' | 'danger' | 'info';

export type ParamKey = 'min' | 'max';

/** `param` of an envelope: integers, `min` and/or `max`. */
export interface CodeParam {
  min?: number;
  max?: number;
}

export interface CodeSpec {
  readonly type: EnvelopeType;
  /** Keys the envelope's `param` carries; empty when it has none. */
  readonly paramKeys: readonly ParamKey[];
  /** The param value when it does not depend on the request (2004 depends on the CMT country). */
  readonly param?: Readonly<CodeParam>;
  /** False for codes that are defined but never sent by the API baseline (1003, 9002). */
  readonly sent: boolean;
  /** Every envelope goes out as HTTP 200, except the out-of-memory answer, refused queries and refused origins. */
  readonly httpStatus: 200 | 400 | 403 | 500;
}

/** The specs of one domain's codes (`T` maps names to codes), keyed by code. */
export type CodeSpecs<T extends Readonly<Record<string, number>>> = { readonly [C in T[keyof T]]: CodeSpec };

export function success(): CodeSpec {
  return { type: 'success', paramKeys: [], sent: true, httpStatus: 200 };
}

/** `param` is either the fixed value or, when it varies per request, just the keys it carries. */
export function warning(param?: CodeParam | readonly ParamKey[]): CodeSpec {
  const spec = { type: 'warning', sent: true, httpStatus: 200 } as const;
  if (param === undefined) return { ...spec, paramKeys: [] };
  if (Array.isArray(param)) return { ...spec, paramKeys: param };
  const fixed = param as CodeParam;
  const paramKeys = (['min', 'max'] as const).filter((key) => fixed[key] !== undefined);
  return { ...spec, paramKeys, param: fixed };
}

/**
 * A refused query of the versioned `/api/v2` endpoints: a GET has no envelope to carry a warning with
 * HTTP 200, so it answers 400 with the envelope as its JSON body.
 */
export function badQuery(param?: CodeParam | readonly ParamKey[]): CodeSpec {
  return { ...warning(param), httpStatus: 400 };
}

/**
 * A request the gateway refuses before reading it (a change sent from another web site's page): HTTP 403
 * with the envelope as its JSON body.
 */
export function forbidden(): CodeSpec {
  return { type: 'danger', paramKeys: [], sent: true, httpStatus: 403 };
}
