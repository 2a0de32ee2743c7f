/**
 * Golden SPI traces: the exact register, FIFO and line traffic of init, send and receive, compared with
 * the checked-in files next to this test. A change to the byte sequence shows up in review as a diff of
 * these files (regenerate with UPDATE_TRACES=1 after checking the change is meant).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rig } from './rig';
import { expectedTrace } from './trace';

const file = (name: string) => fileURLToPath(new URL(`./traces/${name}`, import.meta.url));

describe('CMT2300A golden traces', () => {
  it('init, send and receive (FCSB on its own chip select, GPIO2/GPIO3 wired)', async () => {
    const r = rig({ inverter: { payloadBytes: 14 } });
    await r.settle(Promise.resolve(r.radio.start()));
    const init = r.trace.take();
    expect(init).toEqual(expectedTrace(file('init.trace'), init));

    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 100 }));
    const exchange = r.trace.take();
    const rx = exchange.indexOf('W 60 08');
    const send = exchange.slice(0, rx);
    const receive = exchange.slice(rx);
    expect(send).toEqual(expectedTrace(file('send.trace'), send));
    expect(receive).toEqual(expectedTrace(file('receive.trace'), receive));
    expect(r.model.errors).toEqual([]);
  });

  it('a FIFO byte with FCSB on a GPIO line is framed by the line', async () => {
    const r = rig({ fifo: 'gpio' });
    await r.settle(Promise.resolve(r.radio.start()));
    r.trace.take();
    await r.settle(r.radio.transmit({ radio: 'CMT', frame: r.dataRequest(), windowMs: 100 }));
    const lines = r.trace.take();
    const first = lines.findIndex((l) => l.startsWith('F<'));
    expect(lines.slice(first - 1, first + 3)).toEqual(['FCSB 0', 'F< 15', 'FCSB 1', 'FCSB 0']);
  });
});
