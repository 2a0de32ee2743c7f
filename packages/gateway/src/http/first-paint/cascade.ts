/**
 * What the order of two style rules decides: when both set the same property of the same element with the
 * same weight (importance and selector specificity), the later one wins. Splitting a stylesheet in two
 * (the critical rules inline, the rest after them) moves rules relative to each other; these helpers tell
 * which rules may be moved.
 */

/** The selectors of a list, split at the commas outside parentheses and brackets. */
export function splitSelectors(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The argument of the functional pseudo-class opened at `open` (the index of its `(`), and where it ends. */
function argument(selector: string, open: number): { text: string; end: number } {
  let depth = 0;
  for (let i = open; i < selector.length; i++) {
    if (selector[i] === '(') depth++;
    else if (selector[i] === ')' && --depth === 0) return { text: selector.slice(open + 1, i), end: i + 1 };
  }
  return { text: selector.slice(open + 1), end: selector.length };
}

type Weight = [ids: number, classes: number, elements: number];

const heavier = (a: Weight, b: Weight) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Pseudo-elements written with one colon, as CSS 2 did. */
const OLD_PSEUDO_ELEMENTS = new Set(['before', 'after', 'first-line', 'first-letter']);

function weight(selector: string): Weight {
  const plain = selector.replace(/"[^"]*"|'[^']*'/g, '').replace(/\[[^\]]*\]/g, '[]');
  const total: Weight = [0, 0, 0];
  const add = (part: Weight) => {
    total[0] += part[0];
    total[1] += part[1];
    total[2] += part[2];
  };
  for (let i = 0; i < plain.length; ) {
    const rest = plain.slice(i);
    const pseudo = /^(::?)([\w-]+)/.exec(rest);
    if (pseudo) {
      const [, colons, name = ''] = pseudo;
      i += pseudo[0].length;
      if (plain[i] === '(') {
        const { text, end } = argument(plain, i);
        i = end;
        if (name === 'where') continue;
        if (name === 'is' || name === 'not' || name === 'has' || name === 'matches') {
          // The most specific selector of the argument.
          add(
            splitSelectors(text)
              .map(weight)
              .reduce((a, b) => (heavier(a, b) >= 0 ? a : b), [0, 0, 0]),
          );
          continue;
        }
        if (/^nth-/.test(name)) {
          const of = /\bof\s+(.*)$/s.exec(text);
          if (of?.[1])
            add(
              splitSelectors(of[1])
                .map(weight)
                .reduce((a, b) => (heavier(a, b) >= 0 ? a : b)),
            );
        }
      }
      add(colons === '::' || OLD_PSEUDO_ELEMENTS.has(name) ? [0, 0, 1] : [0, 1, 0]);
      continue;
    }
    const simple = /^(#|\.)?((?:\\.|[\w-])+)|^\[\]/.exec(rest);
    if (simple) {
      i += simple[0].length;
      if (simple[0] === '[]' || simple[1] === '.') add([0, 1, 0]);
      else if (simple[1] === '#') add([1, 0, 0]);
      else add([0, 0, 1]);
      continue;
    }
    i++;
  }
  return total;
}

/** A selector's specificity as text (`ids,classes,elements`): rules of different ones never tie. */
export function specificity(selector: string): string {
  return weight(selector.trim()).join(',');
}

/** The declarations of a rule's block, split at the semicolons outside strings and parentheses. */
function declarations(block: string): string[] {
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
function family(declaration: string): string {
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

/**
 * The keys of what a rule sets, for each of its selectors' specificities: two rules whose keys meet may
 * tie on an element, and then their order decides.
 */
export function settings(block: string, specificities: readonly string[]): string[] {
  return declarations(block).flatMap((declaration) => {
    const weightOf = /!\s*important\s*$/i.test(declaration) ? '!' : '';
    return specificities.map((selector) => `${family(declaration)} ${selector}${weightOf}`);
  });
}

/** Whether a rule setting `keys` may tie with one that set `set` (`all` ties with every property). */
export function tiesWith(keys: readonly string[], set: ReadonlySet<string>): boolean {
  return keys.some((key) => {
    const [name, weightOf] = key.split(' ') as [string, string];
    if (set.has(key) || set.has(`${EVERY_FAMILY} ${weightOf}`)) return true;
    return name === EVERY_FAMILY && [...set].some((other) => other.endsWith(` ${weightOf}`));
  });
}
