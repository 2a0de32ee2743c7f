/**
 * The JSON paths meter sources read a value with: names joined by dots, array indexes in brackets
 * (`StatusSNS.SML.Power`, `emeters[0].power`, `[1].value`). A leading `$` or `$.` is allowed; the empty
 * path means the whole payload (a plain number). Both sides use it: the form checks the syntax, the
 * gateway reads values.
 */

export type JsonPathStep = string | number;

const NAME = /^[^.[\]]+/;
const INDEX = /^\[(\d+)\]/;

/** The steps of a path, or undefined when it is not well formed. */
export function parseJsonPath(path: string): JsonPathStep[] | undefined {
  let rest = path.trim();
  if (rest.startsWith('$')) rest = rest.slice(1).replace(/^\./, '');
  const steps: JsonPathStep[] = [];
  let first = true;
  while (rest !== '') {
    const index = INDEX.exec(rest);
    if (index) {
      steps.push(Number(index[1]));
      rest = rest.slice(index[0].length);
    } else {
      if (!first) {
        if (!rest.startsWith('.')) return undefined;
        rest = rest.slice(1);
      }
      const name = NAME.exec(rest);
      if (!name) return undefined;
      steps.push(name[0]);
      rest = rest.slice(name[0].length);
    }
    first = false;
  }
  return steps;
}

/** What a path points at: the value, or the part of the path that was found last. */
export type JsonPathLookup = { found: true; value: unknown } | { found: false; missing: string };

export function lookupJsonPath(root: unknown, steps: readonly JsonPathStep[]): JsonPathLookup {
  let value = root;
  let walked = '';
  for (const step of steps) {
    walked += typeof step === 'number' ? `[${step}]` : walked === '' ? step : `.${step}`;
    if (typeof step === 'number') {
      if (!Array.isArray(value) || step >= value.length) return { found: false, missing: walked };
      value = value[step];
    } else {
      if (
        typeof value !== 'object' ||
        value === null ||
        Array.isArray(value) ||
        !Object.hasOwn(value, step)
      ) {
        return { found: false, missing: walked };
      }
      value = (value as Record<string, unknown>)[step];
    }
  }
  return { found: true, value };
}
