/** The engine's own transaction (fragments, re-requests, statistics) running through driver and model. */
import { ok } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { DTU, INVERTER, rig } from '../../../../radio/test/cmt2300a/driver/rig';
import { RadioStatistics } from '../../../src/engine/radio-stats';
import { runTransaction } from '../../../src/engine/transaction';

describe('CMT2300A driver under the engine transaction', () => {
  it('completes a multi-fragment answer, re-requesting a fragment lost on the air, and records the RSSI', async () => {
    let dropped = false;
    const r = rig({
      inverter: { payloadBytes: 60 },
      farSide: {
        rssiDbm: -71,
        drop: (_f, i) => {
          if (i !== 2 || dropped) return false;
          dropped = true;
          return true;
        },
      },
    });
    const stats = new RadioStatistics();
    const result = await r.settle(
      runTransaction(
        { radio: r.radio, clock: r.clock, stats },
        {
          radio: 'CMT',
          frame: r.dataRequest(),
          windowMs: 500,
          responseCommand: 0x95,
          inverter: INVERTER,
          dtu: DTU,
          decode: (payload) => ok(payload),
        },
      ),
    );
    expect(result.ok).toBe(true);
    expect(r.inverter.requests.map((q) => q.kind)).toEqual(['data', 'rerequest']);
    expect(stats.value).toMatchObject({ tx_request: 1, tx_re_request: 1, rx_success: 1, rssi: -71 });
    expect(r.model.errors).toEqual([]);
  });
});
