/**
 * The nRF24L01+ model's timing and acknowledgement rules and the golden vectors of the HM link, each with
 * the driver as it is (the model is content) and a driver that breaks it (the real driver with one thing
 * changed on its way to the chip), which the model catches. The vectors are literals from the protocol:
 * serial 114172220001 is written into the address registers as 01 72 22 00 01 (least significant byte
 * first) and goes on the air as 01 00 22 72 01; the HM channels are 3, 23, 40, 61 and 75 (2403 to 2475
 * MHz), and an answer comes two places further along that list.
 */

import { ManualClock } from '@dtu-console/clock';
import { buildDataRequest, DataType } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import type { GpioOutput, SpiBus } from '../../../src/io';
import { Nrf24Radio } from '../../../src/nrf24/driver/nrf24-radio';
import { NrfFarSide } from '../../../src/nrf24/model/nrf24-far-side';
import { Nrf24Model } from '../../../src/nrf24/model/nrf24-model';
import type { RadioTimer } from '../../../src/radio-timer';
import {
  DTU_SERIAL,
  INVERTER,
  INVERTER_SERIAL,
  rig,
  run,
  SETTINGS,
  scriptedInverter,
  T0,
} from '../driver/harness';

const CHANNELS = [3, 23, 40, 61, 75];
const hex = (bytes: Iterable<number>) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');

const request = (i = 0) => ({
  radio: 'NRF24' as const,
  frame: buildDataRequest({
    inverter: INVERTER_SERIAL,
    dtu: DTU_SERIAL,
    dataType: DataType.RunData,
    time: T0 / 1000 + i,
  }),
  windowMs: 60,
});

/** An SPI bus that changes the value of one register write (a driver with another constant). */
const rewrite =
  (register: number, value: number) =>
  (spi: SpiBus): SpiBus => ({
    path: spi.path,
    close: () => spi.close(),
    transfer(segments) {
      const tx = segments[0]?.tx;
      if (tx && tx.length === 2 && tx[0] === (0x20 | register)) {
        return spi.transfer([{ tx: Uint8Array.of(tx[0]!, value), rxLength: 2 }]);
      }
      return spi.transfer(segments);
    },
  });

async function exchange(r: ReturnType<typeof rig>, count = 1) {
  await run(r.clock, Promise.resolve(r.radio.start()));
  const heard: Uint8Array[][] = [];
  for (let i = 0; i < count; i++) heard.push(await run(r.clock, r.radio.transmit(request(i))));
  return heard;
}

describe('golden vectors of the HM link', () => {
  it('the inverter address goes into TX_ADDR as 01 72 22 00 01 and onto the air as 01 00 22 72 01', async () => {
    const r = rig();
    await exchange(r);
    expect(r.trace.lines.some((line) => / W TX_ADDR 01 72 22 00 01 /.test(line))).toBe(true);
    expect(r.far.heard.map((p) => hex(p.address))).toContain('01 00 22 72 01');
    expect(INVERTER_SERIAL).toBe('114172220001');
  });

  it('sends on the five HM channels in turn, and the answer comes two channels on', async () => {
    const r = rig();
    await exchange(r, 5);
    const sendChannels = r.far.heard.map((p) => p.channel);
    expect([...new Set(sendChannels)].sort((a, b) => a - b)).toEqual(CHANNELS);
    for (const answer of r.far.sent) {
      const asked = r.far.heard.filter((p) => p.channel !== undefined).at(-1)!;
      expect(CHANNELS).toContain(answer.channel);
      expect(asked).toBeDefined();
    }
    // Pairs: each request's channel → its answers' channel.
    const pairs = new Set(
      r.far.heard.map((p) => `${p.channel}>${CHANNELS[(CHANNELS.indexOf(p.channel) + 2) % 5]}`),
    );
    expect(pairs).toEqual(new Set(['3>40', '23>61', '40>75', '61>3', '75>23']));
    expect(r.model.errors).toEqual([]);
  });
});

describe('nRF24 model rules', () => {
  it('the driver keeps them all: CE pulse, ARD, start-up, auto-ack of answers that ask for one', async () => {
    const r = rig({ far: { answersWantAck: true } });
    const heard = await exchange(r, 3);
    expect(heard.every((frames) => frames.length === 3)).toBe(true);
    expect(r.far.unacknowledged).toBe(0);
    expect(r.model.errors).toEqual([]);
  });

  it('a CE pulse shorter than 10 µs fails', async () => {
    const shortPulse = (ce: GpioOutput): GpioOutput => ({
      offset: ce.offset,
      close: () => ce.close(),
      set(high) {
        ce.set(high);
        // Straight back down: a pulse of no time at all.
        if (high) ce.set(false);
      },
    });
    const r = rig({ wrapCe: shortPulse });
    await exchange(r);
    expect(r.model.errors.join('\n')).toMatch(/CE pulse of 0\.0 µs starts no send/);
  });

  it('an ARD below 500 µs at 250 kbps fails', async () => {
    // SETUP_RETR 0x0f: ARD 250 µs, 15 retransmits.
    const r = rig({ wrapSpi: rewrite(0x04, 0x0f) });
    await exchange(r);
    expect(r.model.errors.join('\n')).toMatch(/ARD of 250 µs at 250 kbps/);
  });

  it('raising CE before the 4.5 ms start-up is over fails', async () => {
    const clock = new ManualClock(T0);
    const far = new NrfFarSide({ clock, responder: scriptedInverter(), inverters: [INVERTER] });
    const model = new Nrf24Model({ clock, air: far });
    // Every wait a quarter as long: the 5 ms after power-up becomes 1.25 ms.
    const hasty: RadioTimer = {
      now: () => clock.now(),
      setTimer: (ms, callback) => clock.setTimer(ms, callback),
      sleep: (ms) => clock.sleep(ms / 4),
    };
    const radio = new Nrf24Radio({ spi: model.spi, ce: model.ce, irq: model.irq, clock: hasty });
    radio.configure(SETTINGS);
    await run(clock, Promise.resolve(radio.start()));
    await run(clock, radio.transmit(request()));
    // The first send follows the shortened wait at the next whole millisecond of the test clock.
    expect(model.errors.join('\n')).toMatch(
      /CE raised [1-4]\.\d\d ms after PWR_UP: the crystal may need 4\.5 ms/,
    );
  });

  it('answers that ask for an acknowledgement, with auto-ack off on the DTU pipe, fail', async () => {
    // EN_AA 0x01: auto-ack only on pipe 0 (the inverter's acks), not on pipe 1 (the DTU address).
    const r = rig({ far: { answersWantAck: true }, wrapSpi: rewrite(0x01, 0x01) });
    await exchange(r);
    expect(r.model.errors.join('\n')).toMatch(/asked for an acknowledgement but EN_AA has pipe 1 off/);
    expect(r.far.unacknowledged).toBeGreaterThan(0);
  });
});
