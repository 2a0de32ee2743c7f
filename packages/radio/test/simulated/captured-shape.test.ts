/**
 * The simulator is built from real captures, never the other way round: for every answer in the corpus of
 * owners' captures (packages/hoymiles/test/captures), a virtual inverter of the same family asked the same
 * thing must answer in the same header shape: the answer's command byte, what bytes 5..8 name (the
 * inverter itself or the DTU), the fragment numbering with its last flag, and the fragments' lengths.
 */
import { crc8, DataType, familyOfSerial, isMiFamily, parseRequest } from '@dtu-console/hoymiles';
import { describe, expect, it } from 'vitest';
import { parseCaptureLine } from '../../src/replay/capture-lines';
import {
  type CapturedExchangeEntry,
  type CaptureEntry,
  readCaptureLog,
  readCorpus,
} from '../helpers/capture-corpus';
import { DTU_SERIAL, setup } from './helpers';

/** 21 June 2024 12:00 CEST: the virtual inverters are awake. */
const NOON = Date.UTC(2024, 5, 21, 10, 0, 0);

const DATA_TYPES: Record<string, number> = {
  'run-data': DataType.RunData,
  'system-config': DataType.SystemConfig,
  'device-info-all': DataType.DeviceInfoAll,
  'device-info-simple': DataType.DeviceInfoSimple,
  'alarm-data': DataType.EventLog,
};

/** The answers' length depends on the inverter's state, not on its family (how many events it holds). */
const VARIABLE_LENGTH = new Set(['alarm-data']);

interface Shape {
  command: number;
  /** What bytes 5..8 name. */
  second: 'inverter' | 'dtu' | 'other';
  /** Byte 9 of each fragment, in fragment order: numbers 1..n, bit 7 on the last. */
  numbering: number[];
  /** Data bytes of each fragment, in fragment order. */
  lengths: number[];
}

function address(frame: Uint8Array, offset: number): number {
  return (
    ((frame[offset]! << 24) | (frame[offset + 1]! << 16) | (frame[offset + 2]! << 8) | frame[offset + 3]!) >>>
    0
  );
}

function shapeOf(frames: Uint8Array[], dtu: number | undefined): Shape {
  const byNumber = new Map<number, Uint8Array>();
  for (const frame of frames) if (!byNumber.has(frame[9]! & 0x7f)) byNumber.set(frame[9]! & 0x7f, frame);
  const ordered = [...byNumber.entries()].sort(([a], [b]) => a - b).map(([, frame]) => frame);
  const first = ordered[0]!;
  const second = address(first, 5);
  return {
    command: first[0]!,
    second: second === address(first, 1) ? 'inverter' : second === dtu ? 'dtu' : 'other',
    numbering: ordered.map((frame) => frame[9]!),
    lengths: ordered.map((frame) => frame.length - 11),
  };
}

/** The capture's request and answer frames within an exchange's lines. */
function framesOf(entry: CaptureEntry, exchange: CapturedExchangeEntry) {
  const lines = readCaptureLog(entry).split(/\r?\n/);
  const requests: Uint8Array[] = [];
  const answers: Uint8Array[] = [];
  for (let n = exchange.lines[0]; n <= exchange.lines[1]; n++) {
    const parsed = parseCaptureLine(lines[n - 1] ?? '', n);
    if (!parsed?.ok) continue;
    (parsed.frame.direction === 'tx' ? requests : answers).push(parsed.frame.bytes);
  }
  return { requests, answers };
}

interface Case {
  name: string;
  entry: CaptureEntry;
  exchange: CapturedExchangeEntry;
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const entry of readCorpus()) {
    const family = entry.serial === null ? undefined : familyOfSerial(entry.serial);
    // A DTU given the inverter's own serial makes bytes 5..8 say nothing.
    if (family === undefined || isMiFamily(family) || entry.dtu_address === entry.inverter_address) continue;
    for (const exchange of entry.exchanges) {
      if (!exchange.complete) continue;
      // An HM sometimes answers the limit read-back with its run data: that answer is no read-back's shape.
      const { answers } = framesOf(entry, exchange);
      if (exchange.request === 'system-config' && answers.length !== 1) continue;
      const known = exchange.request in DATA_TYPES || exchange.request.endsWith('-ack');
      if (known) all.push({ name: `${entry.stem} ${exchange.request}`, entry, exchange });
    }
  }
  return all;
}

describe('the simulator answers in the captured shape', () => {
  it('has captured answers of each radio family to compare with', () => {
    const families = new Set(cases().map(({ entry }) => entry.family));
    expect([...families].sort()).toEqual(expect.arrayContaining(['HM', 'HMS']));
  });

  it.each(cases())('$name', async ({ entry, exchange }) => {
    const serial = entry.serial!;
    const sim = setup({ start: NOON, serials: [serial], atStart: true });
    const captured = framesOf(entry, exchange);
    const capturedDtu = entry.dtu_address === null ? undefined : Number.parseInt(entry.dtu_address, 16);
    const expected = shapeOf(captured.answers, capturedDtu);

    let request: Uint8Array;
    const dataType = DATA_TYPES[exchange.request];
    if (dataType !== undefined) request = sim.dtu.dataRequest(serial, dataType);
    else {
      // The captured command itself, sent by this DTU.
      const control = captured.requests.find((frame) => parseRequest(frame).ok);
      expect(control, 'the capture holds the command').toBeDefined();
      request = Uint8Array.from(control!);
      request.set(sim.dtu.dataRequest(serial, DataType.RunData).subarray(5, 9), 5);
      request[request.length - 1] = crc8(request, 0, request.length - 1);
    }
    const radio = sim.dtu.radioOf(serial);
    const answers = await sim.radio.transmit({ radio, frame: request, windowMs: 2000 });
    const ours = shapeOf(answers, Number.parseInt(DTU_SERIAL.slice(-8), 16));

    expect(ours.command).toBe(expected.command);
    expect(ours.second, 'what bytes 5..8 name').toBe(expected.second);
    if (VARIABLE_LENGTH.has(exchange.request)) {
      // Fragments are full but the last, and the last carries the flag.
      expect(ours.lengths.slice(0, -1).every((length) => length === 16)).toBe(true);
      expect(ours.numbering.at(-1)! & 0x80).toBe(0x80);
    } else {
      expect(ours.numbering, 'fragment numbers and last flag').toEqual(expected.numbering);
      expect(ours.lengths, 'data bytes per fragment').toEqual(expected.lengths);
    }
  });
});
