/** What the nRF24 driver reports about its chip: health for the status, counters for diagnostics. */

/** What the driver knows about its chip, for diagnostics. */
export interface Nrf24Health {
  configured: boolean;
  connected: boolean;
  pvariant: boolean;
  /** Why the chip is not usable, in words for the user; undefined when all is well. */
  reason: string | undefined;
  /**
   * The IRQ line as seen so far: 'ok' once it signalled, 'silent' when STATUS had a flag the line did not
   * show, 'stuck-low' when it was low with no flag set; the driver then works by polling, a few ms slower.
   * 'unknown' before any of these.
   */
  irqLine: 'unknown' | 'ok' | 'silent' | 'stuck-low';
}

/** Running counts since start, for diagnostics. */
export interface Nrf24Counters {
  /** Frames put on the air. */
  sent: number;
  /** Sends the inverter acknowledged (TX_DS). */
  acked: number;
  /** Sends that ran out of retransmits (MAX_RT). */
  notAcked: number;
  /** Retransmits used by all sends (OBSERVE_TX ARC_CNT). */
  retransmits: number;
  /** Frames read from the RX FIFO. */
  received: number;
  /** Times the RX FIFO was found full: frames that arrived meanwhile were dropped by the chip. */
  rxFifoFull: number;
  /** Times STATUS had an unmasked flag while the IRQ line was high: the IRQ line is not wired or dead. */
  irqMissed: number;
  /** Payload widths over 32 (a corrupt packet): the RX FIFO was flushed. */
  badWidths: number;
  /** SPI or GPIO errors; the chip is set up again on the next transmit. */
  ioErrors: number;
}

/** The words for a chip that did not pass the presence check (SETUP_AW read back `value`). */
export function absentReason(path: string, value: number | undefined): string {
  if (value === 0x00)
    return `no nRF24L01+ answers on ${path}: every byte reads 0x00 (check the wiring and 3.3 V)`;
  if (value === 0xff)
    return `no nRF24L01+ answers on ${path}: every byte reads 0xFF (module missing or not powered)`;
  return `the chip on ${path} is not an nRF24L01+: SETUP_AW reads back 0x${(value ?? 0).toString(16).padStart(2, '0')} instead of 0x03`;
}
