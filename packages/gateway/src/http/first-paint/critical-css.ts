/**
 * The critical CSS of a rendered page: the rules of the console's stylesheet that can apply to the
 * markup's elements, in the stylesheet's order, so the page paints styled before the stylesheet arrives and
 * the stylesheet, once applied, changes nothing that is already on screen. The whole stylesheet follows
 * the inline rules: it repeats each of them in its own order, so together they cascade as it does alone.
 *
 * A rule is kept when one of its selectors names only classes and elements the markup has. The selector's
 * other parts (attributes, `:not(…)` and the like) are not judged, so a kept rule may be more than needed,
 * never less. Rules on neither (the theme variables, `*`, `html`, `body`) are always kept; print rules and
 * rules of states a fresh page is not in (hover, focus) never are.
 */
interface StyleRule {
  kind: 'rule';
  text: string;
  prelude: string;
  /** The declarations between the braces. */
  body: string;
  /** Per selector of the list: the classes it names. */
  selectors: string[][];
}

interface GroupRule {
  kind: 'group';
  /** `@media …`, `@supports …`: kept with the rules inside that are kept. */
  prelude: string;
  children: CssNode[];
}

interface OpaqueRule {
  kind: 'opaque';
  /** `@keyframes`, `@font-face`, `@charset`, …: kept whole. */
  text: string;
}

type CssNode = StyleRule | GroupRule | OpaqueRule;

/** The selectors of a list, split at the commas outside parentheses and brackets. */
function splitSelectors(list: string): string[] {
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

const GROUPING = /^@(media|supports|container|layer)\b/;

/** The index of the `}` that closes the block opened at `open`, skipping strings and comments. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = css.indexOf(c, i + 1);
      if (i < 0) return css.length;
    } else if (c === '/' && css[i + 1] === '*') {
      i = css.indexOf('*/', i + 2) + 1;
      if (i <= 0) return css.length;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** What a selector needs in the markup to apply: classes and element names (`*:` prefixed). */
export function selectorNeeds(selector: string): string[] {
  let plain = selector.replace(/"[^"]*"|'[^']*'/g, '').replace(/\[[^\]]*\]/g, '[]');
  // Functional pseudo-classes nest: strip the innermost arguments until none are left.
  for (let previous = ''; previous !== plain; ) {
    previous = plain;
    plain = plain.replace(/:[\w-]+\([^()]*\)/g, '');
  }
  const classes = [...plain.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) =>
    (match[1] as string).replace(/\\(.)/g, '$1'),
  );
  const elements = [...plain.matchAll(/(?:^|[\s>+~])([a-z][a-z0-9-]*)/g)]
    .map((match) => match[1] as string)
    .filter((name) => name !== 'html' && name !== 'body');
  return [...classes, ...elements.map((name) => `*:${name}`)];
}

/** The classes a selector requires, leaving out what it only excludes or tests (`:not(.x)`, `[a=".b"]`). */
export function selectorClasses(selector: string): string[] {
  return selectorNeeds(selector).filter((need) => !need.startsWith('*:'));
}

/**
 * States a page just painted cannot be in: rules for them can wait for the stylesheet. A hover or a
 * focus before the stylesheet has arrived is styled a moment later, which moves nothing.
 */
const LATER_STATE =
  /:(hover|focus|focus-visible|focus-within|active|visited|autofill|-webkit-autofill|placeholder-shown)\b|::(placeholder|selection|-webkit-[\w-]+|-moz-[\w-]+)/;

export function parseCss(css: string): CssNode[] {
  const nodes: CssNode[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i] as string)) i++;
    if (i >= css.length) break;
    if (css.startsWith('/*', i)) {
      i = css.indexOf('*/', i + 2);
      i = i < 0 ? css.length : i + 2;
      continue;
    }
    const brace = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    if (css[i] === '@' && semicolon >= 0 && (brace < 0 || semicolon < brace)) {
      nodes.push({ kind: 'opaque', text: css.slice(i, semicolon + 1) });
      i = semicolon + 1;
      continue;
    }
    if (brace < 0) break;
    const close = closingBrace(css, brace);
    const prelude = css.slice(i, brace).trim();
    if (GROUPING.test(prelude)) {
      nodes.push({ kind: 'group', prelude, children: parseCss(css.slice(brace + 1, close)) });
    } else if (prelude.startsWith('@')) {
      nodes.push({ kind: 'opaque', text: css.slice(i, close + 1) });
    } else {
      const body = css.slice(brace + 1, close);
      nodes.push({
        kind: 'rule',
        text: `${prelude}{${body}}`,
        prelude,
        body,
        selectors: splitSelectors(prelude)
          .filter((selector) => !LATER_STATE.test(selector))
          .map(selectorNeeds),
      });
    }
    i = close + 1;
  }
  return nodes;
}

function applies(rule: StyleRule, classes: ReadonlySet<string>): boolean {
  return rule.selectors.some((required) => required.every((name) => classes.has(name)));
}

const isPrint = (group: GroupRule) => /^@media\s+print\b/.test(group.prelude);

function pick(nodes: readonly CssNode[], classes: ReadonlySet<string>): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'opaque') out += node.text;
    else if (node.kind === 'rule') {
      if (applies(node, classes)) out += node.text;
    } else if (!isPrint(node)) {
      const inner = pick(node.children, classes);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** Every class named in the markup's class attributes, and every element name (`*:` prefixed). */
export function markupClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of (match[1] as string).split(/\s+/)) if (name) classes.add(name);
  }
  for (const match of html.matchAll(/<([a-z][a-z0-9-]*)/g)) classes.add(`*:${match[1]}`);
  return classes;
}

/** A custom property's declaration (`--name: value;`, strings kept whole; a block's last may lack the `;`). */
const CUSTOM_PROPERTY = /(--[\w-]+)\s*:((?:[^;{}"']|"[^"]*"|'[^']*')*)(;|(?=\})|$)/g;

/**
 * The custom properties read by `css` (outside custom property values) or the markup, and by what those
 * read. Bootstrap defines far more than one page uses; the others wait for the rest of the stylesheet.
 */
function readProperties(css: string, markup: string): Set<string> {
  const values = new Map<string, string[]>();
  for (const match of css.matchAll(CUSTOM_PROPERTY)) {
    const name = match[1] as string;
    values.set(name, [...(values.get(name) ?? []), match[2] as string]);
  }
  const reads = (text: string) =>
    [...text.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1] as string);
  const read = new Set<string>();
  const pending = [...reads(css.replace(CUSTOM_PROPERTY, '')), ...reads(markup)];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (read.has(name)) continue;
    read.add(name);
    for (const value of values.get(name) ?? []) pending.push(...reads(value));
  }
  return read;
}

const CRITICAL_KEPT = 16;

/** The critical rules, without the custom properties nothing on the page reads. */
function critical(
  nodes: readonly CssNode[],
  classes: ReadonlySet<string>,
  read: ReadonlySet<string>,
): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'opaque') out += node.text;
    else if (node.kind === 'group') {
      if (isPrint(node)) continue;
      const inner = critical(node.children, classes, read);
      if (inner) out += `${node.prelude}{${inner}}`;
    } else if (applies(node, classes)) {
      const kept = node.body.replace(CUSTOM_PROPERTY, (declaration, name: string) =>
        read.has(name) ? declaration : '',
      );
      out += `${node.prelude}{${kept}}`;
    }
  }
  return out;
}

/**
 * The stylesheet, parsed once. `for(markup)` picks its critical rules (`extra`: classes set right after
 * the first paint).
 */
export function criticalCss(stylesheet: string, extra: readonly string[] = []) {
  const nodes = parseCss(stylesheet);
  // The values change with every snapshot, the classes and the custom properties the markup reads rarely:
  // the rules are picked once for each of their sets.
  const picked = new Map<string, string>();
  return {
    for(markup: string): string {
      const classes = markupClasses(markup);
      for (const name of extra) classes.add(name);
      const markupReads = [...new Set(markup.match(/var\(\s*--[\w-]+/g) ?? [])];
      const key = `${[...classes].sort().join(' ')}|${markupReads.sort().join(' ')}`;
      let result = picked.get(key);
      if (result === undefined) {
        result = critical(nodes, classes, readProperties(pick(nodes, classes), markup));
        if (picked.size >= CRITICAL_KEPT) picked.delete(picked.keys().next().value as string);
        picked.set(key, result);
      }
      return result;
    },
  };
}
