import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import inverterTypes from '../../data/inverter-types.json';
import runtime from '../../data/runtime-fields.json';
import {
  applyYieldOffsets,
  decodeRunData,
  efficiencyPercent,
  encodeRunData,
  irradiationPercent,
  RUN_DATA_DATA_TYPE,
  type RunData,
  type RunDataState,
  runDataFieldInfo,
  runDataFields,
  runDataLayout,
  runDataTotals,
} from '../../src/messages/run-data';
import type { FamilyId } from '../../src/types';
import { close, hex, joinFrames, toHex, withCrc } from '../helpers/hex';

interface Vector {
  family: string;
  description: string;
  stringMaxPowerW: number[];
  payloadWithoutCrc: string;
  payloadCrc16: string;
  responseFrames: string[];
  decoded: {
    channelType: string;
    channel: number;
    name: string;
    value: number;
    unit: string;
    text: string;
  }[];
}

const vectors = runtime.testVectors as Vector[];
const families = inverterTypes.families as {
  id: FamilyId;
  dcInputs: number;
  voltageGroups: number[][];
  runtimePayloadMinLength: number;
  acPhases: number;
}[];

function vectorPayload(v: Vector): Uint8Array {
  return hex(`${v.payloadWithoutCrc} ${v.payloadCrc16}`);
}

describe('run data test vectors (runtime-fields.json)', () => {
  it('has data type 0x0B and all six vectors', () => {
    expect(RUN_DATA_DATA_TYPE).toBe(0x0b);
    expect(vectors).toHaveLength(6);
  });

  for (const v of vectors) {
    describe(`${v.family}: ${v.description}`, () => {
      const family = v.family as FamilyId;
      const payload = vectorPayload(v);

      it('is what the response frames join to, CRC16 included', () => {
        expect(toHex(joinFrames(v.responseFrames))).toBe(toHex(payload));
        expect(toHex(withCrc(hex(v.payloadWithoutCrc)))).toBe(toHex(payload));
      });

      it('decodes every value and display text, derived values included', () => {
        const result = decodeRunData(family, payload);
        if (!result.ok) throw new Error(result.error.message);
        const fields = runDataFields(result.value, v.stringMaxPowerW);
        expect(fields.map((f) => `${f.channelType}${f.channel} ${f.name} [${f.unit}]`)).toEqual(
          v.decoded.map((d) => `${d.channelType}${d.channel} ${d.name} [${d.unit}]`),
        );
        fields.forEach((f, i) => {
          const d = v.decoded[i]!;
          expect(
            close(f.value, d.value),
            `${d.channelType}${d.channel} ${d.name}: ${f.value} vs ${d.value}`,
          ).toBe(true);
          expect(f.text, `${d.channelType}${d.channel} ${d.name}`).toBe(d.text);
        });
      });

      it('encodes the decoded values back to the same bytes', () => {
        const result = decodeRunData(family, payload);
        if (!result.ok) throw new Error(result.error.message);
        expect(toHex(encodeRunData(family, result.value))).toBe(toHex(payload));
      });
    });
  }

  it('gives the worked HM-800 example in the typed shape', () => {
    const v = vectors.find((x) => x.family === 'HM_2CH')!;
    const result = decodeRunData('HM_2CH', vectorPayload(v));
    if (!result.ok) throw new Error(result.error.message);
    const d = result.value;
    expect(d.dc[0]).toEqual({
      voltage: 33.5,
      current: 7.15,
      power: 239.6,
      yieldDay: 1234,
      yieldTotal: 1567.891,
    });
    expect(d.ac.reactivePower).toBe(-2.3);
    expect(d.temperature).toBe(41.3);
    expect(d.eventLogCount).toBe(7);
    expect(d.phases).toBeNull();
    const totals = runDataTotals(d, [400, 400]);
    expect(totals.powerDc).toBeCloseTo(477.6, 9);
    expect(totals.yieldDay).toBe(2435);
    expect(totals.yieldTotal).toBeCloseTo(3111.893, 9);
    expect(totals.efficiency).toBeCloseTo(95.28894, 4);
    expect(totals.irradiation).toEqual([59.9, 59.5]);
  });

  it('HMT_6CH: AC voltage aliases Ph1-Ph2 and AC current sums the phases', () => {
    const v = vectors.find((x) => x.family === 'HMT_6CH')!;
    const result = decodeRunData('HMT_6CH', vectorPayload(v));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.ac.voltage).toBe(400.2);
    expect(result.value.ac.current).toBeCloseTo(7.86, 9);
    expect(result.value.phases?.voltageToNeutral).toEqual([231, 232.1, 230.4]);
  });
});

describe('run data layouts', () => {
  for (const fam of families) {
    it(`${fam.id} agrees with inverter-types.json`, () => {
      const layout = runDataLayout(fam.id)!;
      expect(layout.dcInputs).toBe(fam.dcInputs);
      expect(layout.openDtuMinLength).toBe(fam.runtimePayloadMinLength);
      // The OpenDTU quirk "run-data length check counts the CRC" (docs/compatibility.md) decision: all fields before the CRC.
      expect(layout.requiredLength).toBe(fam.runtimePayloadMinLength + 2);
      const expectedSource = Array.from({ length: fam.dcInputs }, (_, c) => {
        const group = fam.voltageGroups.find((g) => g.includes(c))!;
        return group[0];
      });
      expect(layout.voltageSource).toEqual(expectedSource);
      expect(layout.fields.some((f) => f.key === 'UAC_1N')).toBe(fam.acPhases === 3);
    });
  }

  it('knows no other family', () => {
    expect(runDataLayout('HM_3CH' as FamilyId)).toBeUndefined();
    const r = decodeRunData('HM_3CH' as FamilyId, new Uint8Array(64));
    expect(r.ok ? '' : r.error.code).toBe('unknown-family');
  });
});

describe('derived values', () => {
  it('irradiation is 0 without a configured max power', () => {
    expect(irradiationPercent(239.6, 400)).toBeCloseTo(59.9, 9);
    expect(irradiationPercent(239.6, 0)).toBe(0);
    expect(irradiationPercent(239.6, -5)).toBe(0);
  });

  it('efficiency is 0 without DC power', () => {
    expect(efficiencyPercent(455.1, 477.6)).toBeCloseTo(95.288945, 5);
    expect(efficiencyPercent(10, 0)).toBe(0);
  });

  it('totals include the per-input yield offsets (worked example)', () => {
    const v = vectors.find((x) => x.family === 'HM_2CH')!;
    const result = decodeRunData('HM_2CH', vectorPayload(v));
    if (!result.ok) throw new Error(result.error.message);
    const corrected = applyYieldOffsets(result.value, { yieldTotalKWh: [0, 120.5], yieldDayWh: [300] });
    expect(corrected.dc[1]!.yieldTotal).toBeCloseTo(1664.502, 9);
    expect(corrected.dc[0]!.yieldDay).toBe(1534);
    const fields = runDataFields(corrected, []);
    const invYt = fields.find((f) => f.channelType === 'INV' && f.key === 'YT')!;
    expect(invYt.text).toBe('3232.393');
    expect(fields.find((f) => f.channelType === 'INV' && f.key === 'YD')!.value).toBe(2735);
    // The original is left alone.
    expect(result.value.dc[1]!.yieldTotal).toBe(1544.002);
  });
});

// --- property-based round trips -------------------------------------------------------------------

const num = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const triple = (min: number, max: number) => fc.tuple(num(min, max), num(min, max), num(min, max));

function stateArb(dcInputs: number, threePhase: boolean): fc.Arbitrary<RunDataState> {
  const dc = fc.record({
    voltage: num(0, 80),
    current: num(0, 20),
    power: num(0, 650),
    yieldDay: num(0, 20000),
    yieldTotal: num(0, 200000),
  });
  return fc.record({
    dc: fc.array(dc, { minLength: dcInputs, maxLength: dcInputs }),
    ac: fc.record({
      voltage: num(180, 260),
      current: num(0, 10),
      power: num(0, 3000),
      reactivePower: num(-300, 300),
      frequency: num(45, 65),
      powerFactor: num(0, 1),
    }),
    phases: threePhase
      ? fc.record({
          voltageToNeutral: triple(200, 260),
          voltageLineToLine: triple(350, 450),
          current: triple(0, 5),
        })
      : fc.constant(null),
    temperature: num(-40, 90),
    eventLogCount: fc.integer({ min: 0, max: 65535 }),
  });
}

/** Half a step of the field's resolution, plus float noise. */
function within(actual: number, expected: number, divisor: number): boolean {
  return Math.abs(actual - expected) <= 0.5 / divisor + 1e-9;
}

function expectRoundTrip(fam: (typeof families)[number], state: RunDataState, decoded: RunData): void {
  const leaders = Array.from(
    { length: fam.dcInputs },
    (_, c) => fam.voltageGroups.find((g) => g.includes(c))![0]!,
  );
  state.dc.forEach((s, c) => {
    const d = decoded.dc[c]!;
    const tag = `${fam.id} DC${c}`;
    expect(within(d.voltage, state.dc[leaders[c]!]!.voltage, 10), `${tag} voltage`).toBe(true);
    expect(within(d.current, s.current, 100), `${tag} current`).toBe(true);
    expect(within(d.power, s.power, 10), `${tag} power`).toBe(true);
    expect(within(d.yieldDay, s.yieldDay, 1), `${tag} yieldDay`).toBe(true);
    expect(within(d.yieldTotal, s.yieldTotal, 1000), `${tag} yieldTotal`).toBe(true);
  });
  expect(within(decoded.ac.power, state.ac.power, 10)).toBe(true);
  expect(within(decoded.ac.frequency, state.ac.frequency, 100)).toBe(true);
  expect(within(decoded.ac.powerFactor, state.ac.powerFactor, 1000)).toBe(true);
  expect(within(decoded.temperature, state.temperature, 10)).toBe(true);
  expect(decoded.eventLogCount).toBe(state.eventLogCount);

  if (fam.id === 'HERF_1CH') {
    // ReactivePower and EventLogCount share bytes 40..41; the counter is what goes on the wire.
    const c = state.eventLogCount;
    expect(decoded.ac.reactivePower).toBeCloseTo((c >= 32768 ? c - 65536 : c) / 10, 9);
  } else {
    expect(within(decoded.ac.reactivePower, state.ac.reactivePower, 10)).toBe(true);
  }

  if (fam.acPhases === 3) {
    const p = state.phases!;
    const dp = decoded.phases!;
    for (let i = 0; i < 3; i++) {
      expect(within(dp.voltageToNeutral[i]!, p.voltageToNeutral[i]!, 10)).toBe(true);
      expect(within(dp.voltageLineToLine[i]!, p.voltageLineToLine[i]!, 10)).toBe(true);
      expect(within(dp.current[i]!, p.current[i]!, 100)).toBe(true);
    }
    expect(within(decoded.ac.voltage, p.voltageLineToLine[0], 10)).toBe(true);
    if (fam.id === 'HMT_6CH') {
      expect(Math.abs(decoded.ac.current - (p.current[0] + p.current[1] + p.current[2]))).toBeLessThan(
        0.0151,
      );
    } else {
      expect(within(decoded.ac.current, p.current[0], 100)).toBe(true);
    }
  } else {
    expect(decoded.phases).toBeNull();
    expect(within(decoded.ac.voltage, state.ac.voltage, 10)).toBe(true);
    expect(within(decoded.ac.current, state.ac.current, 100)).toBe(true);
  }
}

describe('run data encode → decode round trip, every family', () => {
  // The MI record carries no AC power, AC current or total yield: its round trip is in mi.test.ts.
  for (const fam of families.filter((f) => !f.id.startsWith('MI_'))) {
    it(`${fam.id}`, () => {
      fc.assert(
        fc.property(stateArb(fam.dcInputs, fam.acPhases === 3), (state) => {
          const payload = encodeRunData(fam.id, state);
          expect(payload.length).toBe(fam.runtimePayloadMinLength + 2);
          expect(payload[0]).toBe(0x00);
          expect(payload[1]).toBe(0x01);
          const decoded = decodeRunData(fam.id, payload);
          if (!decoded.ok) throw new Error(decoded.error.message);
          expect(decoded.value.family).toBe(fam.id);
          expectRoundTrip(fam, state, decoded.value);
        }),
        { numRuns: 200 },
      );
    });
  }

  it('HMT without phases: made-up symmetric phases keep AC voltage and current', () => {
    const state: RunDataState = {
      dc: [],
      ac: {
        voltage: 400.2,
        current: 7.86,
        power: 1815.6,
        reactivePower: 5.5,
        frequency: 50.02,
        powerFactor: 0.999,
      },
      temperature: 52.3,
      eventLogCount: 0,
    };
    const six = decodeRunData('HMT_6CH', encodeRunData('HMT_6CH', state));
    if (!six.ok) throw new Error(six.error.message);
    expect(six.value.ac.voltage).toBe(400.2);
    expect(six.value.ac.current).toBeCloseTo(7.86, 9);
    expect(six.value.dc).toHaveLength(6);
    const four = decodeRunData('HMT_4CH', encodeRunData('HMT_4CH', state));
    if (!four.ok) throw new Error(four.error.message);
    expect(four.value.ac.current).toBe(7.86);
  });

  it('clamps out-of-range values instead of wrapping', () => {
    const state: RunDataState = {
      dc: [{ voltage: -3, current: 1e9, power: Number.NaN, yieldDay: 70000, yieldTotal: 5e6 }],
      ac: { voltage: 230, current: 1, power: 100, reactivePower: -1e6, frequency: 50, powerFactor: 1 },
      temperature: 5000,
      eventLogCount: 70000,
    };
    const r = decodeRunData('HM_1CH', encodeRunData('HM_1CH', state));
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.dc[0]).toEqual({
      voltage: 0,
      current: 655.35,
      power: 0,
      yieldDay: 65535,
      yieldTotal: 4294967.295,
    });
    expect(r.value.ac.reactivePower).toBe(-3276.8);
    expect(r.value.temperature).toBe(3276.7);
    expect(r.value.eventLogCount).toBe(65535);
  });
});

// --- malformed input ------------------------------------------------------------------------------

describe('run data malformed input', () => {
  const v = vectors.find((x) => x.family === 'HM_2CH')!;
  const payload = vectorPayload(v);

  it('rejects a bad CRC16 anywhere', () => {
    for (let i = 0; i < payload.length; i++) {
      const bad = payload.slice();
      bad[i]! ^= 0x10;
      const r = decodeRunData('HM_2CH', bad);
      expect(r.ok ? 'ok' : r.error.code, `byte ${i}`).toBe('bad-crc16');
    }
  });

  it('rejects every valid-CRC truncation, including the OpenDTU min. length', () => {
    for (let len = 1; len < 42; len++) {
      const r = decodeRunData('HM_2CH', withCrc(payload.subarray(0, len)));
      expect(r.ok ? 'ok' : r.error.code, `data length ${len}`).toBe('truncated-payload');
    }
    // 42 bytes with CRC: the length OpenDTU accepts, where EventLogCount would be the CRC.
    const openDtuMin = withCrc(payload.subarray(0, 40));
    expect(openDtuMin.length).toBe(42);
    const r = decodeRunData('HM_2CH', openDtuMin);
    expect(r.ok ? 'ok' : r.error.code).toBe('truncated-payload');
  });

  it('rejects a payload too short for the family but fine for a smaller one', () => {
    const hm1 = vectorPayload(vectors.find((x) => x.family === 'HM_1CH')!);
    expect(decodeRunData('HM_1CH', hm1).ok).toBe(true);
    for (const family of ['HM_2CH', 'HM_4CH', 'HMS_1CHv2', 'HMS_4CH', 'HMT_4CH', 'HERF_1CH'] as const) {
      const r = decodeRunData(family, hm1);
      expect(r.ok ? 'ok' : r.error.code, family).toBe('truncated-payload');
    }
  });

  it('accepts a longer payload and ignores the extra bytes', () => {
    const longer = withCrc(Uint8Array.from([...payload.subarray(0, -2), 0xaa, 0xbb]));
    const r = decodeRunData('HM_2CH', longer);
    expect(r.ok && r.value.eventLogCount).toBe(7);
  });

  it('rejects empty and CRC-only payloads and non-byte input', () => {
    for (const p of [new Uint8Array(0), new Uint8Array(1), Uint8Array.of(0xff, 0xff)]) {
      const r = decodeRunData('HM_1CH', p);
      expect(r.ok ? 'ok' : r.error.code).toBe('truncated-payload');
    }
    const r = decodeRunData('HM_1CH', [1, 2, 3] as unknown as Uint8Array);
    expect(r.ok ? 'ok' : r.error.code).toBe('invalid-value');
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...families.map((f) => f.id)),
        fc.uint8Array({ maxLength: 120 }),
        fc.boolean(),
        (family, bytes, sealCrc) => {
          const p = sealCrc ? withCrc(bytes) : bytes;
          const r = decodeRunData(family, p);
          if (!r.ok) expect(['truncated-payload', 'bad-crc16']).toContain(r.error.code);
          else expect(p.length).toBeGreaterThanOrEqual(runDataLayout(family)!.requiredLength);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('runDataFieldInfo', () => {
  it('gives the name, unit and decimals every family uses for a field', () => {
    expect(runDataFieldInfo('INV', 'PDC')).toEqual({ name: 'Power DC', unit: 'W', digits: 1 });
    expect(runDataFieldInfo('DC', 'YD')).toEqual({ name: 'YieldDay', unit: 'Wh', digits: 0 });
    expect(runDataFieldInfo('AC', 'PF')).toEqual({ name: 'PowerFactor', unit: '', digits: 3 });
    for (const fam of families) {
      for (const f of runDataLayout(fam.id)!.fields) {
        expect(runDataFieldInfo(f.channelType, f.key)).toEqual({
          name: f.name,
          unit: f.unit,
          digits: f.digits,
        });
      }
    }
  });

  it('refuses a field that no family has on that channel type', () => {
    expect(() => runDataFieldInfo('DC', 'PAC')).toThrow(/no field PAC on DC/);
  });
});
