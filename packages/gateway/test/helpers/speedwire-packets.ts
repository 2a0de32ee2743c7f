/**
 * SMA Speedwire energy meter datagrams, laid out as SMA's energy meter protocol describes them (signature,
 * group tag, SMA Net 2 tag with protocol 0x6069, SUSy id, serial, ticker, OBIS channels, end tag).
 */

export interface EmeterValues {
  serial: number;
  susyId?: number;
  tickerMs?: number;
  /** 1.4.0 and 2.4.0 in 0.1 W. */
  importTenthW: number;
  exportTenthW: number;
  /** Per phase [import, export] in 0.1 W (21/22, 41/42, 61/62). */
  phasesTenthW?: [number, number][];
  /** 1.8.0 and 2.8.0 in Ws. */
  importWs?: bigint;
  exportWs?: bigint;
  /** The protocol id; 0x6069 is the energy meter's. */
  protocol?: number;
}

function channel(c: number, d: number, value: number | bigint): Buffer {
  const head = Buffer.from([0, c, d, 0]);
  const body = Buffer.alloc(d === 8 ? 8 : 4);
  if (d === 8) body.writeBigUInt64BE(BigInt(value));
  else body.writeUInt32BE(Number(value));
  return Buffer.concat([head, body]);
}

export function emeterDatagram(v: EmeterValues): Buffer {
  const channels = [channel(1, 4, v.importTenthW), channel(2, 4, v.exportTenthW)];
  if (v.importWs !== undefined) channels.push(channel(1, 8, v.importWs));
  if (v.exportWs !== undefined) channels.push(channel(2, 8, v.exportWs));
  for (const [index, [imp, exp]] of (v.phasesTenthW ?? []).entries()) {
    channels.push(channel(21 + 20 * index, 4, imp), channel(22 + 20 * index, 4, exp));
  }
  channels.push(Buffer.from([144, 0, 0, 0, 2, 0, 18, 82]));
  const head = Buffer.alloc(12);
  head.writeUInt16BE(v.protocol ?? 0x6069, 0);
  head.writeUInt16BE(v.susyId ?? 0x015d, 2);
  head.writeUInt32BE(v.serial, 4);
  head.writeUInt32BE(v.tickerMs ?? 1000, 8);
  const body = Buffer.concat([head, ...channels]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(body.length);
  return Buffer.concat([
    Buffer.from('SMA\0', 'latin1'),
    Buffer.from('000402a000000001', 'hex'),
    length,
    Buffer.from('0010', 'hex'),
    body,
    Buffer.alloc(4),
  ]);
}
