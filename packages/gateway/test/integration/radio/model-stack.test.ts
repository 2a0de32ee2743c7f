/**
 * The whole stack in CI through the real drivers: engine → Nrf24Radio / Cmt2300aRadio → chip models →
 * virtual air → virtual inverters. Both default inverters give live data, commands end Ok, the HMS is
 * brought to the working frequency, and night and the next morning pass as with the simulated radio.
 */
import { cmtCountry } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { HM, HMS, HOUR, MINUTE, modelStack, NOON } from './stack';

describe('the engine through the chip models', () => {
  it('gets live data from the HM-800 over the nRF24 and the HMS-2000-4T over the CMT2300A', async () => {
    const s = modelStack();
    await s.startFor(2 * MINUTE);
    for (const serial of [HM, HMS]) {
      const inv = s.live.inverter(serial)!;
      expect(inv.hasData, serial).toBe(true);
      expect(inv.producing, serial).toBe(true);
      expect(s.clock.now() - inv.lastUpdateEpochMs).toBeLessThan(15_000);
    }
    const status = s.model.radio.status();
    expect(status).toMatchObject({
      mode: 'model',
      simulated: false,
      nrf: { configured: true, connected: true, pvariant: true },
      cmt: { configured: true, connected: true },
    });
    // The CMT answers carry the RSSI the chip latched.
    expect(s.live.inverter(HMS)!.radioStats.rssi).toBeGreaterThan(-80);
    expect(s.model.nrfModel.errors).toEqual([]);
    expect(s.model.cmtModel.errors).toEqual([]);
    expect(s.model.radio.diagnostics().cmt?.fifoOverruns).toBe(0);
    await s.stopFor(1000);
  });

  it('ends limit and power commands Ok on both radios', async () => {
    const s = modelStack();
    await s.startFor(MINUTE);
    for (const serial of [HM, HMS]) {
      expect(s.engine.setLimit(serial, { value: 50, type: 1 })).toBe('queued');
    }
    await s.clock.advance(MINUTE);
    for (const serial of [HM, HMS]) {
      expect(s.live.inverter(serial)!.limitSetStatus, serial).toBe('Ok');
      expect(s.model.plant.inspect(serial)!.limit.activePercent).toBeCloseTo(50, 5);
    }
    for (const serial of [HM, HMS]) expect(s.engine.setPower(serial, 'off')).toBe('queued');
    await s.clock.advance(MINUTE);
    for (const serial of [HM, HMS]) {
      expect(s.live.inverter(serial)!.powerSetStatus, serial).toBe('Ok');
      expect(s.model.plant.inspect(serial)!.on).toBe(false);
    }
    await s.stopFor(1000);
  });

  it('moves the HMS from its start-up frequency to the working one, and follows a new working frequency', async () => {
    const startupHz = cmtCountry('EU')!.startupFrequencyHz;
    // Inverters added after the start listen on their start-up frequency.
    const s = modelStack({ serials: [] });
    s.model.setInverters([{ serial: HMS }]);
    const settings = { ...s.settings, inverters: modelStack({ serials: [HMS] }).settings.inverters };
    s.engine.applySettings(settings);
    expect(s.model.plant.inspect(HMS)!.frequency?.listenHz).toBe(startupHz);
    await s.startFor(MINUTE);
    expect(s.channelChanges()).toEqual([startupHz]);
    expect(s.model.plant.inspect(HMS)!.frequency?.listenHz).toBe(865_000_000);
    expect(s.live.inverter(HMS)!.hasData).toBe(true);

    s.engine.applySettings({ ...settings, dtu: { ...settings.dtu, cmtFrequencyHz: 867_250_000 } });
    await s.clock.advance(MINUTE);
    expect(s.channelChanges()).toEqual([startupHz, 865_000_000]);
    expect(s.model.plant.inspect(HMS)!.frequency?.listenHz).toBe(867_250_000);
    expect(s.clock.now() - s.live.inverter(HMS)!.lastUpdateEpochMs).toBeLessThan(10_000);
    // The chip model was retuned: the last request went out on the new frequency.
    expect(s.model.cmtAir.heard.at(-1)?.frequencyHz).toBe(867_250_000);
    await s.stopFor(1000);
  });

  it('is dark at night, and the next morning finds both again (the HMS back from its start-up frequency)', async () => {
    const startupHz = cmtCountry('EU')!.startupFrequencyHz;
    const s = modelStack({ start: NOON + 11 * HOUR }); // 23:00 CEST
    await s.startFor(10 * MINUTE);
    for (const serial of [HM, HMS]) {
      expect(s.live.inverter(serial)!.producing, serial).toBe(false);
      expect(s.live.inverter(serial)!.reachable, serial).toBe(false);
    }
    // The engine polls through the night (a minute of it costs seconds here): the rest of the night passes
    // with the engine stopped; the virtual inverters live on under the sky and lose contact with the DTU.
    await s.stopFor(7 * HOUR); // 06:30 CEST
    expect(s.model.plant.inspect(HMS)!.frequency?.listenHz).toBe(startupHz);
    await s.startFor(3 * MINUTE);
    for (const serial of [HM, HMS]) {
      const inv = s.live.inverter(serial)!;
      expect(inv.reachable, serial).toBe(true);
      expect(inv.producing, serial).toBe(true);
    }
    expect(s.channelChanges()).toContain(startupHz);
    expect(s.model.plant.inspect(HMS)!.frequency?.listenHz).toBe(865_000_000);
    expect(s.model.nrfModel.errors).toEqual([]);
    expect(s.model.cmtModel.errors).toEqual([]);
    await s.stopFor(1000);
  }, 60_000);
});
