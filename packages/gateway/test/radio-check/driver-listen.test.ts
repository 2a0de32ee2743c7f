/**
 * The drivers' listening without sending, as the field check uses it: the CMT2300A hears a packet on the
 * DTU frequency whoever it is addressed to, and nothing on another frequency; the nRF24 hears frames to
 * this DTU only.
 */
import { ManualClock } from '@dtu-console/clock';
import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { Cmt2300aRadio } from '@dtu-console/radio/cmt2300a/driver/cmt2300a-radio';
import { fifoOnChipSelect } from '@dtu-console/radio/cmt2300a/driver/fifo-port';
import { Cmt2300aModel } from '@dtu-console/radio/cmt2300a/model/cmt2300a-model';
import { cmt2300aPorts } from '@dtu-console/radio/cmt2300a/model/cmt2300a-ports';
import type { Air, AirPacket } from '@dtu-console/radio/model/air';
import { Nrf24Radio } from '@dtu-console/radio/nrf24/driver/nrf24-radio';
import { airAddress, HOYMILES_CHANNELS } from '@dtu-console/radio/nrf24/driver/setup';
import { Nrf24Model } from '@dtu-console/radio/nrf24/model/nrf24-model';
import { describe, expect, it } from 'vitest';
import { runtimeVector } from '../../../radio/test/helpers/radio-captures';

const HM800 = runtimeVector('HM_2CH');

const START = Date.UTC(2026, 5, 21, 10, 0, 0);

describe('Cmt2300aRadio.listen', () => {
  it("hears another DTU's request on the DTU frequency, with its RSSI, and nothing elsewhere", async () => {
    const clock = new ManualClock(START);
    let deliver: ((packet: AirPacket) => void) | undefined;
    const air: Air = {
      send: () => false,
      listen(listener) {
        deliver = listener;
        return () => undefined;
      },
    };
    const model = new Cmt2300aModel({ clock, air });
    const ports = cmt2300aPorts(model, clock);
    const radio = new Cmt2300aRadio({ bus: ports.csb, fifo: fifoOnChipSelect(ports.fcsb), clock });
    radio.configure({
      dtuSerial: '199980112345',
      nrfEnabled: false,
      nrfPaLevel: 0,
      cmtEnabled: true,
      cmtPaLevel: 0,
      cmtFrequencyHz: 865_000_000,
      cmtCountry: 0,
    });
    // Another DTU (another serial) asks an HMS for run data.
    const frame = buildDataRequest({
      inverter: '116483554321',
      dtu: '199980999999',
      dataType: DataType.RunData,
      time: START / 1000,
    });
    const heard = radio.listen(2000);
    clock.setTimer(500, () =>
      deliver?.({ kind: 'cmt', frequencyHz: 865_000_000, payload: frame, rssiDbm: -71 }),
    );
    clock.setTimer(900, () =>
      deliver?.({ kind: 'cmt', frequencyHz: 866_000_000, payload: frame, rssiDbm: -60 }),
    );
    for (let ms = 0; ms < 2500; ms += 5) await clock.advance(5);
    const receptions = await heard;
    expect(receptions.map((r) => [Array.from(r.frame), r.rssiDbm])).toEqual([[Array.from(frame), -71]]);
    expect(radio.diagnostics().connected).toBe(true);
  });
});

describe('Nrf24Radio.listen', () => {
  it('hears a frame addressed to this DTU on the channel it dwells on, and not one to another DTU', async () => {
    const clock = new ManualClock(START);
    let deliver: ((packet: AirPacket) => void) | undefined;
    const air: Air = {
      send: () => false,
      listen(listener) {
        deliver = listener;
        return () => undefined;
      },
    };
    const model = new Nrf24Model({ clock, air });
    const radio = new Nrf24Radio({ spi: model.spi, ce: model.ce, irq: model.irq, clock });
    radio.configure({
      dtuSerial: '199980112345',
      nrfEnabled: true,
      nrfPaLevel: 0,
      cmtEnabled: false,
      cmtPaLevel: 0,
      cmtFrequencyHz: 865_000_000,
      cmtCountry: 0,
    });
    // An answer fragment of an HM-800 to this DTU (documented vector), and the same to another DTU.
    const toUs = Uint8Array.from(HM800.responseFrames[0]!.split(' '), (b) => Number.parseInt(b, 16));
    const packet =
      (dtu: number) =>
      (channel: number): AirPacket => ({
        kind: 'nrf24',
        channel,
        dataRateKbps: 250,
        crcBytes: 2,
        address: airAddress(dtu),
        payload: toUs,
        wantsAck: false,
      });
    const heard = radio.listen(1000);
    // Sent on every hop channel at once: the receiver is on exactly one of them.
    clock.setTimer(300, () => {
      for (const channel of HOYMILES_CHANNELS) deliver?.(packet(0x80112345)(channel));
    });
    clock.setTimer(600, () => {
      for (const channel of HOYMILES_CHANNELS) deliver?.(packet(0x80999999)(channel));
    });
    for (let ms = 0; ms < 1500; ms += 1) await clock.advance(1);
    expect((await heard).map((frame) => Array.from(frame))).toEqual([Array.from(toUs)]);
  });
});
