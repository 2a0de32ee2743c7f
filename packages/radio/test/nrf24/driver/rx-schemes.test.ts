/**
 * The nRF24 receive schemes through the chip model: a far side that answers in a way only one scheme
 * catches, each scheme on its own, and auto falling back to the blind hop (and staying on the dwell scheme
 * when that one hears the answers). The channel list is written here from the protocol, not taken from
 * the driver: 2403, 2423, 2440, 2461 and 2475 MHz.
 */
import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import {
  answerComplete,
  DWELL_RATE_FLOOR,
  MIN_BLIND_LISTENS,
  MIN_DWELL_LISTENS,
  PROBE_EVERY,
  type RxSchemeChoice,
  RxSchemeChooser,
} from '../../../src/nrf24/driver/rx-schemes';
import { DTU_SERIAL, INVERTER_SERIAL, rig, run, T0 } from './harness';

const CHANNELS = [3, 23, 40, 61, 75];
/** The answer on the channel right after the request's, early and quick: only a receiver that starts there hears it. */
const nextChannelEarly = {
  answerChannel: (ch: number) => CHANNELS[(CHANNELS.indexOf(ch) + 1) % 5]!,
  answerDelayMs: 1,
  fragmentGapMs: 1.2,
};
/** The answer two channels on, late: a receiver that stays there hears it, one that hops on misses it. */
const secondChannelLate = {
  answerChannel: (ch: number) => CHANNELS[(CHANNELS.indexOf(ch) + 2) % 5]!,
  answerDelayMs: 8.5,
  fragmentGapMs: 1.5,
};

function exchanges(scheme: RxSchemeChoice, far: typeof nextChannelEarly) {
  const r = rig({ rxScheme: scheme, far });
  return {
    ...r,
    async send(count: number): Promise<number[]> {
      const heard: number[] = [];
      for (let i = 0; i < count; i++) {
        const frame = buildDataRequest({
          inverter: INVERTER_SERIAL,
          dtu: DTU_SERIAL,
          dataType: DataType.RunData,
          time: T0 / 1000 + i,
        });
        const frames = await run(r.clock, r.radio.transmit({ radio: 'NRF24', frame, windowMs: 60 }));
        heard.push(frames.length);
      }
      return heard;
    },
  };
}

describe('nRF24 receive schemes against a far side only one of them hears', () => {
  it('answers on the next channel, early: the blind hop hears them, the dwell scheme does not', async () => {
    const dwell = exchanges('dwell', nextChannelEarly);
    expect(await dwell.send(5)).toEqual([0, 0, 0, 0, 0]);
    const blind = exchanges('blind-hop', nextChannelEarly);
    expect(await blind.send(5)).toEqual([3, 3, 3, 3, 3]);
    const report = blind.radio.rxSchemes();
    expect(report.counts['blind-hop']).toMatchObject({ listens: 5, ackedListens: 5, answered: 5 });
    expect(report.counts.dwell.listens).toBe(0);
    expect(dwell.model.errors).toEqual([]);
    expect(blind.model.errors).toEqual([]);
  });

  it('answers two channels on, late: the dwell scheme hears every fragment, the blind hop none', async () => {
    const dwell = exchanges('dwell', secondChannelLate);
    expect(await dwell.send(3)).toEqual([3, 3, 3]);
    const blind = exchanges('blind-hop', secondChannelLate);
    expect(await blind.send(3)).toEqual([0, 0, 0]);
    expect(blind.radio.rxSchemes().rates['blind-hop']).toBe(0);
  });

  it('auto falls back to the blind hop by itself when the dwell scheme goes unanswered, and counts both', async () => {
    const auto = exchanges('auto', nextChannelEarly);
    const heard = await auto.send(MIN_DWELL_LISTENS + 10);
    const report = auto.radio.rxSchemes();
    expect(report.active).toBe('blind-hop');
    expect(report.fallbacks).toBe(1);
    expect(report.counts.dwell.answered).toBe(0);
    expect(report.counts['blind-hop'].answered).toBeGreaterThan(0);
    // After the fallback every listen but the dwell probes hears the whole answer.
    expect(heard.slice(-5).filter((n) => n === 3).length).toBeGreaterThanOrEqual(4);
    expect(auto.model.errors).toEqual([]);
  });

  it('auto stays on the dwell scheme while it hears more than the blind hop', async () => {
    const auto = exchanges('auto', secondChannelLate);
    await auto.send(MIN_DWELL_LISTENS + 12);
    const report = auto.radio.rxSchemes();
    expect(report.active).toBe('dwell');
    expect(report.fallbacks).toBe(0);
    // The probes ran with the blind hop and heard nothing.
    expect(report.counts['blind-hop'].listens).toBe(Math.floor((MIN_DWELL_LISTENS + 12) / PROBE_EVERY));
    expect(report.counts['blind-hop'].answered).toBe(0);
    expect(report.rates.dwell).toBe(1);
  });
});

describe('the blind hop on the chip', () => {
  it('moves on every 4 ms over all five channels, starting one after the send channel', async () => {
    const r = exchanges('blind-hop', secondChannelLate);
    await r.send(1);
    const writes = r.trace.lines
      .map((line) => /^\s*([\d.]+) W RF_CH ([0-9a-f]{2})/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ at: Number(m[1]), channel: Number.parseInt(m[2]!, 16) }));
    // The send on 3, then the receiver on 23, 40, 61, 75, 3, 23, ... every 4 ms.
    expect(writes[0]!.channel).toBe(3);
    const hops = writes.slice(1);
    expect(hops.slice(0, 7).map((w) => w.channel)).toEqual([23, 40, 61, 75, 3, 23, 40]);
    for (let i = 2; i < hops.length; i++) expect(hops[i]!.at - hops[i - 1]!.at).toBeCloseTo(4, 6);
    expect(r.model.errors).toEqual([]);
  });
});

describe('the fallback rule', () => {
  /** Feeds `n` acknowledged listens of `scheme`, whole answers where `answered(i)`. */
  function feed(
    chooser: RxSchemeChooser,
    scheme: 'dwell' | 'blind-hop',
    n: number,
    answered: (i: number) => boolean,
  ) {
    for (let i = 0; i < n; i++) chooser.record(scheme, true, answered(i) ? 3 : 0, answered(i));
  }

  it('probes the other scheme every tenth listen, but never on a control frame', () => {
    const probing = new RxSchemeChooser('auto');
    const schemes = Array.from({ length: 20 }, () => probing.next());
    expect(schemes.filter((scheme) => scheme === 'blind-hop')).toHaveLength(2);
    const commanding = new RxSchemeChooser('auto');
    expect(Array.from({ length: 20 }, () => commanding.next(false)).every((s) => s === 'dwell')).toBe(true);
  });

  it('judges the dwell scheme only after enough listens', () => {
    const chooser = new RxSchemeChooser('auto');
    feed(chooser, 'dwell', MIN_DWELL_LISTENS - 1, () => false);
    expect(chooser.report().active).toBe('dwell');
    feed(chooser, 'dwell', 1, () => false);
    expect(chooser.report().active).toBe('blind-hop');
  });

  it('below the floor it tries the blind hop, and comes back when the blind hop hears no more (night)', () => {
    const chooser = new RxSchemeChooser('auto');
    // Just under the floor: 9 of 20.
    feed(chooser, 'dwell', MIN_DWELL_LISTENS, (i) => i < DWELL_RATE_FLOOR * MIN_DWELL_LISTENS - 1);
    expect(chooser.report().active).toBe('blind-hop');
    feed(chooser, 'blind-hop', MIN_BLIND_LISTENS, () => true);
    feed(chooser, 'dwell', 1, () => false);
    expect(chooser.report().active).toBe('blind-hop');
    // Another chooser: nothing answers either scheme.
    const night = new RxSchemeChooser('auto');
    feed(night, 'dwell', MIN_DWELL_LISTENS, () => false);
    expect(night.report().active).toBe('blind-hop');
    feed(night, 'blind-hop', MIN_BLIND_LISTENS, () => false);
    expect(night.report().active).toBe('dwell');
  });

  it('falls back when the blind hop hears more, though the dwell scheme is above the floor', () => {
    const chooser = new RxSchemeChooser('auto');
    feed(chooser, 'dwell', MIN_DWELL_LISTENS, (i) => i % 4 !== 0); // 75 %
    expect(chooser.report().active).toBe('dwell');
    feed(chooser, 'blind-hop', MIN_BLIND_LISTENS, () => true); // 100 %
    expect(chooser.report().active).toBe('blind-hop');
    // And back when the dwell scheme hears every answer again.
    feed(chooser, 'dwell', MIN_DWELL_LISTENS, () => true);
    expect(chooser.report().active).toBe('dwell');
  });

  it('a listen after an unacknowledged send counts, but not towards a rate', () => {
    const chooser = new RxSchemeChooser('auto');
    for (let i = 0; i < 30; i++) chooser.record('dwell', false, 0, false);
    const report = chooser.report();
    expect(report.active).toBe('dwell');
    expect(report.counts.dwell).toEqual({ listens: 30, ackedListens: 0, answered: 0, frames: 0 });
    expect(report.rates.dwell).toBeUndefined();
  });

  it('a fixed choice never changes and never probes', () => {
    const chooser = new RxSchemeChooser('dwell');
    for (let i = 0; i < 25; i++) expect(chooser.next()).toBe('dwell');
    feed(chooser, 'dwell', 30, () => false);
    expect(chooser.report().active).toBe('dwell');
  });
});

describe('a whole answer', () => {
  const fragment = (n: number) => Uint8Array.of(0x95, 0, 0, 0, 0, 0, 0, 0, 0, n, 0);
  const request = new Uint8Array(27);
  const reRequest = Uint8Array.of(0x15, 0, 0, 0, 0, 0, 0, 0, 0, 0x82, 0);

  it('needs the last fragment (bit 7) and every number below it', () => {
    expect(answerComplete(request, [fragment(1), fragment(2), fragment(0x83)])).toBe(true);
    expect(answerComplete(request, [fragment(0x83), fragment(1), fragment(2)])).toBe(true);
    expect(answerComplete(request, [fragment(1), fragment(0x83)])).toBe(false);
    expect(answerComplete(request, [fragment(1), fragment(2)])).toBe(false);
    expect(answerComplete(request, [])).toBe(false);
  });

  it('for a re-request, the fragment asked for', () => {
    expect(answerComplete(reRequest, [fragment(2)])).toBe(true);
    expect(answerComplete(reRequest, [fragment(0x82)])).toBe(true);
    expect(answerComplete(reRequest, [fragment(3)])).toBe(false);
  });
});
