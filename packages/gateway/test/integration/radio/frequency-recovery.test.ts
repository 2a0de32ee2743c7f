/**
 * HMS/HMT frequency recovery through the chip models: an HMS that "another DTU" moved to another
 * frequency (and keeps there) is searched for across the band, found within the bound, moved back, and
 * its data flows again; the HM on the nRF24 is polled all the while. Then the memory and the back-off.
 */
import { cmtCountry } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import {
  type FrequencyMemory,
  SEARCH_BACKOFF,
  SEARCH_LIMIT_MS,
  searchOrder,
} from '../../../src/engine/frequency-search';
import { radioInverterDiagnostics } from '../../../src/routes/system-radio';
import { HM, HMS, HOUR, MINUTE, modelStack, NOON } from './stack';

const DTU_HZ = 865_000_000;
/** Far from the DTU frequency: near the end of the search. */
const ELSEWHERE_HZ = 869_500_000;

function memory(): FrequencyMemory & { saved: Map<string, number> } {
  const saved = new Map<string, number>();
  return { saved, get: (serial) => saved.get(serial), set: (serial, hz) => saved.set(serial, hz) };
}

describe('HMS/HMT frequency recovery through the chip models', () => {
  it('finds an HMS another DTU moved, within the bound, moves it back, and its data flows again', async () => {
    const found = memory();
    const s = modelStack({ frequencyMemory: found });
    await s.startFor(MINUTE);
    expect(s.live.inverter(HMS)!.hasData).toBe(true);
    expect(s.live.inverter(HMS)!.cmtFrequency?.state).toBe('on-frequency');

    s.model.plant.setInverterFault(HMS, { movedByAnotherDtuHz: ELSEWHERE_HZ });
    const movedAt = s.clock.now();
    let searching = false;
    let hmStale = 0;
    while (s.clock.now() - movedAt < SEARCH_LIMIT_MS) {
      await s.clock.advance(5000);
      const hms = s.live.inverter(HMS)!;
      if (hms.cmtFrequency?.state === 'searching') searching = true;
      // The HM keeps its polls between the search's steps.
      hmStale = Math.max(hmStale, s.clock.now() - s.live.inverter(HM)!.lastUpdateEpochMs);
      if (hms.cmtFrequency?.state === 'found' && s.clock.now() - hms.lastUpdateEpochMs < 10_000) break;
    }
    const hms = s.live.inverter(HMS)!;
    expect(searching).toBe(true);
    expect(hms.cmtFrequency).toMatchObject({ state: 'found', foundHz: ELSEWHERE_HZ });
    expect(s.clock.now() - movedAt).toBeLessThan(SEARCH_LIMIT_MS);
    expect(s.clock.now() - hms.lastUpdateEpochMs).toBeLessThan(10_000);
    expect(s.model.plant.inspect(HMS)!.frequency?.listenHz).toBe(DTU_HZ);
    expect(hmStale).toBeLessThan(30_000);
    // The channel change went out where it was found.
    expect(s.channelChanges()).toContain(ELSEWHERE_HZ);
    expect(found.saved.get(HMS)).toBe(ELSEWHERE_HZ);
    // What system status says.
    expect(radioInverterDiagnostics(s.live.inverters()).find((i) => i.serial === HMS)?.frequency).toEqual({
      state: 'found',
      found_hz: ELSEWHERE_HZ,
      tried_hz: null,
      next_search_at: null,
    });
    await s.stopFor(1000);
  });

  it('does not search at night, when an HMS is silent because it sleeps', async () => {
    // 01:00 CEST: past nautical dusk even at midsummer (the default sunset type).
    const s = modelStack({ start: NOON + 13 * HOUR });
    await s.startFor(30 * MINUTE);
    expect(s.live.inverter(HMS)!.reachable).toBe(false);
    expect(s.live.inverter(HMS)!.cmtFrequency?.state).toBe('on-frequency');
    expect(
      s.sent.filter((r) => r.frame[0] === 0x15 && r.frequencyHz !== undefined && r.frequencyHz !== DTU_HZ),
    ).toEqual([]);
    await s.stopFor(1000);
  });

  it('searches where it was found last first', () => {
    const dtu = modelStack().settings.dtu;
    const order = searchOrder(dtu, ELSEWHERE_HZ);
    const eu = cmtCountry('EU')!;
    expect(order[0]).toBe(ELSEWHERE_HZ);
    expect(order[1]).toBe(eu.startupFrequencyHz);
    expect(order).not.toContain(DTU_HZ);
    expect(Math.min(...order)).toBeGreaterThanOrEqual(eu.freqLegalMinHz);
    expect(Math.max(...order)).toBeLessThanOrEqual(eu.freqLegalMaxHz);
    expect(new Set(order).size).toBe(order.length);
  });

  it('says not found when the band is silent, and waits its back-off before the next search', async () => {
    const s = modelStack();
    await s.startFor(MINUTE);
    s.model.plant.setInverterFault(HMS, { silent: true });
    const start = s.clock.now();
    while (
      s.live.inverter(HMS)!.cmtFrequency?.state !== 'not-found' &&
      s.clock.now() - start < 2 * SEARCH_LIMIT_MS
    ) {
      await s.clock.advance(5000);
    }
    const status = s.live.inverter(HMS)!.cmtFrequency!;
    expect(status.state).toBe('not-found');
    expect(status.nextSearchAt! - s.clock.now()).toBeGreaterThan(SEARCH_BACKOFF.base - 10_000);
    const searches = () =>
      s.sent.filter(
        (r) =>
          r.radio === 'CMT' && r.frequencyHz !== undefined && r.frequencyHz !== DTU_HZ && r.frame[0] === 0x15,
      ).length;
    const before = searches();
    await s.clock.advance(SEARCH_BACKOFF.base - 60_000);
    expect(searches()).toBe(before);
    expect(s.live.inverter(HM)!.hasData).toBe(true);
    await s.stopFor(1000);
  });
});
