/**
 * MI inverters through the nRF24 driver and chip model (`--radio model`): the 11-byte requests and single
 * answer frames cross the modelled air beside an HM-800, and on/off end Ok.
 */
import { describe, expect, it } from 'vitest';
import { HM, MINUTE, modelStack } from './stack';

const MI300 = '102161200001';
const MI600 = '104161200002';
const MI1500 = '106161200003';

describe('MI inverters through the chip model', () => {
  it('reads live data of an MI-300, MI-600 and MI-1500 beside the HM-800, and switches one off and on', async () => {
    const s = modelStack({ serials: [HM, MI300, MI600, MI1500] });
    // When each live-data request of an MI and of the HM reached the air, and how long its answer took.
    const air = s.model.nrfAir;
    const askedAt = new Map<number, number>();
    const delays = { mi: [] as number[], hm: [] as number[] };
    const send = air.send.bind(air);
    air.send = (packet) => {
      if (packet.kind === 'nrf24' && !askedAt.has(packet.payload[0]!))
        askedAt.set(packet.payload[0]!, s.clock.now());
      return send(packet);
    };
    air.listen((packet) => {
      if (packet.kind !== 'nrf24') return;
      const request = packet.payload[0]! & 0x7f;
      const at = askedAt.get(request);
      if (at === undefined) return;
      askedAt.delete(request);
      if (request === 0x09) delays.mi.push(s.clock.now() - at);
      if (request === 0x15) delays.hm.push(s.clock.now() - at);
    });
    await s.startFor(2 * MINUTE);
    // The MI answers after about 35 ms, the HM within a few ms (the model's delays).
    expect(delays.mi.length).toBeGreaterThan(0);
    for (const delay of delays.mi) expect(delay).toBeGreaterThanOrEqual(35);
    for (const delay of delays.mi) expect(delay).toBeLessThan(45);
    expect(Math.max(...delays.hm)).toBeLessThan(10);
    for (const serial of [HM, MI300, MI600, MI1500]) {
      const inv = s.live.inverter(serial)!;
      expect(inv.hasData, serial).toBe(true);
      expect(inv.producing, serial).toBe(true);
    }
    expect(s.live.inverter(MI1500)!.deviceInfo.hwModelName).toBe('MI-1500');
    expect(s.live.inverter(MI600)!.mi?.acPowerEstimated).toBe(true);
    expect(s.engine.setPower(MI600, 'off')).toBe('queued');
    await s.clock.advance(10_000);
    expect(s.live.inverter(MI600)!.powerSetStatus).toBe('Ok');
    expect(s.live.inverter(MI600)!.eventLog.some((e) => e.messageId === 8310)).toBe(true);
    expect(s.engine.setPower(MI600, 'on')).toBe('queued');
    await s.clock.advance(10_000);
    expect(s.live.inverter(MI600)!.powerSetStatus).toBe('Ok');
    expect(s.model.nrfModel.errors).toEqual([]);
    await s.stopFor(1000);
  }, 60_000);
});
