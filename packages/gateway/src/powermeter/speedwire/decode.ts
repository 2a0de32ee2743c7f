/**
 * SMA Speedwire energy meter datagrams (SMA Energy Meter, Sunny Home Manager 2.0), docs/meter.md:
 *
 *   "SMA\0" · tag 0x02a0 (length 4, group 1) · length of the data tag · tag 0x0010 (SMA Net 2) ·
 *   protocol 0x6069 · SUSy id (2) · serial (4) · time in ms (4) · OBIS channels … · end tag 0x0000
 *
 * All numbers are big-endian. A channel is `channel, C, D, E` then 4 bytes (D = 4, an actual value) or
 * 8 bytes (D = 8, a counter). Active power: import 1.4.0 and export 2.4.0 in 0.1 W, per phase 21/22,
 * 41/42, 61/62; energy: 1.8.0 and 2.8.0 in Ws. The software version (channel 144) is 4 bytes.
 *
 * Anything else on the port (inverter datagrams, discovery, garbage) is named and thrown away: the decoder
 * reads only inside the datagram and never throws on any input.
 */

export const SMA_SIGNATURE = 0x534d4100;
export const SMA_NET2_TAG = 0x0010;
export const EMETER_PROTOCOL = 0x6069;
/** Signature, group tag, data tag and protocol, SUSy id, serial, time: the channels start here. */
const CHANNELS_AT = 28;

export interface EmeterDatagram {
  susyId: number;
  serial: number;
  /** The meter's millisecond ticker. */
  tickerMs: number;
  /** Import − export, W. */
  powerW: number;
  phasesW?: number[];
  importWh?: number;
  exportWh?: number;
}

export type SpeedwireResult =
  | { ok: true; datagram: EmeterDatagram }
  /** `otherDevice`: a well-formed SMA datagram of another protocol (an inverter on the same port). */
  | { ok: false; detail: string; otherDevice?: true };

const fail = (detail: string): SpeedwireResult => ({ ok: false, detail });

/** Reads one datagram received on port 9522. */
export function decodeSpeedwire(bytes: Buffer): SpeedwireResult {
  if (bytes.length < 4 || bytes.readUInt32BE(0) !== SMA_SIGNATURE) return fail('not an SMA datagram');
  if (bytes.length < CHANNELS_AT) return fail(`SMA datagram of ${bytes.length} bytes is too short`);
  if (bytes.readUInt16BE(4) !== 4 || bytes.readUInt16BE(6) !== 0x02a0)
    return fail('SMA datagram without its group tag');
  const dataLength = bytes.readUInt16BE(12);
  if (bytes.readUInt16BE(14) !== SMA_NET2_TAG) return fail('SMA datagram is not SMA Net 2');
  const protocol = bytes.readUInt16BE(16);
  if (protocol !== EMETER_PROTOCOL)
    return {
      ok: false,
      detail: `SMA datagram of protocol 0x${protocol.toString(16)}, not an energy meter's`,
      otherDevice: true,
    };
  // The data tag's length counts from the protocol id; a datagram cut short has fewer bytes than it says.
  const end = 16 + dataLength;
  if (dataLength < CHANNELS_AT - 16 || end > bytes.length)
    return fail(`SMA datagram cut short (${bytes.length} bytes, it announces ${end})`);
  const values = new Map<string, number>();
  let at = CHANNELS_AT;
  while (at + 4 <= end) {
    const channel = bytes[at] as number;
    const c = bytes[at + 1] as number;
    const d = bytes[at + 2] as number;
    const e = bytes[at + 3] as number;
    at += 4;
    if (channel === 0 && c === 0 && d === 0 && e === 0) break;
    // Channel 144 is the software version (4 bytes); other channels carry 4 (D = 4) or 8 (D = 8) bytes.
    const size = channel === 144 ? 4 : d === 8 ? 8 : d === 4 ? 4 : -1;
    if (size < 0) return fail(`SMA datagram with an unknown channel ${channel}:${c}.${d}.${e}`);
    if (at + size > end) return fail('SMA datagram ends inside a value');
    if (channel === 0) {
      const value = size === 8 ? Number(bytes.readBigUInt64BE(at)) : bytes.readUInt32BE(at);
      values.set(`${c}.${d}`, value);
    }
    at += size;
  }
  const power = (c: number) => values.get(`${c}.4`);
  const imported = power(1);
  const exported = power(2);
  if (imported === undefined || exported === undefined)
    return fail('SMA energy meter datagram without active power (1.4.0 and 2.4.0)');
  const datagram: EmeterDatagram = {
    susyId: bytes.readUInt16BE(18),
    serial: bytes.readUInt32BE(20),
    tickerMs: bytes.readUInt32BE(24),
    powerW: (imported - exported) / 10,
  };
  const phases = [21, 41, 61].map((c) => {
    const p = power(c);
    const n = power(c + 1);
    return p === undefined || n === undefined ? undefined : (p - n) / 10;
  });
  if (phases.every((p) => p !== undefined)) datagram.phasesW = phases as number[];
  const importWs = values.get('1.8');
  const exportWs = values.get('2.8');
  if (importWs !== undefined) datagram.importWh = importWs / 3600;
  if (exportWs !== undefined) datagram.exportWh = exportWs / 3600;
  return { ok: true, datagram };
}
