/**
 * The two checksums of the Hoymiles radio protocol.
 * CRC8 closes every frame; CRC16 (CRC-16/MODBUS) closes a request body and a joined response payload.
 */

/** CRC8: polynomial 0x01, init 0x00, MSB-first, no reflection, no final XOR. */
export function crc8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i]!;
    for (let bit = 0; bit < 8; bit++) {
      crc = ((crc << 1) ^ (crc & 0x80 ? 0x01 : 0)) & 0xff;
    }
  }
  return crc;
}

/** CRC-16/MODBUS: reflected polynomial 0xA001, init 0xFFFF, no final XOR. Stored high byte first. */
export function crc16(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++) {
    crc ^= bytes[i]!;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    }
  }
  return crc;
}
