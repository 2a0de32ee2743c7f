import { ManualClock } from '@dtu-console/clock';
import { buildDataRequest, buildPowerRequest, DataType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import type { AirPacket, NrfAirPacket } from '../../../src/model/air';
import { airAddress } from '../../../src/nrf24/driver/setup';
import {
  airAddressOf,
  defaultAnswerChannel,
  isMiRequestFrame,
  MI_ANSWER_DELAY_MS,
  NrfFarSide,
} from '../../../src/nrf24/model/nrf24-far-side';
import { bytesOf } from '../../helpers/radio-captures';
import { DTU, DTU_SERIAL, INVERTER, INVERTER_SERIAL, scriptedInverter } from '../driver/harness';

/** MI frames of packages/hoymiles/test/mi.test.ts (an MI-600, id 60100013, and the vendor DTU's limit). */
const MI = {
  live: '09 60 10 00 13 86 09 76 68 09 F2',
  info: '0f 60 10 00 13 86 09 76 68 00 fd',
  on: '51 60 10 00 13 86 09 76 68 55 AA 5C',
  off: '51 60 10 00 13 86 09 76 68 AA 55 5C',
  limit: '51 63 50 03 16 63 50 03 16 5A 5A 25 08 CC B0',
  answer: '89 60 10 00 13 60 10 00 13 01 60 00 51 09 0A 13 89 0B 23 04 D2 FF DD 03 00 FF',
};

function requestPacket(overrides: Partial<NrfAirPacket> = {}): NrfAirPacket {
  return {
    kind: 'nrf24',
    channel: 23,
    dataRateKbps: 250,
    crcBytes: 2,
    address: airAddress(INVERTER),
    payload: buildDataRequest({
      inverter: INVERTER_SERIAL,
      dtu: DTU_SERIAL,
      dataType: DataType.RunData,
      time: 1,
    }),
    wantsAck: true,
    ...overrides,
  };
}

function setup(lose?: (fragment: Uint8Array, index: number) => boolean) {
  const clock = new ManualClock(0);
  const far = new NrfFarSide({ clock, responder: scriptedInverter(), inverters: [INVERTER], lose });
  const heard: AirPacket[] = [];
  far.listen((packet) => heard.push(packet));
  return { clock, far, heard };
}

describe('nRF24 far side (the inverters end of the air)', () => {
  it('the answer channel is two places on in the channel list', () => {
    expect([3, 23, 40, 61, 75].map(defaultAnswerChannel)).toEqual([40, 61, 75, 3, 23]);
  });

  it('acknowledges a request to its inverter and answers later, fragment after fragment, to the DTU', async () => {
    const { clock, far, heard } = setup();
    expect(far.send(requestPacket())).toBe(true);
    expect(heard).toHaveLength(0);
    await clock.advance(3);
    expect(heard).toHaveLength(1);
    await clock.advance(3);
    expect(heard).toHaveLength(3);
    for (const packet of heard as NrfAirPacket[]) {
      expect(packet).toMatchObject({ channel: 61, dataRateKbps: 250, crcBytes: 2, wantsAck: false });
      expect(Array.from(packet.address)).toEqual(Array.from(airAddress(DTU)));
    }
  });

  it('does not acknowledge or answer another address, data rate, CRC length or channel', async () => {
    const { clock, far, heard } = setup();
    expect(far.send(requestPacket({ address: airAddress(DTU) }))).toBe(false);
    expect(far.send(requestPacket({ dataRateKbps: 1000 }))).toBe(false);
    expect(far.send(requestPacket({ crcBytes: 1 }))).toBe(false);
    expect(far.send(requestPacket({ channel: 50 }))).toBe(false);
    // The register order instead of the air order is another address.
    expect(far.send(requestPacket({ address: airAddress(INVERTER).reverse() }))).toBe(false);
    await clock.advance(20);
    expect(heard).toEqual([]);
  });

  it('loses the fragments a test asks it to', async () => {
    const { clock, far, heard } = setup((_, index) => index === 1);
    far.send(requestPacket());
    await clock.advance(20);
    expect((heard as NrfAirPacket[]).map((p) => p.payload[9])).toEqual([0x01, 0x83]);
  });

  it('tells MI requests from HM ones by length and command bytes', () => {
    for (const frame of [MI.live, MI.info, MI.on, MI.off, MI.limit])
      expect(isMiRequestFrame(bytesOf(frame))).toBe(true);
    expect(isMiRequestFrame(requestPacket().payload)).toBe(false);
    const hmOff = buildPowerRequest({ inverter: INVERTER_SERIAL, dtu: DTU_SERIAL, action: 'off' });
    expect(hmOff[0]).toBe(0x51);
    expect(isMiRequestFrame(hmOff)).toBe(false);
    // An 11-byte frame with another command is no MI request.
    expect(isMiRequestFrame(bytesOf('15 60 10 00 13 86 09 76 68 09 F2'))).toBe(false);
  });

  it('answers an MI after 35 ms and an HM after 3 ms, on the same air', async () => {
    const clock = new ManualClock(0);
    const mi = 0x60100013;
    const far = new NrfFarSide({
      clock,
      inverters: [INVERTER, mi],
      responder: (frame, now, channel) =>
        frame.length === 11 ? [bytesOf(MI.answer)] : scriptedInverter()(frame, now, channel),
    });
    const heard: { at: number; packet: NrfAirPacket }[] = [];
    far.listen((packet) => heard.push({ at: clock.now(), packet: packet as NrfAirPacket }));
    expect(far.send(requestPacket({ address: airAddressOf(mi), payload: bytesOf(MI.live) }))).toBe(true);
    expect(far.send(requestPacket())).toBe(true);
    await clock.advance(MI_ANSWER_DELAY_MS - 1);
    expect(heard.map((h) => h.packet.payload[0])).toEqual([0x95, 0x95, 0x95]);
    expect(heard[0]!.at).toBe(3);
    await clock.advance(1);
    expect(heard.map((h) => h.packet.payload[0])).toEqual([0x95, 0x95, 0x95, 0x89]);
    expect(heard[3]!.at).toBe(MI_ANSWER_DELAY_MS);
  });

  it('takes a fixed delay, or one per request frame, from its options', async () => {
    const clock = new ManualClock(0);
    const far = new NrfFarSide({
      clock,
      inverters: [INVERTER],
      responder: scriptedInverter(),
      answerDelayMs: (frame) => (frame[0] === 0x15 ? 12 : 1),
    });
    const heard: number[] = [];
    far.listen(() => heard.push(clock.now()));
    far.send(requestPacket());
    await clock.advance(20);
    expect(heard[0]).toBe(12);
  });
});
