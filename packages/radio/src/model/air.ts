/**
 * The virtual air between the chip models (`radio/model/`) and the far side (virtual inverters, or a test's
 * scripted peer). A packet carries what a real receiver matches on; a chip model hears a packet only when
 * its own state matches (mode, channel or frequency, address, data rate, CRC), as the chip would.
 */

export interface NrfAirPacket {
  kind: 'nrf24';
  /** RF channel n: 2400 + n MHz. */
  channel: number;
  /** 250, 1000 or 2000 kbps. */
  dataRateKbps: number;
  /** 0 (no CRC), 1 or 2 bytes. */
  crcBytes: number;
  /** The address as sent on air, first byte first (the chip's registers hold it LSB first). */
  address: Uint8Array;
  payload: Uint8Array;
  /** Enhanced ShockBurst: the receiver is asked to acknowledge (auto-ack). */
  wantsAck: boolean;
}

export interface CmtAirPacket {
  kind: 'cmt';
  /** Carrier frequency in Hz. */
  frequencyHz: number;
  /** The payload after the length byte (the Hoymiles frame). */
  payload: Uint8Array;
  /** Received signal strength the receiver would measure, dBm (set by the far side). */
  rssiDbm?: number;
}

export type AirPacket = NrfAirPacket | CmtAirPacket;

export interface Air {
  /**
   * Puts a packet on the air now (the air's clock). Returns true when some receiver took it and, for an
   * nRF packet that wants one, acknowledged it.
   */
  send(packet: AirPacket): boolean;
  /**
   * Packets sent by the far side reach `listener` at their arrival time; returns an unsubscribe. The
   * listener returns true when its chip acknowledged the packet (an nRF packet that asked for it).
   */
  listen(listener: (packet: AirPacket) => unknown): () => void;
}
