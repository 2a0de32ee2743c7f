import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import type { AirPacket, NrfAirPacket } from '../../../src/radio/model/air';
import { defaultAnswerChannel, NrfFarSide } from '../../../src/radio/model/nrf24-far-side';
import { airAddress } from '../../../src/radio/nrf24/setup';
import { ManualClock } from '../../../src/system/clock';
import { DTU, DTU_SERIAL, INVERTER, INVERTER_SERIAL, scriptedInverter } from './harness';

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
});
