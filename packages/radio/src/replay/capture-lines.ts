/**
 * The frame lines of a radio capture (docs/replay.md): OpenDTU's verbose log and AhoyDTU's Raspberry Pi
 * tool. One line → one frame with its line number, or nothing (every other line is ignored: timestamps,
 * interrupts, other log output). Pure text work; the frames' checksums are checked in `capture.ts`.
 */

export type CaptureFormat = 'opendtu' | 'ahoy' | 'ahoy-esp';

export interface CaptureLine {
  /** 1-based line number in the file, for every message about it. */
  line: number;
  format: CaptureFormat;
  direction: 'tx' | 'rx';
  /** OpenDTU's command name of a request (`RealTimeRunData`, `RequestFrame`, …). */
  commandName?: string;
  /** nRF24 channel or CMT frequency in Hz, as the line says. */
  channel?: number;
  frequencyHz?: number;
  /** Signal strength the line gives (`| -80 dBm`). */
  rssi?: number;
  bytes: Uint8Array;
}

/** A line that looks like a frame line but cannot be read (bad hex, a length that does not match). */
export interface CaptureLineProblem {
  line: number;
  message: string;
}

export type ParsedLine = { ok: true; frame: CaptureLine } | { ok: false; problem: CaptureLineProblem };

const PLACE = String.raw`(?:Channel:\s*(\d+)|(\d+(?:\.\d+)?)\s*MHz)`;
/**
 * `TX RealTimeRunData Channel: 61 --> 15 90 …` or `TX RealTimeRunData 865.00 MHz --> 15 83 …`; over
 * syslog a number may follow the name (`TX ActivePowerControl (01) 868.00 MHz --> …`).
 */
const OPENDTU_TX = new RegExp(
  String.raw`\bTX\s+([A-Za-z][A-Za-z0-9_]*)(?:\s*\(\d+\))?\s+${PLACE}\s*-->\s*(.*)$`,
);
/** `RX Channel: 3 --> 95 90 … | -80 dBm` or `RX 865.00 MHz --> 95 83 … | -70 dBm`. */
const OPENDTU_RX = new RegExp(String.raw`\bRX\s+${PLACE}\s*-->\s*(.*)$`);
/**
 * `Received 27 bytes on channel 75: 95 72 …` (text between the channel and the colon is allowed); the
 * Arduino variant says `on pipe 1` instead, which names no channel.
 */
const AHOY_RX = /\bReceived\s+(\d+)\s+bytes\s+on\s+(channel|pipe)\s+(\d+)[^:]*:\s*(.*)$/;
/**
 * AhoyDTU's ESP firmware: `TX 11B Ch40 | 0f 60 …`, `RX 27B Ch75 | 8f 60 …`, a CMT line with its frequency
 * (`RX 27B 865.00MHz | …`, `TX 868.00Mhz | 15 …` without the count) and, in later versions, the signal
 * strength before the bar (`-62dBm`).
 */
const AHOY_ESP =
  /\b(TX|RX)\s+(?:(\d+)B?\s+)?(?:Ch\s*(\d+)|(\d+(?:\.\d+)?)\s*MHz)(?:\s+(-?\d+)\s*dBm)?\s*\|\s*(.*)$/i;
/** AhoyDTU's ESP firmware 0.8: `RX 82ms | 27 -40dBm | 95 …` (time since sending, count, signal strength). */
const AHOY_ESP_TIMED = /\bRX\s+\d+\s*ms\s*\|\s*(\d+)\s+(-?\d+)\s*dBm\s*\|\s*(.*)$/i;
/** OpenDTU's first versions (2022): `TX 51 72 61 …` and `>> RX  OK: D1 72 61 …`, nRF24 only. */
const EARLY_OPENDTU_TX = /\bTX\s+((?:[0-9A-Fa-f]{2}\s+){10,}[0-9A-Fa-f]{2})\s*$/;
const EARLY_OPENDTU_RX = />>\s*RX\s+OK:\s*(.*)$/;
/** AhoyDTU's Raspberry Pi tool prints its requests too: `Transmit | 15 72 …`. */
const AHOY_TX = /\bTransmit\s*\|\s*(.*)$/;
/** Lines that give the bytes and their direction only (no channel): nRF24 frames. */
const BARE_SHAPES: { pattern: RegExp; format: CaptureFormat; direction: 'tx' | 'rx' }[] = [
  { pattern: EARLY_OPENDTU_TX, format: 'opendtu', direction: 'tx' },
  { pattern: EARLY_OPENDTU_RX, format: 'opendtu', direction: 'rx' },
  { pattern: AHOY_TX, format: 'ahoy', direction: 'tx' },
];
const RSSI = /\|\s*(-?\d+)\s*dBm/;
const HEX_BYTE = /^[0-9A-Fa-f]{2}$/;

/** The hex bytes at the start of `text`, up to the first token that is not a byte (`|`, `…`, the end). */
function hexBytes(text: string): { bytes: Uint8Array; rest: string } {
  const tokens = text.trim().split(/\s+/);
  const bytes: number[] = [];
  let i = 0;
  for (; i < tokens.length && HEX_BYTE.test(tokens[i]!); i++) bytes.push(Number.parseInt(tokens[i]!, 16));
  return { bytes: Uint8Array.from(bytes), rest: tokens.slice(i).join(' ') };
}

function place(channel: string | undefined, mhz: string | undefined) {
  if (channel !== undefined) return { channel: Number(channel) };
  if (mhz !== undefined) return { frequencyHz: Math.round(Number(mhz) * 1e6) };
  return {};
}

function bytesOrProblem(
  line: number,
  text: string,
): { bytes: Uint8Array; rest: string } | CaptureLineProblem {
  const read = hexBytes(text);
  if (read.bytes.length === 0) return { line, message: 'no frame bytes after the arrow' };
  // A trailing "…" (a shortened paste) or any other text before the signal strength is not a frame.
  const rest = read.rest.replace(RSSI, '').trim();
  if (rest !== '')
    return { line, message: `the frame bytes end in "${rest.slice(0, 20)}", not in hex bytes` };
  return read;
}

/** The bytes of a line that states their count (AhoyDTU), or the problem of that line. */
function countedBytes(
  line: number,
  text: string,
  said: string | undefined,
): { bytes: Uint8Array; rest: string } | CaptureLineProblem {
  const read = bytesOrProblem(line, text);
  if ('message' in read || said === undefined || Number(said) === read.bytes.length) return read;
  return { line, message: `says ${said} bytes but holds ${read.bytes.length}` };
}

/** One line of a capture: a frame, a problem with a frame line, or null for any other line. */
export function parseCaptureLine(text: string, line: number): ParsedLine | null {
  const tx = OPENDTU_TX.exec(text);
  if (tx) {
    const read = bytesOrProblem(line, tx[4]!);
    if ('message' in read) return { ok: false, problem: read };
    return {
      ok: true,
      frame: {
        line,
        format: 'opendtu',
        direction: 'tx',
        commandName: tx[1]!,
        ...place(tx[2], tx[3]),
        bytes: read.bytes,
      },
    };
  }
  const rx = OPENDTU_RX.exec(text);
  if (rx) {
    const read = bytesOrProblem(line, rx[3]!);
    if ('message' in read) return { ok: false, problem: read };
    const rssi = RSSI.exec(rx[3]!);
    return {
      ok: true,
      frame: {
        line,
        format: 'opendtu',
        direction: 'rx',
        ...place(rx[1], rx[2]),
        ...(rssi ? { rssi: Number(rssi[1]) } : {}),
        bytes: read.bytes,
      },
    };
  }
  const ahoy = AHOY_RX.exec(text);
  if (ahoy) {
    const read = countedBytes(line, ahoy[4]!, ahoy[1]);
    if ('message' in read) return { ok: false, problem: read };
    return {
      ok: true,
      frame: {
        line,
        format: 'ahoy',
        direction: 'rx',
        ...(ahoy[2] === 'channel' ? { channel: Number(ahoy[3]) } : {}),
        bytes: read.bytes,
      },
    };
  }
  for (const shape of BARE_SHAPES) {
    const match = shape.pattern.exec(text);
    if (!match) continue;
    const read = bytesOrProblem(line, match[1]!);
    if ('message' in read) return { ok: false, problem: read };
    return { ok: true, frame: { line, format: shape.format, direction: shape.direction, bytes: read.bytes } };
  }
  const esp = AHOY_ESP.exec(text);
  if (esp) {
    const read = countedBytes(line, esp[6]!, esp[2]);
    if ('message' in read) return { ok: false, problem: read };
    return {
      ok: true,
      frame: {
        line,
        format: 'ahoy-esp',
        direction: esp[1]!.toUpperCase() === 'TX' ? 'tx' : 'rx',
        ...place(esp[3], esp[4]),
        ...(esp[5] === undefined ? {} : { rssi: Number(esp[5]) }),
        bytes: read.bytes,
      },
    };
  }
  const timed = AHOY_ESP_TIMED.exec(text);
  if (timed) {
    const read = countedBytes(line, timed[3]!, timed[1]);
    if ('message' in read) return { ok: false, problem: read };
    return {
      ok: true,
      frame: { line, format: 'ahoy-esp', direction: 'rx', rssi: Number(timed[2]), bytes: read.bytes },
    };
  }
  return null;
}
