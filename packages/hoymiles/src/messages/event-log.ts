/**
 * Event (alarm) log, data type 0x11: layout, times and message texts (docs/protocol.md), and the OpenDTU
 * quirks about event ids and times (docs/compatibility.md). Message texts come from alarm-codes.json.
 */
import alarmCodes from '../../data/alarm-codes.json';
import { ok, type Result } from '../errors';
import { DataType, type EventMessageSet } from '../types';
import { CRC16_LENGTH, checkPayload, readUint, sealPayload, writeInt } from './payload';

export const EVENT_LOG_DATA_TYPE = DataType.EventLog;

/** The inverter keeps at most 15 entries (184 bytes with header and CRC). */
export const EVENT_LOG_MAX_ENTRIES = 15;
export const EVENT_LOG_ENTRY_LENGTH = 12;

const HEADER_LENGTH = 2;
const HALF_DAY = 43200;
const DAY = 86400;
const START_PM_BIT = 1 << 13;
const END_PM_BIT = 1 << 12;

/** Text for an id without an entry (or an HMT-only id on another family). */
export const UNKNOWN_EVENT_MESSAGE = 'Unknown';

/** One entry as on the wire; times are UTC, folded into 12 hours. */
export interface EventLogEntry {
  /** The whole 16-bit event word; bits other than the id and the two PM flags are unknown (bit 15 is seen). */
  eventWord: number;
  /**
   * Low byte of the event word, kept as the OpenDTU quirk "event ids use the low byte only"
   * (docs/compatibility.md): ids above 255 cannot occur.
   */
  messageId: number;
  /** Seconds into the 12-hour half of the UTC day. */
  rawStart: number;
  /** Seconds into a 12-hour half; 0 = still active / no end. */
  rawEnd: number;
  /** Bit 13: start is in the second half of the day. */
  startPm: boolean;
  /** Bit 12: end is in the second half of the day. */
  endPm: boolean;
}

/** One entry as /api/eventlog/status shows it. */
export interface EventLogEvent {
  messageId: number;
  message: string;
  /** Seconds after local midnight; may be negative or above 86399 near midnight (no wrap). */
  startTime: number;
  /** Like startTime; 0 while the event is active. */
  endTime: number;
}

export interface EventLogView {
  count: number;
  events: EventLogEvent[];
}

// --- decode ---------------------------------------------------------------------------------------

/**
 * Decodes the joined payload into its entries. OpenDTU counts ⌊(length − 2) / 12⌋ entries with the CRC
 * included, which can read an entry out of trailing bytes and the CRC; we count only complete entries
 * before the CRC, and at most 15 (anything after is ignored).
 */
export function decodeEventLog(payload: Uint8Array): Result<EventLogEntry[]> {
  const checked = checkPayload(payload, HEADER_LENGTH + CRC16_LENGTH, 'event log');
  if (!checked.ok) return checked;
  const dataEnd = payload.length - CRC16_LENGTH;
  const count = Math.min(
    EVENT_LOG_MAX_ENTRIES,
    Math.floor((dataEnd - HEADER_LENGTH) / EVENT_LOG_ENTRY_LENGTH),
  );
  const entries: EventLogEntry[] = [];
  for (let i = 0; i < count; i++) {
    const at = HEADER_LENGTH + i * EVENT_LOG_ENTRY_LENGTH;
    const eventWord = readUint(payload, at, 2);
    entries.push({
      eventWord,
      messageId: eventWord & 0xff,
      rawStart: readUint(payload, at + 4, 2),
      rawEnd: readUint(payload, at + 6, 2),
      startPm: (eventWord & START_PM_BIT) !== 0,
      endPm: (eventWord & END_PM_BIT) !== 0,
    });
  }
  return ok(entries);
}

// --- times ---------------------------------------------------------------------------------

/**
 * Local seconds after midnight: raw + 12 h if PM + tz. `tzOffsetSeconds` is local time − UTC now (DST
 * included), taken when the log is rendered. Plain signed arithmetic: a negative offset gives negative
 * values just after UTC midnight instead of wrapping to huge unsigned numbers.
 */
export function eventLogTimes(
  entry: EventLogEntry,
  tzOffsetSeconds: number,
): { startTime: number; endTime: number } {
  const startTime = entry.rawStart + (entry.startPm ? HALF_DAY : 0) + tzOffsetSeconds;
  const endTime = entry.rawEnd === 0 ? 0 : entry.rawEnd + (entry.endPm ? HALF_DAY : 0) + tzOffsetSeconds;
  return { startTime, endTime };
}

/** "HH:MM:SS" of a seconds-after-midnight value taken modulo 24 h (negative values too). */
export function formatEventTime(seconds: number): string {
  const s = ((Math.trunc(seconds) % DAY) + DAY) % DAY;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

// --- message text --------------------------------------------------------------------------

interface AlarmCode {
  meaning: string | null;
  category: string;
  hmtMeaning?: string;
}

const CODES = alarmCodes.codes as Record<string, AlarmCode>;

export interface EventMessageInfo {
  message: string;
  /** alarm-codes.json category (status, grid, pv, …), or null when unknown. */
  category: string | null;
}

/** Meaning and category of an id; on HMT an `hmtMeaning` replaces the meaning, and id 171 exists only there. */
export function eventMessageInfo(messageId: number, messageSet: EventMessageSet): EventMessageInfo {
  const key = String(messageId);
  const code = Object.hasOwn(CODES, key) ? CODES[key] : undefined;
  const text = messageSet === 'HMT' ? (code?.hmtMeaning ?? code?.meaning) : code?.meaning;
  if (code === undefined || text === undefined || text === null) {
    return { message: UNKNOWN_EVENT_MESSAGE, category: null };
  }
  return { message: text, category: code.category };
}

export function eventMessage(messageId: number, messageSet: EventMessageSet): string {
  return eventMessageInfo(messageId, messageSet).message;
}

/** The entries as the API shows them, for the current UTC offset and the family's message set. */
export function renderEventLog(
  entries: readonly EventLogEntry[],
  options: { tzOffsetSeconds: number; messageSet: EventMessageSet },
): EventLogView {
  return {
    count: entries.length,
    events: entries.map((e) => ({
      messageId: e.messageId,
      message: eventMessage(e.messageId, options.messageSet),
      ...eventLogTimes(e, options.tzOffsetSeconds),
    })),
  };
}

// --- encode (simulator) ---------------------------------------------------------------------------

/**
 * An entry from UTC seconds of the day (0..86399) as a simulated inverter keeps them; `endUtcSeconds`
 * null while the event is active. `extraBits` are the unknown high bits of the word (e.g. 0x8000).
 * An end exactly at 00:00:00 or 12:00:00 UTC would fold to raw 0, which means "no end"; it is sent one
 * second later instead, so a finished event stays finished.
 */
export function eventLogEntryFromUtc(
  messageId: number,
  startUtcSeconds: number,
  endUtcSeconds: number | null,
  extraBits = 0,
): EventLogEntry {
  const start = ((Math.trunc(startUtcSeconds) % DAY) + DAY) % DAY;
  let end = endUtcSeconds === null ? null : ((Math.trunc(endUtcSeconds) % DAY) + DAY) % DAY;
  if (end !== null && end % HALF_DAY === 0) end += 1;
  const startPm = start >= HALF_DAY;
  const endPm = end !== null && end >= HALF_DAY;
  const id = messageId & 0xff;
  const word = (extraBits & ~(0xff | START_PM_BIT | END_PM_BIT) & 0xffff) | id;
  return {
    eventWord: word | (startPm ? START_PM_BIT : 0) | (endPm ? END_PM_BIT : 0),
    messageId: id,
    rawStart: start % HALF_DAY,
    rawEnd: end === null ? 0 : end % HALF_DAY,
    startPm,
    endPm,
  };
}

/**
 * Payload `00 01`, one 12-byte entry each (at most 15; more are dropped, oldest first kept), CRC16.
 * `messageId`, `startPm` and `endPm` are authoritative; other bits come from `eventWord`. The unknown
 * words are sent as observed: `00 01` after the event word, zeros at the end.
 */
export function encodeEventLog(entries: readonly EventLogEntry[]): Uint8Array {
  const list = entries.slice(0, EVENT_LOG_MAX_ENTRIES);
  const data = new Uint8Array(HEADER_LENGTH + list.length * EVENT_LOG_ENTRY_LENGTH);
  data[1] = 0x01;
  list.forEach((e, i) => {
    const at = HEADER_LENGTH + i * EVENT_LOG_ENTRY_LENGTH;
    const word =
      (e.eventWord & ~(0xff | START_PM_BIT | END_PM_BIT) & 0xffff) |
      (e.messageId & 0xff) |
      (e.startPm ? START_PM_BIT : 0) |
      (e.endPm ? END_PM_BIT : 0);
    writeInt(data, at, 2, word);
    writeInt(data, at + 2, 2, 0x0001);
    writeInt(data, at + 4, 2, Math.min(0xffff, Math.max(0, Math.trunc(e.rawStart))));
    writeInt(data, at + 6, 2, Math.min(0xffff, Math.max(0, Math.trunc(e.rawEnd))));
  });
  return sealPayload(data);
}
