import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Code, type CodeParam, CodeTable } from '../src/codes';
import { envelope } from '../src/common/envelope';
import { testClockSchema } from '../src/test-clock/schemas';

/**
 * The English `message` of every code is written once, in the locale file `codes/envelope-messages.en.json`
 * (i18next's format, `apiresponse.<code>`), and the envelope takes it from there. Read here as the file, not through the contract's modules, so a
 * message kept anywhere else makes the answers differ from the file.
 */
const file = new URL('../src/codes/envelope-messages.en.json', import.meta.url);
const texts = (JSON.parse(readFileSync(file, 'utf8')) as { apiresponse: Record<string, string> }).apiresponse;

const codes = Object.keys(CodeTable)
  .map(Number)
  .sort((a, b) => a - b) as Code[];

/** The param an answer carries: the table's, or for a request-dependent one (2004) any. */
function paramOf(code: Code): CodeParam | undefined {
  const spec = CodeTable[code];
  if (spec.paramKeys.length === 0) return undefined;
  return spec.param ?? { min: 860250000, max: 923500000 };
}

/** The locale text with its `{{min}}`/`{{max}}` replaced, written out apart from `formatMessage`. */
function filled(text: string, param: CodeParam | undefined): string {
  return text.replaceAll('{{min}}', String(param?.min)).replaceAll('{{max}}', String(param?.max));
}

describe('English envelope messages (codes/envelope-messages.en.json)', () => {
  it('hold one message for every code and nothing else', () => {
    expect(Object.keys(texts).map(Number)).toEqual(codes);
    for (const code of codes) expect(texts[code]?.trim(), `${code}`).toBeTruthy();
  });

  it("use i18next's placeholders, only those the code's param carries", () => {
    for (const code of codes) {
      const text = texts[code] ?? '';
      const placeholders = [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
      for (const key of placeholders) expect(CodeTable[code].paramKeys, `${code}`).toContain(key);
      // A single brace would reach the wire as it is.
      expect(text.replaceAll(/\{\{\w+\}\}/g, ''), `${code}`).not.toMatch(/[{}]/);
    }
  });

  it.each(codes)('%i: the envelope answers with the text of the file', (code) => {
    const param = paramOf(code);
    const answer = envelope(code, param);
    expect(answer.message).toBe(filled(texts[code] ?? '', answer.param));
    expect(answer.message).not.toMatch(/[{}]/);
  });

  it("gives a schema's failure the same text (the zod layer)", () => {
    const result = testClockSchema.safeParse({ advance_ms: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(filled(texts[31002] ?? '', { min: 1, max: 3_600_000 }));
  });
});
