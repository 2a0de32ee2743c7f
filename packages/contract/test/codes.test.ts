import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CodeTexts } from '../src/code-texts';
import { Code, CodeTable, isCode } from '../src/codes';

const src = new URL('../src/', import.meta.url);

/**
 * Every domain's codes file (`src/<domain>/codes.ts`, and the common codes of `src/common/common-codes.ts`)
 * with its `<Domain>Code` and `<Domain>CodeTable`; `meanings` names its file in `src/codes/meanings/`.
 */
async function loadDomains() {
  const files = readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(new URL(`${entry.name}/codes.ts`, src)))
    .map((entry) => ({ file: `${entry.name}/codes.ts`, meanings: `${entry.name}.ts` }))
    .concat({ file: 'common/common-codes.ts', meanings: 'common.ts' });
  return Promise.all(
    files.map(async ({ file, meanings }) => {
      const exports: Record<string, unknown> = await import(new URL(file, src).href);
      const codeName = Object.keys(exports).find((name) => name.endsWith('Code'));
      const codes = (codeName ? exports[codeName] : {}) as Record<string, number>;
      const table = (codeName ? exports[`${codeName}Table`] : {}) as Record<number, unknown>;
      return { file, meanings, codeName, codes, table };
    }),
  );
}

type Row = [code: number, type: string, param: Record<string, number> | 'dynamic' | null];

// docs/api.md, written out independently of the implementation.
const expected: Row[] = [
  [1001, 'success', null],
  [1002, 'warning', null],
  [1003, 'warning', null],
  [1004, 'warning', null],
  [1005, 'warning', null],
  [1006, 'warning', null],
  [1007, 'danger', null],
  [2001, 'warning', null],
  [2002, 'warning', null],
  [2003, 'warning', null],
  [2004, 'warning', 'dynamic'],
  [2005, 'warning', null],
  [3001, 'warning', null],
  [3002, 'success', null],
  [3003, 'success', null],
  [4001, 'warning', null],
  [4002, 'warning', { max: 31 }],
  [4003, 'warning', { max: 100 }],
  [4004, 'success', null],
  [4005, 'warning', null],
  [4006, 'warning', null],
  [4007, 'success', null],
  [4008, 'success', null],
  [4009, 'success', null],
  [4010, 'success', null],
  [5001, 'warning', null],
  [5002, 'warning', { max: 2250 }],
  [5003, 'warning', null],
  [5004, 'warning', null],
  [5005, 'warning', { min: 1, max: 86400 }],
  [6001, 'success', null],
  [6002, 'warning', null],
  [7001, 'warning', { max: 128 }],
  [7002, 'warning', { max: 64 }],
  [7003, 'warning', { max: 64 }],
  [7004, 'warning', { max: 32 }],
  [7005, 'warning', null],
  [7006, 'warning', null],
  [7007, 'warning', null],
  [7008, 'warning', { max: 2560 }],
  [7009, 'warning', { max: 32 }],
  [7010, 'warning', null],
  [7011, 'warning', { max: 20 }],
  [7012, 'warning', { max: 20 }],
  [7013, 'warning', { min: 5, max: 86400 }],
  [7014, 'warning', { max: 32 }],
  [7015, 'warning', null],
  [7016, 'warning', { max: 2 }],
  [7017, 'warning', { max: 64 }],
  [7018, 'warning', null],
  [8001, 'warning', null],
  [8002, 'warning', null],
  [8003, 'warning', null],
  [8004, 'warning', null],
  [8005, 'warning', null],
  [8006, 'warning', null],
  [8007, 'warning', { max: 128 }],
  [8008, 'warning', null],
  [9001, 'warning', { max: 31 }],
  [9002, 'warning', { max: 50 }],
  [9003, 'warning', { max: 50 }],
  [9004, 'warning', { min: 2022, max: 2100 }],
  [9005, 'warning', { min: 1, max: 12 }],
  [9006, 'warning', { min: 1, max: 31 }],
  [9007, 'warning', { min: 0, max: 23 }],
  [9008, 'warning', { min: 0, max: 59 }],
  [9009, 'warning', { min: 0, max: 59 }],
  [9010, 'success', null],
  [10001, 'warning', { max: 64 }],
  [10002, 'success', null],
  [10003, 'danger', null],
  [10004, 'warning', null],
  [10005, 'warning', { max: 10 }],
  [11001, 'warning', null],
  [11002, 'warning', null],
  [12001, 'warning', { max: 63 }],
  [13001, 'warning', { min: 1, max: 366 }],
  [13002, 'warning', { min: 31, max: 3650 }],
  [13003, 'warning', { min: 366, max: 36500 }],
  [13004, 'warning', null],
  [13005, 'warning', { min: 60, max: 86400 }],
  [13006, 'warning', { max: 1500 }],
  [13007, 'warning', null],
  [13008, 'warning', null],
  [13009, 'warning', null],
  [13010, 'success', null],
  // docs/meter.md
  [16001, 'warning', { min: 1, max: 300 }],
  [16002, 'warning', null],
  [16003, 'warning', { max: 256 }],
  [16004, 'warning', null],
  [16005, 'warning', { max: 128 }],
  [16006, 'warning', { min: 1, max: 65535 }],
  [16007, 'warning', null],
  [16008, 'warning', { min: 1, max: 3600 }],
  [16009, 'warning', { min: 100, max: 30000 }],
  [16010, 'warning', null],
  [16011, 'warning', null],
  [16012, 'warning', { max: 64 }],
  [16013, 'warning', { min: 0, max: 2 }],
  [16014, 'warning', { max: 128 }],
  [16015, 'warning', null],
  [16016, 'warning', { min: 1, max: 247 }],
  [16017, 'warning', { min: 0, max: 65535 }],
  [16018, 'warning', { max: 1000000 }],
  // docs/limiter.md
  [17001, 'warning', { min: -10000, max: 10000 }],
  [17002, 'warning', { min: 0, max: 1000 }],
  [17003, 'warning', { min: 0, max: 100000 }],
  [17005, 'warning', { min: 1, max: 600 }],
  [17006, 'warning', null],
  [17007, 'warning', { min: 0, max: 100000 }],
  [17008, 'warning', { min: 0, max: 100 }],
  [17009, 'warning', { min: 0, max: 1000000 }],
  [17010, 'warning', { min: 0, max: 1000000 }],
  [17011, 'warning', null],
  [17012, 'warning', null],
  [17013, 'warning', { max: 1023 }],
  [17014, 'warning', { max: 256 }],
  [17015, 'warning', null],
  // docs/alerts.md
  [17016, 'warning', { min: 0, max: 100 }],
  [17017, 'warning', { min: 0, max: 1000 }],
  [17018, 'warning', { min: 0, max: 10 }],
  [17019, 'warning', { min: 0, max: 10000 }],
  // Battery and charge controllers (docs/battery.md).
  [18001, 'warning', { min: 5, max: 3600 }],
  [18002, 'warning', { max: 128 }],
  [18003, 'warning', { max: 15 }],
  [18004, 'warning', { max: 256 }],
  [18005, 'warning', null],
  [18006, 'warning', null],
  [18007, 'warning', null],
  [18008, 'warning', { min: 1, max: 3 }],
  [18009, 'warning', null],
  [24001, 'warning', { min: 1, max: 1440 }],
  [24002, 'warning', { min: 1, max: 100 }],
  [24003, 'warning', { min: 1, max: 1440 }],
  [24004, 'warning', { min: 1, max: 100 }],
  [24005, 'warning', { min: 0, max: 100 }],
  [24006, 'warning', { min: 1, max: 1440 }],
  [24007, 'warning', null],
  [24008, 'warning', { max: 256 }],
  [24009, 'warning', { min: 1, max: 5 }],
  [24010, 'warning', null],
  [24011, 'success', null],
  [24012, 'warning', { min: 1, max: 1440 }],
  [24013, 'warning', { min: 1, max: 1440 }],
  [24014, 'warning', { min: 1, max: 1440 }],
  [24015, 'warning', { min: 1, max: 720 }],
  // docs/api.md, Test clock (--test-clock only)
  [31001, 'success', null],
  [31002, 'warning', { min: 1, max: 3600000 }],
  // docs/wifi.md
  [33001, 'warning', { max: 10 }],
  [33002, 'warning', { max: 31 }],
  [33003, 'warning', null],
  [33004, 'warning', { min: 1, max: 65535 }],
  [33005, 'warning', { min: 5, max: 3600 }],
  [33006, 'warning', null],
  [33007, 'warning', { min: 1, max: 60 }],
  [33008, 'warning', { max: 5 }],
  [33009, 'warning', null],
  [33010, 'warning', null],
  [33011, 'warning', null],
  [33012, 'success', null],
];

describe('code table', () => {
  it('holds exactly the codes of docs/api.md', () => {
    const codes = Object.values(Code).sort((a, b) => a - b);
    expect(codes).toEqual(expected.map(([code]) => code));
    expect(
      Object.keys(CodeTable)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(codes);
  });

  it('gives every code a distinct name', () => {
    expect(new Set(Object.values(Code)).size).toBe(Object.keys(Code).length);
  });

  it('takes every code from exactly one domain file, no number or name in two', async () => {
    const domains = await loadDomains();
    expect(domains.length).toBeGreaterThan(10);
    const fileOfNumber = new Map<number, string>();
    const fileOfName = new Map<string, string>();
    const duplicates: string[] = [];
    for (const { file, codeName, codes, table } of domains) {
      expect(codeName, `${file} exports no <Domain>Code`).toBeDefined();
      expect(Object.keys(table).map(Number).sort()).toEqual(Object.values(codes).sort());
      for (const [name, code] of Object.entries(codes)) {
        const numberTaken = fileOfNumber.get(code);
        if (numberTaken) duplicates.push(`${code} in ${numberTaken} and ${file}`);
        const nameTaken = fileOfName.get(name);
        if (nameTaken) duplicates.push(`${name} in ${nameTaken} and ${file}`);
        fileOfNumber.set(code, file);
        fileOfName.set(name, file);
      }
    }
    expect(duplicates).toEqual([]);
    // The combined table holds every domain's codes and nothing else (a domain missing from src/codes.ts fails).
    expect(Object.fromEntries(domains.flatMap(({ codes }) => Object.entries(codes)))).toEqual({ ...Code });
  });

  it.each(expected)('%i has type %s and param %j', (code, type, param) => {
    const spec = CodeTable[code as Code];
    expect(spec.type).toBe(type);
    if (param === null) {
      expect(spec.paramKeys).toEqual([]);
      expect(spec.param).toBeUndefined();
    } else if (param === 'dynamic') {
      expect(spec.paramKeys).toEqual(['min', 'max']);
      expect(spec.param).toBeUndefined();
    } else {
      expect(spec.param).toEqual(param);
      expect([...spec.paramKeys].sort()).toEqual(Object.keys(param).sort());
    }
    const text = CodeTexts[code as Code];
    expect(text.meaning.length).toBeGreaterThan(5);
    expect(text.message.length).toBeGreaterThan(5);
    // A placeholder the envelope's param does not fill would reach the wire as a bare "{max}".
    const placeholders = [...text.message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    for (const key of placeholders) expect(spec.paramKeys).toContain(key);
  });

  it("has the texts of exactly the table's codes, each domain's meanings in codes/meanings/", async () => {
    expect(
      Object.keys(CodeTexts)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(expected.map(([code]) => code));
    for (const { meanings: file, codeName, codes } of await loadDomains()) {
      const meanings: Record<string, unknown> = await import(new URL(`codes/meanings/${file}`, src).href);
      const table = meanings[`${codeName}Meanings`] as Record<number, unknown> | undefined;
      expect(table, `codes/meanings/${file} exports no ${codeName}Meanings`).toBeDefined();
      expect(
        Object.keys(table ?? {})
          .map(Number)
          .sort(),
      ).toEqual(Object.values(codes).sort());
    }
  });

  it('marks the codes the API no longer sends and the HTTP 500 one', () => {
    const unsent = Object.values(Code).filter((code) => !CodeTable[code].sent);
    expect(unsent).toEqual([1003, 9002]);
    const http500 = Object.values(Code).filter((code) => CodeTable[code].httpStatus === 500);
    expect(http500).toEqual([1007]);
    const http403 = Object.values(Code).filter((code) => CodeTable[code].httpStatus === 403);
    expect(http403).toEqual([10003]);
  });

  it('recognises codes', () => {
    expect(isCode(1001)).toBe(true);
    expect(isCode(7017)).toBe(true);
    expect(isCode(1008)).toBe(false);
    expect(isCode('1001')).toBe(false);
  });
});
