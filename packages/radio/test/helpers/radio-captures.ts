/**
 * Radio captures written from the protocol documentation: the byte lines are the test vectors of
 * packages/hoymiles/data (runtime-fields.json: requests and answer fragments of each family with their
 * decoded values; protocol.json: re-requests), dressed in the log lines of OpenDTU's verbose output and
 * of AhoyDTU's Raspberry Pi tool, with the unrelated lines such logs carry around them. The documented
 * answers carry the DTU's address in bytes 5..8; real nRF24 inverters write their own there (the capture
 * corpus), so the answers of those families are given that shape here.
 */
import { answerSecondAddress, crc8, FAMILIES, type FamilyId, toHex } from '@dtu-console/hoymiles';
import protocol from '../../../hoymiles/data/protocol.json';
import runtime from '../../../hoymiles/data/runtime-fields.json';

export type RuntimeVector = (typeof runtime.testVectors)[number];

export function runtimeVector(family: string): RuntimeVector {
  const vector = runtime.testVectors.find((v) => v.family === family);
  if (!vector) throw new Error(`no runtime test vector for ${family}`);
  if (answerSecondAddress(FAMILIES[family as FamilyId].series) === 'dtu') return vector;
  return { ...vector, responseFrames: vector.responseFrames.map(namingItself) };
}

/** An answer fragment with the inverter's own address in bytes 5..8, as nRF24 inverters send it. */
function namingItself(frame: string): string {
  const bytes = bytesOf(frame);
  bytes.copyWithin(5, 1, 5);
  bytes[bytes.length - 1] = crc8(bytes, 0, bytes.length - 1);
  return toHex(bytes);
}

/** The documented re-request of fragment `n` (protocol.json; it addresses the HM-800 of HM_2CH). */
export function reRequestVector(fragment: number): string {
  const vector = protocol.testVectors.requestFrame.find((v) => v.fragment === fragment);
  if (!vector) throw new Error(`no re-request vector for fragment ${fragment}`);
  return vector.frame;
}

/** A capture line's hex bytes → bytes. */
export function bytesOf(hex: string): Uint8Array {
  return Uint8Array.from(hex.trim().split(/\s+/), (byte) => Number.parseInt(byte, 16));
}

/** OpenDTU's verbose output for an nRF24 exchange: `TX <cmd> Channel: c --> …`, `RX Channel: c --> … | dBm`. */
export const opendtuNrf = {
  tx: (command: string, channel: number, frame: string) => `TX ${command} Channel: ${channel} --> ${frame}`,
  rx: (channel: number, frame: string, rssi = -80) => `RX Channel: ${channel} --> ${frame} | ${rssi} dBm`,
};

/** OpenDTU's verbose output for a CMT2300A exchange: the frequency in MHz with two decimals. */
export const opendtuCmt = {
  tx: (command: string, mhz: number, frame: string) => `TX ${command} ${mhz.toFixed(2)} MHz --> ${frame}`,
  rx: (mhz: number, frame: string, rssi = -70) => `RX ${mhz.toFixed(2)} MHz --> ${frame} | ${rssi} dBm`,
};

/** AhoyDTU's Raspberry Pi tool: `Received <n> bytes on channel <c>: …`. */
export function ahoyRx(channel: number, frame: string): string {
  return `Received ${frame.trim().split(/\s+/).length} bytes on channel ${channel}: ${frame}`;
}

/** Flips the last byte of a frame's hex (its CRC8). */
export function withBadCrc8(frame: string): string {
  const bytes = frame.trim().split(/\s+/);
  const last = Number.parseInt(bytes.at(-1)!, 16) ^ 0x01;
  return [...bytes.slice(0, -1), last.toString(16).toUpperCase().padStart(2, '0')].join(' ');
}

/** Changes one data byte of a fragment and closes it with a good CRC8: only the payload's CRC16 can tell. */
export function withBadPayload(frame: string): string {
  const bytes = bytesOf(frame);
  bytes[12] = (bytes[12] ?? 0) ^ 0x10;
  bytes[bytes.length - 1] = crc8(bytes, 0, bytes.length - 1);
  return toHex(bytes);
}

/** A multi-data request with its body's CRC16 broken and a good CRC8: only the CRC16 can tell. */
export function withBadCrc16Request(frame: string): string {
  const bytes = bytesOf(frame);
  bytes[24] = (bytes[24] ?? 0) ^ 0xff;
  bytes[bytes.length - 1] = crc8(bytes, 0, bytes.length - 1);
  return toHex(bytes);
}
