/**
 * Running a request schema so the result is exactly one response code, as the API answers it.
 *
 * Every config schema has two layers:
 * 1. a zod object with the endpoint's required keys and their JSON types; any issue there is
 *    code 1005. zod does not run an object's checks while its shape has issues, so 1005 always comes first.
 * 2. an ordered list of `Rule`s attached with `rulesCheck`, in docs/api.md's check order. Only the first failing
 *    rule is reported, as a zod issue whose `params` carry `{code, param}`.
 * `validate` turns either into `{ok: false, code, param}`; the server answers `envelope(code, param)` and
 * the console shows the translation of the same code.
 */
import type { z } from 'zod';
import { CodeTexts } from '../code-texts';
import { Code, type CodeParam, CodeTable, isCode } from '../codes';
import { formatMessage } from './envelope';

export interface ValidationFailure {
  code: Code;
  param?: CodeParam;
  /** Payload key the failure is about, when there is one (for highlighting a form field). */
  field?: string;
}

export type ValidationResult<T> = { ok: true; value: T } | ({ ok: false } & ValidationFailure);

export interface Rule<T> {
  code: Code;
  field?: keyof T & string;
  /** True when the value breaks the rule. */
  fails: (value: T) => boolean;
  /** Only for codes whose param depends on the request; otherwise the code table's param is used. */
  param?: (value: T) => CodeParam;
}

/** UTF-8 byte length: the API limits bytes, not UTF-16 units. */
export function byteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export function isLongerThan(text: string, max: number): boolean {
  return byteLength(text) > max;
}

export function isLengthOutside(text: string, min: number, max: number): boolean {
  const length = byteLength(text);
  return length < min || length > max;
}

export function isOutside(value: number, min: number, max: number): boolean {
  return value < min || value > max;
}

/** The keys of `T` whose values are of type `V`. */
type KeysOfType<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;

/** Rule: the string field's byte length is outside `min..max`. */
export function lengthRule<T>(code: Code, field: KeysOfType<T, string>, min: number, max: number): Rule<T> {
  return { code, field, fails: (v) => isLengthOutside(v[field] as string, min, max) };
}

/** Rule: the string field is longer than `max` bytes (empty passes). */
export function maxLengthRule<T>(code: Code, field: KeysOfType<T, string>, max: number): Rule<T> {
  return { code, field, fails: (v) => isLongerThan(v[field] as string, max) };
}

/** Rule: the number field is outside `min..max`. */
export function rangeRule<T>(code: Code, field: KeysOfType<T, number>, min: number, max: number): Rule<T> {
  return { code, field, fails: (v) => isOutside(v[field] as number, min, max) };
}

/** The first rule the value breaks, in list order. */
export function firstFailure<T>(rules: readonly Rule<T>[], value: T): ValidationFailure | undefined {
  for (const rule of rules) {
    if (!rule.fails(value)) continue;
    const param = rule.param?.(value) ?? CodeTable[rule.code].param;
    return {
      code: rule.code,
      ...(param === undefined ? {} : { param: { ...param } }),
      ...(rule.field === undefined ? {} : { field: rule.field }),
    };
  }
  return undefined;
}

interface CodedParams {
  code: Code;
  param?: CodeParam;
}

/** A zod check reporting only the first failing rule, with its code in the issue's `params`. */
export function rulesCheck<T>(rules: readonly Rule<T>[]): (payload: z.core.ParsePayload<T>) => void {
  return (payload) => {
    const failure = firstFailure(rules, payload.value);
    if (!failure) return;
    const params: CodedParams = { code: failure.code, ...(failure.param ? { param: failure.param } : {}) };
    payload.issues.push({
      code: 'custom',
      message: formatMessage(CodeTexts[failure.code].message, failure.param),
      input: payload.value,
      path: failure.field === undefined ? [] : [failure.field],
      params,
    });
  };
}

function codedParams(issue: z.core.$ZodIssue | undefined): CodedParams | undefined {
  if (issue?.code !== 'custom') return undefined;
  const params = issue.params as Partial<CodedParams> | undefined;
  return isCode(params?.code) ? (params as CodedParams) : undefined;
}

/** Runs a request schema on an already parsed `data` value. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): ValidationResult<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const [issue] = result.error.issues;
  const coded = codedParams(issue);
  if (!coded) return { ok: false, code: Code.ValuesMissing };
  const field = issue?.path.length === 1 ? String(issue.path[0]) : undefined;
  return {
    ok: false,
    code: coded.code,
    ...(coded.param ? { param: coded.param } : {}),
    ...(field === undefined ? {} : { field }),
  };
}

/** The generic steps of docs/api.md after the admin check: no `data` form field → 1002, not JSON → 1004. */
export function parseDataField(
  data: string | undefined | null,
): { ok: true; value: unknown } | { ok: false; code: Code } {
  if (data === undefined || data === null) return { ok: false, code: Code.NoValuesFound };
  try {
    return { ok: true, value: JSON.parse(data) };
  } catch {
    return { ok: false, code: Code.ParseError };
  }
}

/** `parseDataField`, then the schema (1005 and the endpoint's codes). */
export function validateDataField<S extends z.ZodType>(
  schema: S,
  data: string | undefined | null,
): ValidationResult<z.output<S>> {
  const parsed = parseDataField(data);
  return parsed.ok ? validate(schema, parsed.value) : parsed;
}
