import type { Code, CodeParam } from '@dtu-console/contract/codes';
import { firstFailure, type Rule } from '@dtu-console/contract/common/validate';
import type { TFunction } from 'i18next';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** A rule only the form knows (input bounds the gateway does not check); its message is a `settings` key. */
export interface ClientRule<T> {
  field: string;
  fails: (values: T) => boolean;
  key: string;
  /** The message's parameters; a function when they follow the values (a range that depends on a choice). */
  params?: Record<string, unknown> | ((values: T) => Record<string, unknown>);
}

/** What the contract's check reports: a response code (translated as `apiresponse.<code>`) or a text key. */
export interface CheckFailure {
  code?: Code;
  param?: CodeParam;
  key?: string;
  field?: string;
}

export type ContractCheck<T> = (values: T) => CheckFailure | undefined;

/**
 * The rule list of a contract schema (what its zod check runs, in the gateway's order) as a form check;
 * `toPayload` maps the form values to the payload first. The type layer of the schema is left out: the form
 * builds the payload's types itself, and leaving it out keeps zod out of the console's bundles.
 */
export function rulesCheck<T, P>(rules: readonly Rule<P>[], toPayload: (values: T) => P): ContractCheck<T> {
  return (values) => firstFailure(rules, toPayload(values));
}

/** Rule helpers for the form bounds (docs/console.md). */
export function rangeRule<T>(
  field: string,
  min: number,
  max: number,
  read: (values: T) => unknown,
): ClientRule<T> {
  return {
    field,
    key: 'form.range',
    params: { min, max },
    fails: (values) => {
      const value = read(values);
      return typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max;
    },
  };
}

export function maxLengthRule<T>(field: string, max: number, read: (values: T) => string): ClientRule<T> {
  return { field, key: 'form.maxLength', params: { max }, fails: (values) => [...read(values)].length > max };
}

export function requiredRule<T>(field: string, read: (values: T) => string): ClientRule<T> {
  return { field, key: 'form.required', fails: (values) => read(values).trim() === '' };
}

function setPath(target: Record<string, unknown>, path: string, error: FieldError): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1] as string;
  if (!node[last]) node[last] = error;
}

/**
 * The one resolver of the console's settings forms. Every client rule marks its field (all of them at once,
 * so the user sees each problem); when those pass, the contract's check runs — the same limits and codes the
 * gateway answers — and its first failure marks its field with the translated message. A failure without a
 * field lands in `errors.root`, which the form shows as an alert.
 */
export function contractResolver<T extends FieldValues>(
  t: TFunction,
  rules: readonly ClientRule<T>[],
  check?: ContractCheck<T>,
): Resolver<T> {
  return async (values) => {
    const errors: Record<string, unknown> = {};
    let failed = false;
    for (const rule of rules) {
      if (!rule.fails(values)) continue;
      failed = true;
      const params = typeof rule.params === 'function' ? rule.params(values) : rule.params;
      setPath(errors, rule.field, { type: 'client', message: t(rule.key, params) });
    }
    if (!failed && check) {
      const failure = check(values);
      if (failure) {
        failed = true;
        const message = failure.code
          ? t(`apiresponse.${failure.code}`, { ...failure.param })
          : t(failure.key ?? 'form.invalid');
        setPath(errors, failure.field ?? 'root', { type: String(failure.code ?? 'check'), message });
      }
    }
    return failed ? { values: {}, errors: errors as FieldErrors<T> } : { values, errors: {} };
  };
}
