import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import gridProfileJson from '../../data/grid-profile.json';
import {
  decodeGridProfile,
  decodeGridProfileData,
  describeGridProfile,
  emptyGridProfile,
  encodeGridProfile,
  GRID_PROFILE_DATA_TYPE,
  GRID_PROFILE_MAX_LENGTH,
  type GridProfileData,
  gridProfileExamples,
  gridProfileItemSpecs,
  gridProfileName,
  isGridProfileValid,
} from '../../src/messages/grid-profile';
import { hex, toHex, withCrc } from '../helpers/hex';

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const vectors = gridProfileJson.testVectors;

describe('grid profile test vectors (grid-profile.json)', () => {
  it('is data type 0x02 with both vectors', () => {
    expect(GRID_PROFILE_DATA_TYPE).toBe(0x02);
    expect(vectors).toHaveLength(2);
    expect(GRID_PROFILE_MAX_LENGTH).toBe(141);
  });

  for (const v of vectors) {
    describe(v.description, () => {
      const raw = hex(v.raw);

      it('has the stated length and a valid CRC16', () => {
        expect(raw.length).toBe(v.rawLength);
        expect(toHex(withCrc(raw.subarray(0, -2)))).toBe(toHex(raw));
      });

      it('parses to the expected result', () => {
        expect(unwrap(decodeGridProfile(raw))).toEqual(v.parsed);
      });

      it('encodes the parsed ids and values back to the same bytes', () => {
        const data = unwrap(decodeGridProfileData(raw));
        expect(toHex(unwrap(encodeGridProfile(data)))).toBe(toHex(raw));
      });
    });
  }

  it('reads the example profile field by field', () => {
    const data = unwrap(decodeGridProfileData(hex(vectors[0]!.raw)));
    expect(data.typeId).toBe(0x0a00);
    expect(data.version).toEqual({ major: 2, minor: 1, patch: 3 });
    expect(data.sections).toEqual([
      { id: 0x00, version: 0x00, values: [230, 184, 3, 253, 0.1] },
      { id: 0x20, version: 0x00, values: [1] },
    ]);
  });

  it('keeps negative values (Volt-var Q4 = FE 48 = −44.0 %Pn)', () => {
    const profile = unwrap(decodeGridProfile(hex(vectors[1]!.raw)));
    const vv = profile.sections.find((s) => s.name === 'Volt Var (VV)')!;
    expect(vv.items.at(-1)).toEqual({ n: 'Volt-var reactive point Q4', u: '%Pn', v: -44 });
  });

  it('offers the vectors as examples a simulator can encode', () => {
    const examples = gridProfileExamples();
    expect(examples.map((e) => e.description)).toEqual(vectors.map((v) => v.description));
    examples.forEach((e, i) => {
      expect(toHex(unwrap(encodeGridProfile(e.data)))).toBe(toHex(hex(vectors[i]!.raw)));
    });
  });
});

describe('grid profile tables', () => {
  it('names the ten profile types and falls back to "Unknown"', () => {
    expect(gridProfileName(0x0300)).toBe('DE - DE_VDE4105_2018');
    expect(gridProfileName(0x0d04)).toBe('XX - NF_EN_50549-1:2019');
    expect(gridProfileName(0x3700)).toBe('CH - CH_NA EEA-NE7-CH2020');
    expect(gridProfileName(0x0302)).toBe('Unknown');
  });

  it('has the item count of every section', () => {
    const counts: [number, number, number][] = [
      [0x00, 0x00, 5],
      [0x00, 0x01, 7],
      [0x00, 0x02, 7],
      [0x00, 0x03, 8],
      [0x00, 0x08, 6],
      [0x00, 0x0a, 8],
      [0x00, 0x0b, 10],
      [0x00, 0x0c, 12],
      [0x00, 0x35, 13],
      [0x10, 0x00, 5],
      [0x10, 0x03, 9],
      [0x20, 0x00, 1],
      [0x30, 0x03, 5],
      [0x30, 0x07, 7],
      [0x40, 0x00, 2],
      [0x50, 0x00, 4],
      [0x50, 0x01, 5],
      [0x50, 0x08, 6],
      [0x50, 0x11, 5],
      [0x60, 0x00, 4],
      [0x60, 0x04, 4],
      [0x70, 0x00, 1],
      [0x70, 0x02, 2],
      [0x80, 0x00, 7],
      [0x80, 0x01, 8],
      [0x90, 0x00, 2],
      [0xa0, 0x02, 2],
      [0xb0, 0x00, 3],
    ];
    for (const [id, version, n] of counts)
      expect(gridProfileItemSpecs(id, version)?.length, `${id}/${version}`).toBe(n);
    expect(gridProfileItemSpecs(0x00, 0x04)).toBeUndefined();
    expect(gridProfileItemSpecs(0xc0, 0x00)).toBeUndefined();
    // RVHF keeps its odd ÷10.
    expect(gridProfileItemSpecs(0x50, 0x01)?.at(-1)).toMatchObject({ key: 'RVHF', divisor: 10, unit: 'Hz' });
  });
});

describe('grid profile empty and validity', () => {
  it('an all-zero buffer is the empty profile, whatever its length', () => {
    for (const n of [0, 1, 6, 22, 141]) {
      expect(unwrap(decodeGridProfile(new Uint8Array(n)))).toEqual({
        name: 'Unknown',
        version: '0.0.0',
        sections: [],
      });
    }
    expect(emptyGridProfile()).toEqual({ name: 'Unknown', version: '0.0.0', sections: [] });
  });

  it('counts as received with more than 6 bytes', () => {
    expect(isGridProfileValid(new Uint8Array(6))).toBe(false);
    expect(isGridProfileValid(hex(vectors[0]!.raw))).toBe(true);
  });

  it('a header-only profile has no sections', () => {
    const p = unwrap(decodeGridProfile(withCrc(hex('03 01 10 00'))));
    expect(p).toEqual({ name: 'DE - DE_VDE4105_2011', version: '1.0.0', sections: [] });
  });
});

describe('robust parsing (the OpenDTU quirk "grid profile parsing past an unknown section" (docs/compatibility.md) not mimicked)', () => {
  const voltage = '00 00 08 FC 07 30 00 1E 09 E2 00 01';

  it('stops at an unknown version of a known section and omits it', () => {
    // Skipping just the unknown header would parse the island-detection section after it.
    const raw = withCrc(hex(`0A 00 21 03 ${voltage} 20 05 20 00 00 01`));
    const p = unwrap(decodeGridProfile(raw));
    expect(p.sections.map((s) => s.name)).toEqual(['Voltage (H/LVRT)']);
  });

  it('stops at an unknown section id', () => {
    const raw = withCrc(hex(`0A 00 21 03 20 00 00 01 C0 00 ${voltage}`));
    const p = unwrap(decodeGridProfile(raw));
    expect(p.sections.map((s) => s.name)).toEqual(['Island Detection (ID)']);
  });

  it('never reads values or a section header from the CRC bytes', () => {
    // Voltage v0x00 needs 10 value bytes; only 6 are there before the CRC.
    const cut = withCrc(hex('0A 00 21 03 20 00 00 01 00 00 08 FC 07 30 00 1E'));
    expect(unwrap(decodeGridProfileData(cut)).sections).toEqual([{ id: 0x20, version: 0, values: [1] }]);
    // A CRC whose first byte is a section id (0x20, island detection v0) adds nothing.
    const base = hex('0A 00 21 03 20 00 00 00');
    let found: Uint8Array | undefined;
    for (let v = 0; v < 65536 && found === undefined; v++) {
      base[6] = v >> 8;
      base[7] = v & 0xff;
      const raw = withCrc(base);
      if (raw[8] === 0x20 && raw[9] === 0x00) found = raw;
    }
    if (found === undefined) throw new Error('no value gives the CRC 20 00');
    // Reading on into the CRC (and the zeroed buffer after it) would add a second island-detection section.
    expect(unwrap(decodeGridProfileData(found)).sections).toHaveLength(1);
  });

  it('describes only sections the table knows, with matching counts', () => {
    const data: GridProfileData = {
      typeId: 0x0a00,
      version: { major: 1, minor: 0, patch: 0 },
      sections: [
        { id: 0x20, version: 0, values: [1] },
        { id: 0x20, version: 0, values: [1, 2] },
        { id: 0xc0, version: 0, values: [] },
      ],
    };
    expect(describeGridProfile(data).sections).toHaveLength(1);
  });
});

describe('grid profile encode', () => {
  const pairs = Object.entries(gridProfileJson.sections).flatMap(([id, s]) =>
    Object.keys(s.versions).map((v) => ({ id: Number.parseInt(id, 16), version: Number.parseInt(v, 16) })),
  );

  const sectionArb = fc.constantFrom(...pairs).chain(({ id, version }) => {
    const specs = gridProfileItemSpecs(id, version)!;
    return fc
      .tuple(...specs.map(() => fc.integer({ min: -32768, max: 32767 })))
      .map((raws) => ({ id, version, values: raws.map((r, i) => r / specs[i]!.divisor) }));
  });

  const dataArb: fc.Arbitrary<GridProfileData> = fc.record({
    typeId: fc.integer({ min: 0, max: 0xffff }),
    version: fc.record({
      major: fc.integer({ min: 0, max: 15 }),
      minor: fc.integer({ min: 0, max: 15 }),
      patch: fc.integer({ min: 0, max: 255 }),
    }),
    sections: fc.array(sectionArb, { maxLength: 8 }),
  });

  it('encode → decode gives back ids and values within the resolution', () => {
    fc.assert(
      fc.property(dataArb, (data) => {
        const encoded = encodeGridProfile(data);
        const length = 4 + data.sections.reduce((n, s) => n + 2 + 2 * s.values.length, 0) + 2;
        if (length > 141) {
          expect(encoded.ok ? 'ok' : encoded.error.code).toBe('invalid-value');
          return;
        }
        const raw = unwrap(encoded);
        expect(raw.length).toBe(length);
        const back = unwrap(decodeGridProfileData(raw));
        // An all-zero encoding (type 0, version 0.0.0, no sections) cannot happen: the CRC is not 00 00.
        expect(back).toEqual(data);
      }),
      { numRuns: 300 },
    );
  });

  it('rounds physical values to the item resolution', () => {
    const raw = unwrap(
      encodeGridProfile({
        typeId: 0x0a00,
        version: { major: 2, minor: 1, patch: 3 },
        sections: [{ id: 0x00, version: 0, values: [230.04, 184, 3, 253, 0.1] }],
      }),
    );
    expect(unwrap(decodeGridProfileData(raw)).sections[0]?.values[0]).toBe(230);
  });

  it('refuses what no inverter sends', () => {
    const base: GridProfileData = { typeId: 0x0300, version: { major: 1, minor: 0, patch: 2 }, sections: [] };
    const bad: GridProfileData[] = [
      { ...base, sections: [{ id: 0x00, version: 0x04, values: [] }] },
      { ...base, sections: [{ id: 0xc0, version: 0x00, values: [] }] },
      { ...base, sections: [{ id: 0x20, version: 0x00, values: [1, 1] }] },
      { ...base, sections: [{ id: 0x00, version: 0x00, values: [3276.8, 0, 0, 0, 0] }] },
      { ...base, typeId: 0x10000 },
      { ...base, version: { major: 16, minor: 0, patch: 0 } },
      {
        ...base,
        sections: Array.from({ length: 6 }, () => ({ id: 0x00, version: 0x35, values: Array(13).fill(0) })),
      },
    ];
    for (const d of bad) {
      const r = encodeGridProfile(d);
      expect(r.ok ? 'ok' : r.error.code).toBe('invalid-value');
    }
  });
});

describe('grid profile malformed input', () => {
  const raw = hex(vectors[1]!.raw);

  it('rejects a bad CRC16', () => {
    for (let i = 0; i < raw.length; i += 7) {
      const bad = raw.slice();
      bad[i]! ^= 0x20;
      const r = decodeGridProfile(bad);
      expect(r.ok ? 'ok' : r.error.code).toBe('bad-crc16');
    }
  });

  it('rejects a truncation (as received, its last two bytes are no CRC)', () => {
    for (let len = 1; len < raw.length; len++) {
      const r = decodeGridProfile(raw.subarray(0, len));
      expect(r.ok ? 'ok' : r.error.code, `length ${len}`).toMatch(/^(bad-crc16|truncated-payload)$/);
    }
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 160 }), fc.boolean(), (bytes, seal) => {
        const r = decodeGridProfile(seal ? withCrc(bytes) : bytes);
        if (!r.ok) expect(['truncated-payload', 'bad-crc16']).toContain(r.error.code);
      }),
    );
  });
});
