import { describe, expect, it } from 'vitest';
import { Exposition, escapeLabelValue, num } from '../../src/output/prometheus-exposition';

// What the exposition writer must keep (ARCHITECTURE.md, Dependencies: why it is not prom-client): numbers
// as the caller formats them, no lines for a family without samples, one group per family in first-use
// order, and nothing between the groups.

describe('num', () => {
  it('keeps the decimals it is asked for (OpenDTU prints limits with %f)', () => {
    expect(num(1, 6)).toBe('1.000000');
    expect(num(800, 6)).toBe('800.000000');
    expect(num(238, 1)).toBe('238.0');
    expect(num(0, 3)).toBe('0.000');
  });

  it('prints a number as is without decimals asked for', () => {
    expect(num(455.1)).toBe('455.1');
    expect(num(-2.3)).toBe('-2.3');
    expect(num(86400)).toBe('86400');
  });

  it('spells the special values as the text format does', () => {
    expect(num(Number.NaN)).toBe('NaN');
    expect(num(Number.POSITIVE_INFINITY)).toBe('+Inf');
    expect(num(Number.NEGATIVE_INFINITY, 2)).toBe('-Inf');
  });
});

describe('Exposition', () => {
  it('prints nothing at all without samples', () => {
    expect(new Exposition().text()).toBe('');
  });

  it('prints each family once, in first-use order, with its samples together and no blank lines', () => {
    const out = new Exposition();
    out.add('b_total', 'second', 'counter', [['x', '1']], '3');
    out.add('a', 'first', 'gauge', [], '1.500000');
    out.add('b_total', 'ignored help', 'counter', [['x', '2']], '4');
    expect(out.text()).toBe(
      [
        '# HELP b_total second',
        '# TYPE b_total counter',
        'b_total{x="1"} 3',
        'b_total{x="2"} 4',
        '# HELP a first',
        '# TYPE a gauge',
        'a 1.500000',
        '',
      ].join('\n'),
    );
  });

  it('keeps the label order given and escapes values and HELP text', () => {
    const out = new Exposition();
    out.add(
      'm',
      'line one\nback\\slash',
      'gauge',
      [
        ['serial', '1'],
        ['name', 'say "hi"\\\n'],
      ],
      '1',
    );
    expect(out.text()).toBe(
      '# HELP m line one\\nback\\\\slash\n# TYPE m gauge\nm{serial="1",name="say \\"hi\\"\\\\\\n"} 1\n',
    );
  });
});

describe('escapeLabelValue', () => {
  it('escapes backslash, double quote and line feed, nothing else', () => {
    expect(escapeLabelValue('a\\b"c\nd\te')).toBe('a\\\\b\\"c\\nd\te');
  });
});
