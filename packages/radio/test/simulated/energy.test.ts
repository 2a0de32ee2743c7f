/** A virtual inverter fed from a DC source (a battery bus) instead of its modules. */
import { LIMIT_RESPONSE, limitResponseMs } from '@dtu-console/contract';
import { buildPowerRequest, LimitType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import type { DcFeed } from '../../src/simulated';
import { DTU_SERIAL, limitRequest, MIDSUMMER, SERIALS, STARTUP_HZ, setup } from './helpers';

const HOUR = 3_600_000;
const battery =
  (voltageV: number, availableW: number): DcFeed =>
  () => ({ voltageV, availableW });

describe('a virtual inverter fed from a battery', () => {
  it('produces at night at the battery voltage, and sleeps again once its modules have it back', async () => {
    const { clock, radio } = setup({ serials: [SERIALS.HM_2CH] });
    // 02:00 at midsummer: the modules give nothing.
    expect(radio.inspect(SERIALS.HM_2CH)?.awake).toBe(false);
    expect(radio.setFeed(SERIALS.HM_2CH, battery(52.4, 5000))).toBe(true);
    await clock.advance(2 * 60_000);
    const fed = radio.inspect(SERIALS.HM_2CH)!;
    expect(fed.fed).toBe(true);
    expect(fed.awake).toBe(true);
    // No limit set: the whole rated power comes out, and every input sits at the battery's voltage.
    expect(fed.acPowerW).toBeGreaterThan(fed.ratedPowerW * 0.95);
    expect(fed.acPowerW).toBeLessThanOrEqual(fed.ratedPowerW);
    for (const point of fed.dc) {
      expect(point.voltage).toBe(52.4);
      expect(point.current).toBeCloseTo(point.power / 52.4, 6);
    }
    expect(fed.yieldDayWh.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    radio.setFeed(SERIALS.HM_2CH, undefined);
    await clock.advance(2 * 60_000);
    const back = radio.inspect(SERIALS.HM_2CH)!;
    expect(back.fed).toBe(false);
    expect(back.awake).toBe(false);
    expect(back.acPowerW).toBe(0);
  });

  it('draws no more than the source can give, and sleeps when it gives nothing', async () => {
    const { clock, radio } = setup({ serials: [SERIALS.HM_2CH] });
    radio.setFeed(SERIALS.HM_2CH, battery(51, 200));
    await clock.advance(60_000);
    const weak = radio.inspect(SERIALS.HM_2CH)!;
    // Each input sees the source whole; under no limit the inverter takes what the source gives per input.
    expect(weak.dc.every((point) => point.power <= 200 + 1e-9)).toBe(true);
    radio.setFeed(SERIALS.HM_2CH, battery(51, 0));
    await clock.advance(60_000);
    expect(radio.inspect(SERIALS.HM_2CH)?.awake).toBe(false);
  });

  it('follows its limit and its off switch like one fed by modules', async () => {
    const HMS = SERIALS.HMS_2CH;
    // Woken at night by the battery, it listens on its start-up frequency.
    const { clock, radio, dtu } = setup({ serials: [HMS], settings: { cmtFrequencyHz: STARTUP_HZ } });
    radio.setFeed(HMS, battery(52, 5000));
    await clock.advance(60_000);
    expect(radio.inspect(HMS)!.acPowerW).toBeGreaterThan(700);
    const limit = limitRequest(HMS, LimitType.AbsoluteNonPersistent, 300);
    expect(await dtu.control(HMS, limit)).toBe(true);
    await clock.advance(limitResponseMs(LIMIT_RESPONSE.CMT, 100, false) + 1000);
    const limited = radio.inspect(HMS)!;
    expect(limited.acPowerW).toBeLessThanOrEqual(300);
    expect(limited.acPowerW).toBeGreaterThan(290);
    expect(await dtu.control(HMS, buildPowerRequest({ inverter: HMS, dtu: DTU_SERIAL, action: 'off' }))).toBe(
      true,
    );
    await clock.advance(1000);
    const off = radio.inspect(HMS)!;
    expect(off.on).toBe(false);
    expect(off.acPowerW).toBe(0);
    expect(off.dc.every((point) => point.power === 0)).toBe(true);
  });

  it('keeps a feed set before the inverter is configured, and for an inverter added again', async () => {
    const { clock, radio } = setup({ serials: [] });
    expect(radio.setFeed(SERIALS.HM_2CH, battery(52, 5000))).toBe(false);
    radio.setInverters([{ serial: SERIALS.HM_2CH }]);
    await clock.advance(2 * 60_000);
    expect(radio.inspect(SERIALS.HM_2CH)?.fed).toBe(true);
    radio.setInverters([]);
    radio.setInverters([{ serial: SERIALS.HM_2CH }]);
    expect(radio.inspect(SERIALS.HM_2CH)?.fed).toBe(true);
    expect(clock.now()).toBeLessThan(MIDSUMMER + HOUR);
  });
});
