import { runDataFieldInfo } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { AC_FIELDS, DC_FIELDS, INV_FIELDS, LIVE_FIELDS, roundTo } from '../../src/output/fields';
import { inverterDetailJson } from '../../src/output/live-json';
import { renderMetrics } from '../../src/output/prometheus';
import { HM800, harness } from '../engine/harness';
import { globalFacts } from '../helpers/global-facts';
import { hm800Vector2 } from '../helpers/live-states';

describe('field catalogue', () => {
  it('lists the live-data channels in wire order with the protocol table’s names, units and decimals', () => {
    expect(AC_FIELDS.map((f) => f.name)).toEqual([
      'Power',
      'Voltage',
      'Current',
      'Frequency',
      'PowerFactor',
      'ReactivePower',
    ]);
    expect(DC_FIELDS.map((f) => f.name)).toEqual([
      'Power',
      'Voltage',
      'Current',
      'YieldDay',
      'YieldTotal',
      'Irradiation',
    ]);
    expect(INV_FIELDS.map((f) => f.compactName)).toEqual([
      'PowerDC',
      'YieldDay',
      'YieldTotal',
      'Temperature',
      'Efficiency',
    ]);
    for (const f of LIVE_FIELDS) {
      expect(runDataFieldInfo(f.kind, f.key)).toEqual({ name: f.name, unit: f.unit, digits: f.digits });
    }
  });

  it('is what live data and Prometheus both print', async () => {
    const h = harness({ inverters: [{ serial: HM800, name: 'Roof' }] });
    const fake = h.radio.add(HM800);
    fake.state = hm800Vector2();
    await h.engine.start();
    await h.clock.advance(1_000);
    await h.engine.stop();
    const inv = h.live.inverter(HM800)!;
    const detail = inverterDetailJson(h.live, inv);
    const metrics = renderMetrics(globalFacts(), h.live);
    for (const f of AC_FIELDS) {
      const value = roundTo(f.read(inv, 0), f.digits);
      expect(detail.AC['0']).toHaveProperty(f.name, { v: value, u: f.unit, d: f.digits });
      expect(metrics).toContain(
        `opendtu_${f.compactName}{serial="${HM800}",unit="0",name="${inv.name}",type="AC",channel="0"} ${value.toFixed(f.digits)}`,
      );
    }
  });
});
