#!/usr/bin/env node
// Writes packages/hoymiles/test/captures/README.md, the index of the capture corpus, from the `.json`
// entries beside the logs (docs/replay.md, "The corpus of real captures"). Plain Node, no dependencies.
//   node packages/hoymiles/scripts/capture-index.mjs           writes the README
//   node packages/hoymiles/scripts/capture-index.mjs --print   prints what it would write
// test/captures-index.test.ts fails when the README differs from what this script writes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CAPTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'test', 'captures');
const README = join(CAPTURES, 'README.md');

/** A table cell: no line breaks, pipes escaped. */
function cell(value) {
  if (value === null || value === undefined || value === '') return '–';
  return String(value)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|');
}

/** `run-data ×2, alarm-data (partial)`: what the exchanges ask, in order of first appearance. */
function commands(exchanges) {
  const counts = new Map();
  for (const exchange of exchanges) {
    const key = exchange.complete === false ? `${exchange.request} (partial)` : exchange.request;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => (n > 1 ? `${key} ×${n}` : key)).join(', ');
}

/** The distinct values of one exchange field, joined. */
function distinct(exchanges, field) {
  return [...new Set(exchanges.map((exchange) => exchange[field]).filter((v) => v !== undefined))].join(', ');
}

function readEntries() {
  const files = readdirSync(CAPTURES).sort();
  const stems = files.filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length));
  const logs = new Set(files.filter((f) => f.endsWith('.log')).map((f) => f.slice(0, -'.log'.length)));
  for (const stem of stems) if (!logs.has(stem)) throw new Error(`${stem}.json has no ${stem}.log`);
  for (const stem of logs) if (!stems.includes(stem)) throw new Error(`${stem}.log has no ${stem}.json`);
  return stems.map((stem) => ({
    stem,
    entry: JSON.parse(readFileSync(join(CAPTURES, `${stem}.json`), 'utf8')),
  }));
}

export function renderIndex() {
  const entries = readEntries();
  const exchanges = entries.reduce((sum, { entry }) => sum + (entry.exchanges?.length ?? 0), 0);
  const lines = [
    '# Capture corpus',
    '',
    '<!-- Written by packages/hoymiles/scripts/capture-index.mjs from the .json files; do not edit by hand. -->',
    '',
    'Real radio exchanges of Hoymiles inverters, copied from logs their owners published. Each capture is a',
    '`<stem>.log` (the lines exactly as posted) and a `<stem>.json` (where it was published, what it holds and',
    'the values expected from it, decoded by hand or stated by the poster). docs/protocol.md, *Assumptions',
    'register*, names the captures that confirm each wire fact; docs/replay.md says how the gateway plays them.',
    '',
    `${entries.length} captures, ${exchanges} exchanges. "Bytes 5..8" is what the answer frames carry there:`,
    "the inverter's own address, the DTU's, or another.",
    '',
    '| Stem | Family / model | Exchanges | Bytes 5..8 | Format | Published | Expected from |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const { stem, entry } of entries) {
    const list = entry.exchanges ?? [];
    const source = entry.source ?? {};
    const published = [
      source.url ? `<${source.url}>` : undefined,
      source.where,
      source.published ?? 'date not stated',
      source.comment_by ? `by ${source.comment_by}` : undefined,
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `| ${[
        `\`${stem}\``,
        `${entry.family ?? '?'} / ${entry.model ?? 'model unknown'}`,
        commands(list),
        distinct(list, 'answer_bytes_5_8'),
        entry.format,
        published,
        distinct(list, 'expected_source'),
      ]
        .map(cell)
        .join(' | ')} |`,
    );
  }
  lines.push('');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = renderIndex();
  if (process.argv.includes('--print')) process.stdout.write(text);
  else writeFileSync(README, text);
}
