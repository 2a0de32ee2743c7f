import { describe, expect, it } from 'vitest';
import { engineSettings, inverterSettings } from '../../src/engine/settings';
import { type HintInputs, livedataStatusJson } from '../../src/output/live-json';
import { LivedataStatusText } from '../../src/output/live-status-text';
import { HM400, HM800, HMS800, harness } from '../engine/harness';

const HINTS: HintInputs = { defaultPassword: true, radioSimulated: true };

/** A name that looks like the age fields once serialized, to prove they are found only where they belong. */
const TRICKY_NAME = 'Roof ","data_age":1,"data_age_ms":1 \u00e9\u2603';

function plant() {
  const h = harness({
    inverters: [
      { serial: HM800, name: TRICKY_NAME },
      { serial: HMS800, name: 'Shed', order: 5 },
    ],
  });
  h.radio.add(HM800);
  h.radio.add(HMS800, { online: false });
  return h;
}

describe('LivedataStatusText', () => {
  it('prints exactly what the mapper builds, as the clock runs and the plant changes', async () => {
    const h = plant();
    const text = new LivedataStatusText(h.live);
    const expectSame = (hints: HintInputs = HINTS) =>
      expect(text.text(hints)).toBe(JSON.stringify(livedataStatusJson(h.live, hints)));

    expectSame();
    await h.engine.start();
    for (let step = 0; step < 12; step++) {
      // Odd steps: the engine has polled (new snapshots, radio stats, totals); in between only time passes.
      await h.clock.advance(step % 2 === 0 ? 2_500 : 1_234);
      expectSame();
    }
    expectSame({ defaultPassword: false, radioSimulated: false });
    expectSame({ defaultPassword: false, pinMappingIssue: true });
    expectSame();

    h.live.setSystem({ timeSynchronised: false });
    expectSame();

    h.engine.applySettings(
      engineSettings({
        dtu: { pollIntervalS: 5 },
        inverters: [
          inverterSettings({ id: 0, order: 0, serial: HM800, name: 'Renamed' }),
          inverterSettings({ id: 1, order: 1, serial: HM400, name: 'New' }),
        ],
      }),
    );
    expectSame();
    await h.clock.advance(7_000);
    expectSame();
    await h.engine.stop();
  });

  it('moves only the data ages between two writes', async () => {
    const h = plant();
    await h.engine.start();
    await h.clock.advance(6_000);
    await h.engine.stop();
    const text = new LivedataStatusText(h.live);
    const before = JSON.parse(text.text(HINTS));
    await h.clock.advance(3_500);
    const after = JSON.parse(text.text(HINTS));
    for (const [i, entry] of after.inverters.entries()) {
      expect(entry.data_age_ms - before.inverters[i].data_age_ms).toBe(3_500);
      expect(entry.data_age).toBe(Math.floor(entry.data_age_ms / 1000));
      expect({ ...entry, data_age: 0, data_age_ms: 0 }).toEqual({
        ...before.inverters[i],
        data_age: 0,
        data_age_ms: 0,
      });
    }
    expect(after.inverters[0].name).toBe(TRICKY_NAME);
  });

  it('prints each ?inv= answer exactly as the mapper builds it, as the clock runs and the plant changes', async () => {
    const h = harness({
      inverters: [
        {
          serial: HM800,
          name: TRICKY_NAME,
          // A string name that looks like the age fields too, and a max power (Irradiation shown).
          channels: [
            { name: '","data_age":2,"data_age_ms":2', max_power: 400, yield_total_offset: 0 },
            { name: 'East', max_power: 0, yield_total_offset: 1.5 },
          ],
        },
        { serial: HMS800, name: 'Shed', order: 5 },
      ],
    });
    h.radio.add(HM800);
    h.radio.add(HMS800, { online: false });
    const text = new LivedataStatusText(h.live);
    // Known serials in other spellings, an unknown one, zero (the list) and the list itself.
    const asked = [HM800, HMS800, `00${HM800}`, HMS800.toLowerCase(), HM400, '0', undefined];
    const expectSame = (hints: HintInputs = HINTS) => {
      for (const inv of asked) {
        const fresh = JSON.stringify(
          livedataStatusJson(h.live, inv === undefined ? hints : { ...hints, inv }),
        );
        expect(text.text(hints, inv), `inv=${inv}`).toBe(fresh);
      }
    };

    expectSame();
    await h.engine.start();
    for (let step = 0; step < 12; step++) {
      // Even steps: the engine has polled; odd ones: only time passes (asked twice, the kept text serves).
      await h.clock.advance(step % 2 === 0 ? 2_500 : 1_234);
      expectSame();
      expectSame();
    }
    expect(JSON.parse(text.text(HINTS, HM800)).inverters[0].DC['0'].Irradiation).toBeDefined();
    expectSame({ defaultPassword: false, radioSimulated: false });
    expectSame({ defaultPassword: false, pinMappingIssue: true });
    expectSame();

    h.live.setSystem({ timeSynchronised: false });
    expectSame();

    h.engine.applySettings(
      engineSettings({
        dtu: { pollIntervalS: 5 },
        inverters: [
          inverterSettings({ id: 0, order: 0, serial: HM800, name: 'Renamed' }),
          inverterSettings({ id: 1, order: 1, serial: HM400, name: 'New' }),
        ],
      }),
    );
    expectSame();
    expect(JSON.parse(text.text(HINTS, HM800)).inverters[0].name).toBe('Renamed');
    expect(JSON.parse(text.text(HINTS, HMS800)).inverters).toEqual([]);
    await h.clock.advance(7_000);
    expectSame();
    await h.engine.stop();
  });

  it('moves only the data ages of a detail answer between two writes', async () => {
    const h = plant();
    await h.engine.start();
    await h.clock.advance(6_000);
    await h.engine.stop();
    const text = new LivedataStatusText(h.live);
    const before = JSON.parse(text.text(HINTS, HM800)).inverters[0];
    await h.clock.advance(3_500);
    const after = JSON.parse(text.text(HINTS, HM800)).inverters[0];
    expect(after.data_age_ms - before.data_age_ms).toBe(3_500);
    expect(after.data_age).toBe(Math.floor(after.data_age_ms / 1000));
    expect({ ...after, data_age: 0, data_age_ms: 0 }).toEqual({ ...before, data_age: 0, data_age_ms: 0 });
    expect(after.AC).toBeDefined();
  });

  it('answers an empty plant', () => {
    const h = harness();
    const text = new LivedataStatusText(h.live);
    expect(text.text(HINTS)).toBe(JSON.stringify(livedataStatusJson(h.live, HINTS)));
    expect(JSON.parse(text.text(HINTS)).inverters).toEqual([]);
    for (const inv of [HM800, '0']) {
      expect(text.text(HINTS, inv)).toBe(JSON.stringify(livedataStatusJson(h.live, { ...HINTS, inv })));
    }
  });
});
