/**
 * A small checker of the Prometheus text exposition format 0.0.4, strict where scrapers are strict and
 * where the format's rules are easy to break: HELP/TYPE syntax, at most one TYPE per family and before its
 * samples, each family one contiguous group, every sample of a declared family, valid metric and label
 * names, properly escaped label values, numeric values, no duplicate series, a final line feed.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
  /** The value as written. */
  raw: string;
}

export interface Family {
  name: string;
  help?: string;
  type?: string;
  samples: Sample[];
}

export interface Exposition {
  families: Map<string, Family>;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const FLOAT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$|^[+-]?Inf$|^NaN$/;

/** The family a sample belongs to (histogram/summary suffixes are not used here, so: its name). */
function familyOf(name: string): string {
  return name;
}

function parseLabels(text: string, at: string): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let i = 0;
  if (text[i] !== '{') return { labels, rest: text };
  i++;
  for (;;) {
    if (text[i] === '}') {
      i++;
      break;
    }
    const nameMatch = /^[^=]*/.exec(text.slice(i));
    const name = nameMatch?.[0] ?? '';
    if (!LABEL_NAME.test(name)) throw new Error(`${at}: bad label name '${name}'`);
    if (Object.hasOwn(labels, name)) throw new Error(`${at}: label '${name}' twice`);
    i += name.length;
    if (text[i] !== '=' || text[i + 1] !== '"') throw new Error(`${at}: label '${name}' without ="value"`);
    i += 2;
    let value = '';
    for (;;) {
      const char = text[i];
      if (char === undefined) throw new Error(`${at}: unterminated label value`);
      if (char === '\n') throw new Error(`${at}: raw line feed in a label value`);
      if (char === '"') {
        i++;
        break;
      }
      if (char === '\\') {
        const next = text[i + 1];
        if (next === '\\') value += '\\';
        else if (next === '"') value += '"';
        else if (next === 'n') value += '\n';
        else throw new Error(`${at}: bad escape '\\${next ?? ''}' in a label value`);
        i += 2;
        continue;
      }
      value += char;
      i++;
    }
    labels[name] = value;
    if (text[i] === ',') {
      i++;
      continue;
    }
    if (text[i] === '}') {
      i++;
      break;
    }
    throw new Error(`${at}: expected ',' or '}' after label '${name}'`);
  }
  return { labels, rest: text.slice(i) };
}

/** Parses and checks `text`; throws an Error naming the first problem and its line. */
export function parseExposition(text: string): Exposition {
  if (text !== '' && !text.endsWith('\n')) throw new Error('exposition does not end with a line feed');
  const families = new Map<string, Family>();
  const samples: Sample[] = [];
  const closed = new Set<string>();
  const seriesSeen = new Set<string>();
  let current: string | undefined;

  const enter = (name: string, at: string): Family => {
    if (current !== name) {
      if (current !== undefined) closed.add(current);
      if (closed.has(name)) throw new Error(`${at}: family ${name} is not one contiguous group`);
      current = name;
    }
    let family = families.get(name);
    if (!family) {
      family = { name, samples: [] };
      families.set(name, family);
    }
    return family;
  };

  const lines = text.split('\n');
  lines.pop();
  lines.forEach((line, index) => {
    const at = `line ${index + 1} '${line}'`;
    if (line.trim() === '') return;
    if (line.startsWith('#')) {
      const meta = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
      if (!meta) return; // an ordinary comment
      const [, kind, name = '', rest = ''] = meta;
      if (!METRIC_NAME.test(name)) throw new Error(`${at}: bad metric name`);
      const family = enter(name, at);
      if (kind === 'TYPE') {
        if (family.type !== undefined) throw new Error(`${at}: second TYPE for ${name}`);
        if (family.samples.length > 0) throw new Error(`${at}: TYPE after samples of ${name}`);
        if (!TYPES.has(rest)) throw new Error(`${at}: unknown type '${rest}'`);
        family.type = rest;
      } else {
        if (family.help !== undefined) throw new Error(`${at}: second HELP for ${name}`);
        if (/\\(?![\\n])/.test(rest)) throw new Error(`${at}: bad escape in HELP`);
        family.help = rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\');
      }
      return;
    }
    const nameMatch = /^[^\s{]+/.exec(line);
    const name = nameMatch?.[0] ?? '';
    if (!METRIC_NAME.test(name)) throw new Error(`${at}: bad metric name '${name}'`);
    const { labels, rest } = parseLabels(line.slice(name.length), at);
    const valueMatch = /^ (\S+)(?: (-?\d+))?$/.exec(rest);
    if (!valueMatch?.[1]) throw new Error(`${at}: expected ' <value> [timestamp]'`);
    const raw = valueMatch[1];
    if (!FLOAT.test(raw)) throw new Error(`${at}: value '${raw}' is not a number`);
    const familyName = familyOf(name);
    const family = enter(familyName, at);
    if (family.type === undefined) throw new Error(`${at}: sample of ${name} without a TYPE declaration`);
    const series = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seriesSeen.has(series)) throw new Error(`${at}: duplicate series`);
    seriesSeen.add(series);
    const sample: Sample = {
      name,
      labels,
      value: Number(raw === 'NaN' ? Number.NaN : raw.replace('Inf', 'Infinity')),
      raw,
    };
    family.samples.push(sample);
    samples.push(sample);
  });
  return { families, samples };
}
