/** HMS/HMT frequencies: start-up frequency, channel change with a delay, fallback. */
import { buildChannelChange, buildPowerRequest } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { FREQUENCY_FALLBACK_MS } from '../../src/simulated';
import { DTU_SERIAL, MIDSUMMER, SERIALS, STARTUP_HZ, setup, WORKING_HZ } from './helpers';

const NOON = MIDSUMMER + 11 * 3_600_000;
const MINUTE = 60_000;
const HMS = SERIALS.HMS_4CH;
const HMT = SERIALS.HMT_6CH;

const working = { frequencyHz: WORKING_HZ, maxResends: 0 };
const startup = { frequencyHz: STARTUP_HZ, maxResends: 0 };

describe('HMS/HMT frequencies', () => {
  it('listens only on the start-up frequency until told otherwise', async () => {
    const { dtu, radio } = setup({ start: NOON, serials: [HMS, HMT] });
    for (const serial of [HMS, HMT]) {
      expect(radio.inspect(serial)!.frequency).toEqual({
        listenHz: STARTUP_HZ,
        pendingHz: null,
        startupHz: STARTUP_HZ,
      });
      expect(await dtu.runData(serial, working)).toBeUndefined();
      expect(await dtu.runData(serial, { frequencyHz: 866_000_000, maxResends: 0 })).toBeUndefined();
      expect(await dtu.runData(serial, startup)).toBeDefined();
    }
  });

  it('is on the DTU frequency at once when it was already running as the gateway starts (day only)', async () => {
    const { dtu, radio } = setup({ start: NOON, serials: [HMS, HMT], atStart: true });
    for (const serial of [HMS, HMT]) {
      expect(radio.inspect(serial)!.frequency!.listenHz).toBe(WORKING_HZ);
      expect(await dtu.runData(serial, working)).toBeDefined();
    }
    // At night the inverters are powered down: the first contact of the morning needs a channel change.
    const night = setup({ start: MIDSUMMER + 1 * 3_600_000, serials: [HMS], atStart: true });
    expect(night.radio.inspect(HMS)!.frequency!.listenHz).toBe(STARTUP_HZ);
  });

  it('follows a channel change after its delay and then ignores the start-up frequency', async () => {
    const { clock, dtu, radio } = setup({ start: NOON, serials: [HMS], channelChangeDelayMs: 1500 });
    await dtu.channelChange(HMS, WORKING_HZ);
    expect(radio.inspect(HMS)!.frequency!.pendingHz).toBe(WORKING_HZ);
    // Still moving: the new frequency is not heard until the delay has passed.
    expect(await dtu.runData(HMS, working)).toBeUndefined();
    await clock.advance(1000);
    expect(await dtu.runData(HMS, working)).toBeUndefined();
    await clock.advance(500);
    expect(await dtu.runData(HMS, working)).toBeDefined();
    expect(await dtu.runData(HMS, startup)).toBeUndefined();
    expect(radio.inspect(HMS)!.frequency).toEqual({
      listenHz: WORKING_HZ,
      pendingHz: null,
      startupHz: STARTUP_HZ,
    });
  });

  it('stays on the working frequency while the DTU keeps talking, falls back after 15 min of silence', async () => {
    const { clock, dtu, radio } = setup({ start: NOON, serials: [HMS] });
    await dtu.channelChange(HMS);
    await clock.advance(1000);
    for (let i = 0; i < 6; i++) {
      await clock.advance(10 * MINUTE);
      expect(await dtu.runData(HMS, working), `poll ${i}`).toBeDefined();
    }
    await clock.advance(FREQUENCY_FALLBACK_MS - 1000);
    expect(radio.inspect(HMS)!.frequency!.listenHz).toBe(WORKING_HZ);
    await clock.advance(1000);
    expect(radio.inspect(HMS)!.frequency!.listenHz).toBe(STARTUP_HZ);
    expect(await dtu.runData(HMS, working)).toBeUndefined();
    expect(await dtu.runData(HMS, startup)).toBeDefined();
  });

  it('ignores a channel change sent on a frequency it does not listen on, or for another region', async () => {
    const { clock, dtu, radio } = setup({ start: NOON, serials: [HMS] });
    const frame = buildChannelChange({
      inverter: HMS,
      dtu: DTU_SERIAL,
      country: 'EU',
      frequencyHz: WORKING_HZ,
    });
    await radio.transmit({ radio: 'CMT', frame, frequencyHz: WORKING_HZ, windowMs: 10 });
    const us = buildChannelChange({
      inverter: HMS,
      dtu: DTU_SERIAL,
      country: 'US',
      frequencyHz: 918_000_000,
    });
    await radio.transmit({ radio: 'CMT', frame: us, frequencyHz: STARTUP_HZ, windowMs: 10 });
    await clock.advance(5000);
    expect(radio.inspect(HMS)!.frequency!.listenHz).toBe(STARTUP_HZ);
    expect(await dtu.runData(HMS, working)).toBeUndefined();
  });

  it('ignores everything while asleep and starts on the start-up frequency each morning', async () => {
    const { clock, dtu, radio } = setup({ start: NOON, serials: [HMS] });
    await dtu.channelChange(HMS);
    await clock.advance(1000);
    expect(await dtu.runData(HMS, working)).toBeDefined();
    await clock.advance(12 * 3_600_000); // 23:00 UTC, dark
    await dtu.channelChange(HMS);
    expect(radio.inspect(HMS)!.frequency!.pendingHz).toBeNull();
    expect(await dtu.runData(HMS, startup)).toBeUndefined();
    await clock.advance(9 * 3_600_000); // 08:00 UTC, awake again
    expect(radio.inspect(HMS)!.frequency!.listenHz).toBe(STARTUP_HZ);
    expect(await dtu.runData(HMS, working)).toBeUndefined();
    expect(await dtu.runData(HMS, startup)).toBeDefined();
  });

  it('is back on the start-up frequency after a restart', async () => {
    const { clock, dtu, radio } = setup({ start: NOON, serials: [HMS] });
    await dtu.channelChange(HMS);
    await clock.advance(1000);
    const restart = buildPowerRequest({ inverter: HMS, dtu: DTU_SERIAL, action: 'restart' });
    expect(await dtu.exchange(HMS, restart, { command: 0xd1, windowMs: 2000 })).toMatchObject({
      payload: expect.any(Uint8Array),
    });
    expect(radio.inspect(HMS)!.frequency!.listenHz).toBe(STARTUP_HZ);
  });

  it('HM inverters on the nRF radio know nothing of channel changes and CMT frames', async () => {
    const { dtu, radio } = setup({ start: NOON, serials: [SERIALS.HM_2CH] });
    const frame = dtu.dataRequest(SERIALS.HM_2CH, 0x0b);
    expect(await radio.transmit({ radio: 'CMT', frame, windowMs: 500 })).toEqual([]);
    expect(await radio.transmit({ radio: 'CMT', frame, frequencyHz: STARTUP_HZ, windowMs: 500 })).toEqual([]);
    expect((await radio.transmit({ radio: 'NRF24', frame, windowMs: 500 })).length).toBeGreaterThan(0);
    expect(radio.inspect(SERIALS.HM_2CH)!.frequency).toBeNull();
  });

  it('moves its start-up frequency with the configured region', async () => {
    const { dtu, radio } = setup({ start: NOON, serials: [HMS] });
    radio.configure({
      dtuSerial: DTU_SERIAL,
      nrfEnabled: true,
      nrfPaLevel: 3,
      cmtEnabled: true,
      cmtPaLevel: 20,
      cmtFrequencyHz: 918_000_000,
      cmtCountry: 1,
    });
    expect(await dtu.runData(HMS, { frequencyHz: 915_000_000, maxResends: 0 })).toBeDefined();
    expect(radio.inspect(HMS)!.frequency!.startupHz).toBe(915_000_000);
  });
});
