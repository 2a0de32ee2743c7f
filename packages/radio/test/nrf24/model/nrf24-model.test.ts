import { ManualClock } from '@dtu-console/clock';
import { describe, expect, it } from 'vitest';
import type { Air, AirPacket, NrfAirPacket } from '../../../src/model/air';
import { Nrf24Model, type Nrf24ModelFaults } from '../../../src/nrf24/model/nrf24-model';

/** An air the test drives by hand: what the chip sends is kept, `ack` says whether a peer acknowledges. */
class HandAir implements Air {
  readonly sent: AirPacket[] = [];
  ack = true;
  readonly #listeners = new Set<(packet: AirPacket) => void>();
  send(packet: AirPacket): boolean {
    this.sent.push(packet);
    return this.ack;
  }
  listen(listener: (packet: AirPacket) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  deliver(packet: AirPacket): void {
    for (const listener of this.#listeners) listener(packet);
  }
}

const DTU = [0x01, 0x12, 0x34, 0x56, 0x78]; // register order
const INV = [0x01, 0x72, 0x22, 0x00, 0x01];

function setup(options: { faults?: Nrf24ModelFaults; variant?: 'plus' | 'original' } = {}) {
  const clock = new ManualClock(0);
  const air = new HandAir();
  const model = new Nrf24Model({ clock, air, ...options });
  /** One SPI command; returns MISO. */
  const spi = (...bytes: number[]) =>
    Array.from(model.spi.transfer([{ tx: Uint8Array.from(bytes), rxLength: bytes.length }])[0]!);
  return { clock, air, model, spi };
}

/** The Hoymiles set-up: 250 kbps, CRC16, 5-byte addresses, DPL and auto-ack on pipes 0/1, DTU on pipe 1. */
function configure(spi: (...bytes: number[]) => number[]) {
  spi(0x20, 0x0c); // CONFIG: power down, CRC16
  spi(0x26, 0x26); // RF_SETUP 250 kbps, 0 dBm
  spi(0x24, 0x3f); // SETUP_RETR
  spi(0x21, 0x03); // EN_AA
  spi(0x22, 0x02); // EN_RXADDR pipe 1
  spi(0x3c, 0x03); // DYNPD
  spi(0x3d, 0x04); // FEATURE EN_DPL
  spi(0x2b, ...DTU); // RX_ADDR_P1
  spi(0x25, 40); // RF_CH
}

function packet(overrides: Partial<NrfAirPacket> = {}): NrfAirPacket {
  return {
    kind: 'nrf24',
    channel: 40,
    dataRateKbps: 250,
    crcBytes: 2,
    address: Uint8Array.from(DTU).reverse(),
    payload: Uint8Array.of(0x95, 1, 2, 3),
    wantsAck: false,
    ...overrides,
  };
}

async function listening(clock: ManualClock, model: Nrf24Model, spi: (...b: number[]) => number[]) {
  configure(spi);
  spi(0x20, 0x0f); // CONFIG: PRX, powered up
  await clock.advance(5); // the start-up, 4.5 ms at worst
  model.ce.set(true);
  await clock.advance(1);
  expect(model.listening()).toBe(true);
}

describe('nRF24 chip model: SPI and registers', () => {
  it('clocks STATUS out first on every command and reads registers after it', () => {
    const { spi } = setup();
    expect(spi(0xff)).toEqual([0x0e]);
    expect(spi(0x00, 0xff)).toEqual([0x0e, 0x08]); // CONFIG reset value
    expect(spi(0x0a, 0xff, 0xff, 0xff, 0xff, 0xff)).toEqual([0x0e, 0xe7, 0xe7, 0xe7, 0xe7, 0xe7]);
    expect(spi(0x17, 0xff)).toEqual([0x0e, 0x11]); // FIFO_STATUS: both FIFOs empty
  });

  it('a missing chip answers every byte with the floating line value', () => {
    for (const absent of [0x00, 0xff] as const) {
      const { spi } = setup({ faults: { absent } });
      spi(0x23, 0x03);
      expect(spi(0x03, 0xff)).toEqual([absent, absent]);
    }
  });

  it('records writes to read-only or reserved registers and wrong address lengths', () => {
    const { spi, model } = setup();
    spi(0x37, 0x00); // FIFO_STATUS
    spi(0x28, 0x00); // OBSERVE_TX
    spi(0x3f, 0x00); // reserved 0x1F
    spi(0x2b, 0x01, 0x02, 0x03); // RX_ADDR_P1 with 3 bytes while SETUP_AW says 5
    spi(0x50, 0x73); // ACTIVATE: not a command of the + chip
    expect(model.errors).toHaveLength(5);
    expect(model.errors.join('\n')).toMatch(
      /read-only FIFO_STATUS[\s\S]*read-only OBSERVE_TX[\s\S]*reserved/,
    );
  });

  it('the + chip keeps the 250 kbps bit; the original nRF24L01 drops it', () => {
    const plus = setup();
    plus.spi(0x26, 0x26);
    expect(plus.spi(0x06, 0xff)[1]).toBe(0x26);
    const original = setup({ variant: 'original' });
    original.spi(0x26, 0x26);
    expect(original.spi(0x06, 0xff)[1]).toBe(0x06);
  });

  it('refuses register writes while listening (only STATUS may be written then)', async () => {
    const { clock, model, spi } = setup();
    await listening(clock, model, spi);
    spi(0x25, 23);
    expect(spi(0x05, 0xff)[1]).toBe(40);
    expect(model.errors).toEqual([expect.stringMatching(/W_REGISTER RF_CH in rx mode .* refused/)]);
    spi(0x27, 0x70);
    expect(model.errors).toHaveLength(1);
  });
});

describe('nRF24 chip model: receiving', () => {
  it('receives a matching packet: RX_DR, pipe number, width, payload; flags are write-1-to-clear', async () => {
    const { clock, model, spi, air } = setup();
    await listening(clock, model, spi);
    const edges: boolean[] = [];
    model.irq.onEdge((edge) => edges.push(edge.rising));
    air.deliver(packet());
    expect(spi(0xff)).toEqual([0x40 | (1 << 1)]);
    expect(model.irq.get()).toBe(false);
    spi(0x27, 0x00); // writing 0 clears nothing
    expect(spi(0xff)[0]! & 0x40).toBe(0x40);
    spi(0x27, 0x40);
    expect(model.irq.get()).toBe(true);
    expect(edges).toEqual([false, true]);
    expect(spi(0x60, 0xff)).toEqual([0x02, 4]);
    expect(spi(0x61, 0xff, 0xff, 0xff, 0xff)).toEqual([0x02, 0x95, 1, 2, 3]);
    expect(spi(0xff)).toEqual([0x0e]);
    expect(model.errors).toEqual([]);
  });

  it('drops packets on another channel, data rate, CRC length or address, and before CE is high', async () => {
    const { clock, model, spi, air } = setup();
    configure(spi);
    spi(0x20, 0x0f);
    await clock.advance(5);
    air.deliver(packet()); // CE still low: standby
    model.ce.set(true);
    air.deliver(packet()); // PLL not settled yet
    await clock.advance(1);
    air.deliver(packet({ channel: 23 }));
    air.deliver(packet({ dataRateKbps: 1000 }));
    air.deliver(packet({ crcBytes: 1 }));
    air.deliver(packet({ address: Uint8Array.from(INV).reverse() }));
    expect(model.counters.received).toBe(0);
    air.deliver(packet());
    expect(model.counters.received).toBe(1);
  });

  it('drops a packet with a CRC error silently', async () => {
    const { clock, model, spi, air } = setup({ faults: { crcError: () => true } });
    await listening(clock, model, spi);
    air.deliver(packet());
    expect(model.counters).toMatchObject({ received: 0, crcDropped: 1 });
    expect(model.irq.get()).toBe(true);
  });

  it('keeps three packets; the fourth is lost and counted; RX_FULL is shown', async () => {
    const { clock, model, spi, air } = setup();
    await listening(clock, model, spi);
    for (let i = 0; i < 4; i++) air.deliver(packet({ payload: Uint8Array.of(i) }));
    expect(model.counters).toMatchObject({ received: 3, rxOverflow: 1 });
    expect(spi(0x17, 0xff)[1]).toBe(0x12); // RX_FULL, TX_EMPTY
    spi(0xe2); // FLUSH_RX
    expect(spi(0x17, 0xff)[1]).toBe(0x11);
  });

  it('masked RX_DR keeps the IRQ line high', async () => {
    const { clock, model, spi, air } = setup();
    configure(spi);
    spi(0x20, 0x4f); // MASK_RX_DR
    await clock.advance(5);
    model.ce.set(true);
    await clock.advance(1);
    air.deliver(packet());
    expect(spi(0xff)[0]! & 0x40).toBe(0x40);
    expect(model.irq.get()).toBe(true);
  });

  it('records reading an empty RX FIFO and a short payload read', async () => {
    const { clock, model, spi, air } = setup();
    await listening(clock, model, spi);
    spi(0x60, 0xff);
    spi(0x61, 0xff);
    air.deliver(packet());
    spi(0x61, 0xff, 0xff);
    expect(model.errors).toEqual([
      expect.stringMatching(/R_RX_PL_WID with the RX FIFO empty/),
      expect.stringMatching(/R_RX_PAYLOAD with the RX FIFO empty/),
      expect.stringMatching(/read 2 bytes of a 4-byte payload/),
    ]);
  });
});

describe('nRF24 chip model: sending', () => {
  async function ptx(ackAddress = INV) {
    const s = setup();
    configure(s.spi);
    s.spi(0x22, 0x03);
    s.spi(0x30, ...INV); // TX_ADDR
    s.spi(0x2a, ...ackAddress); // RX_ADDR_P0
    s.spi(0x20, 0x0e);
    await s.clock.advance(5);
    return s;
  }

  it('sends with auto-ack: TX_DS, payload gone, address reversed on air', async () => {
    const { clock, model, spi, air } = await ptx();
    spi(0xa0, 0x15, 0x01);
    model.ce.set(true);
    await clock.advance(3);
    expect(air.sent).toHaveLength(1);
    expect(air.sent[0]).toMatchObject({ channel: 40, dataRateKbps: 250, crcBytes: 2, wantsAck: true });
    expect(Array.from((air.sent[0] as NrfAirPacket).address)).toEqual([...INV].reverse());
    expect(spi(0xff)[0]).toBe(0x2e);
    expect(model.irq.get()).toBe(false);
    expect(spi(0x17, 0xff)[1]! & 0x10).toBe(0x10); // TX_EMPTY
    expect(model.errors).toEqual([]);
  });

  it('retransmits ARC times ARD apart, then MAX_RT holds the payload and blocks further sends', async () => {
    const { clock, model, spi, air } = await ptx();
    air.ack = false;
    spi(0x24, 0x23); // ARD 750 µs, ARC 3
    spi(0xa0, 0x15, 0x01);
    model.ce.set(true);
    await clock.advance(20);
    expect(air.sent).toHaveLength(4);
    expect(spi(0xff)[0]).toBe(0x1e);
    expect(spi(0x08, 0xff)[1]).toBe(0x13); // PLOS_CNT 1, ARC_CNT 3
    await clock.advance(20);
    expect(air.sent).toHaveLength(4);
    // Clearing MAX_RT with CE high and the payload still there sends it again.
    spi(0x27, 0x10);
    await clock.advance(20);
    expect(air.sent).toHaveLength(8);
    // A channel write (in standby) resets the lost-packet count.
    model.ce.set(false);
    spi(0x25, 23);
    expect(spi(0x08, 0xff)[1]! >> 4).toBe(0);
  });

  it('an ack cannot be heard when RX_ADDR_P0 differs from TX_ADDR', async () => {
    const { clock, model, spi, air } = await ptx(DTU);
    spi(0x24, 0x31);
    spi(0xa0, 0x15);
    model.ce.set(true);
    await clock.advance(20);
    expect(air.sent).toHaveLength(2);
    expect(spi(0xff)[0]! & 0x10).toBe(0x10);
  });

  it('does not send before power-up and settling, and not in power-down', async () => {
    const { clock, model, spi, air } = setup();
    configure(spi);
    spi(0xa0, 0x15);
    model.ce.set(true);
    await clock.advance(5);
    expect(air.sent).toHaveLength(0); // powered down
    model.ce.set(false);
    spi(0x20, 0x0e);
    model.ce.set(true);
    await clock.advance(1);
    expect(air.sent).toHaveLength(0); // crystal still starting
    await clock.advance(2);
    expect(air.sent).toHaveLength(1);
  });

  it('a fourth payload does not fit the TX FIFO', () => {
    const { model, spi } = setup();
    for (let i = 0; i < 4; i++) spi(0xa0, i);
    expect(spi(0xff)[0]! & 0x01).toBe(0x01);
    expect(model.errors).toEqual([expect.stringMatching(/TX FIFO full/)]);
  });
});
