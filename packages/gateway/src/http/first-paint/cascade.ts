/**
 * What the order of two style rules decides: when both set the same property of the same element with the
 * same weight, the later one wins. Splitting a stylesheet in two (the critical rules inline, the rest
 * after them) moves rules relative to each other; these helpers tell which rules may be moved.
 */

/** The declarations of a rule's block, split at the semicolons outside strings and parentheses. */
export function declarations(block: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < block.length; i++) {
    const c = block[i];
    if (c === '"' || c === "'") {
      const end = block.indexOf(c, i + 1);
      i = end < 0 ? block.length : end;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) {
      parts.push(block.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(block.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part.includes(':'));
}

/**
 * Properties that set each other (a shorthand and its parts, a logical and a physical name) share a
 * family; two rules whose families do not meet can change places. Wider than needed is safe: it only keeps
 * a rule in place that could have moved.
 */
const FAMILY_OF_HEAD: Record<string, string> = {
  top: 'inset',
  right: 'inset',
  bottom: 'inset',
  left: 'inset',
  row: 'gap',
  column: 'gap',
  columns: 'gap',
  place: 'align',
  justify: 'align',
  line: 'font',
  white: 'text',
  word: 'overflow',
  width: 'size',
  height: 'size',
  min: 'size',
  max: 'size',
  inline: 'size',
  block: 'size',
};

/** `all` sets every property. */
export const EVERY_FAMILY = '*';

/** The family of a declaration's property; a custom property is its own. */
export function family(declaration: string): string {
  const name = declaration
    .slice(0, declaration.indexOf(':'))
    .trim()
    .toLowerCase()
    .replace(/^-(webkit|moz|ms|o)-/, '');
  if (name.startsWith('--')) return name;
  if (name === 'all') return EVERY_FAMILY;
  const head = name.split('-')[0] as string;
  return FAMILY_OF_HEAD[head] ?? head;
}

/** Whether any of `block`'s declarations sets a family in `set` (or `set` has every family). */
export function setsAny(block: string, set: ReadonlySet<string>): boolean {
  if (set.has(EVERY_FAMILY)) return declarations(block).length > 0;
  return declarations(block).some((declaration) => {
    const name = family(declaration);
    return name === EVERY_FAMILY ? set.size > 0 : set.has(name);
  });
}
