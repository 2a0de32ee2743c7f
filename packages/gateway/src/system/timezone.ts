/**
 * POSIX TZ rule strings, evaluated without Intl: the gateway stores the zone name, looks up
 * the POSIX rule in zones.json and must apply exactly that rule, as the firmware does, even where the
 * host's tz database is older or newer.
 *
 * Offsets here are seconds EAST of UTC (CET → +3600), the opposite sign of the POSIX text (`CET-1`).
 */
import { daysInMonth } from '@dtu-console/contract/common/calendar';
import {
  LOCAL_TIME_MONTHS,
  LOCAL_TIME_WEEKDAYS,
  type LocalTimeParts,
} from '@dtu-console/contract/common/format';

/** When a DST switch happens within its year (POSIX `Jn`, `n` or `Mm.w.d`), plus the local time of day. */
export type TzRule =
  /** Day 1..365, February 29 never counted. */
  | { kind: 'julian'; day: number; timeSeconds: number }
  /** Day 0..365 of the year, February 29 counted. */
  | { kind: 'dayOfYear'; day: number; timeSeconds: number }
  /** Weekday 0..6 (Sunday = 0) of week 1..5 (5 = last) of month 1..12. */
  | { kind: 'month'; month: number; week: number; weekday: number; timeSeconds: number };

export interface PosixTz {
  stdName: string;
  /** Seconds east of UTC outside DST. */
  stdOffsetSeconds: number;
  dst?: {
    name: string;
    /** Seconds east of UTC during DST. */
    offsetSeconds: number;
    start: TzRule;
    end: TzRule;
  };
}

/** A wall-clock time (the parts the time status shows) with what the zone rule adds. */
export interface LocalTime extends LocalTimeParts {
  /** 0 = Sunday */
  weekday: number;
  isDst: boolean;
  /** Seconds east of UTC in effect at that instant. */
  offsetSeconds: number;
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const DEFAULT_RULE_TIME = 2 * 3600;

/** Cursor over the TZ text; every reader returns undefined on a syntax error. */
class Reader {
  pos = 0;
  constructor(readonly text: string) {}

  peek(): string {
    return this.text.charAt(this.pos);
  }

  eat(ch: string): boolean {
    if (this.peek() !== ch) return false;
    this.pos++;
    return true;
  }

  number(maxDigits: number): number | undefined {
    const start = this.pos;
    while (this.pos - start < maxDigits && /[0-9]/.test(this.peek())) this.pos++;
    return this.pos === start ? undefined : Number(this.text.slice(start, this.pos));
  }

  /** `NAME` (3+ letters) or `<+0530>` (quoted, may hold digits and signs). */
  name(): string | undefined {
    if (this.eat('<')) {
      const end = this.text.indexOf('>', this.pos);
      const name = end < 0 ? '' : this.text.slice(this.pos, end);
      if (name.length < 3 || !/^[A-Za-z0-9+-]+$/.test(name)) return undefined;
      this.pos = end + 1;
      return name;
    }
    const match = /^[A-Za-z]{3,}/.exec(this.text.slice(this.pos));
    if (!match) return undefined;
    this.pos += match[0].length;
    return match[0];
  }

  /** `[+-]hh[:mm[:ss]]` in seconds; `maxHours` 24 for offsets, 167 for rule times (extension used by tzdata). */
  duration(maxHours: number): number | undefined {
    let sign = 1;
    if (this.eat('-')) sign = -1;
    else this.eat('+');
    const hours = this.number(3);
    if (hours === undefined || hours > maxHours) return undefined;
    let seconds = hours * 3600;
    for (const factor of [60, 1]) {
      if (!this.eat(':')) break;
      const part = this.number(2);
      if (part === undefined || part > 59) return undefined;
      seconds += part * factor;
    }
    return sign * seconds;
  }

  rule(): TzRule | undefined {
    let rule: TzRule;
    if (this.eat('M')) {
      const month = this.number(2);
      if (!this.eat('.')) return undefined;
      const week = this.number(1);
      if (!this.eat('.')) return undefined;
      const weekday = this.number(1);
      if (month === undefined || month < 1 || month > 12) return undefined;
      if (week === undefined || week < 1 || week > 5) return undefined;
      if (weekday === undefined || weekday > 6) return undefined;
      rule = { kind: 'month', month, week, weekday, timeSeconds: DEFAULT_RULE_TIME };
    } else if (this.eat('J')) {
      const day = this.number(3);
      if (day === undefined || day < 1 || day > 365) return undefined;
      rule = { kind: 'julian', day, timeSeconds: DEFAULT_RULE_TIME };
    } else {
      const day = this.number(3);
      if (day === undefined || day > 365) return undefined;
      rule = { kind: 'dayOfYear', day, timeSeconds: DEFAULT_RULE_TIME };
    }
    if (this.eat('/')) {
      const time = this.duration(167);
      if (time === undefined) return undefined;
      rule.timeSeconds = time;
    }
    return rule;
  }
}

function parse(tz: string): PosixTz | undefined {
  const r = new Reader(tz.trim());
  const stdName = r.name();
  const stdWest = r.duration(24);
  if (stdName === undefined || stdWest === undefined) return undefined;
  const result: PosixTz = { stdName, stdOffsetSeconds: 0 - stdWest };
  if (r.pos === r.text.length) return result;

  const dstName = r.name();
  if (dstName === undefined) return undefined;
  let dstOffsetSeconds = result.stdOffsetSeconds + 3600;
  if (/[0-9+-]/.test(r.peek())) {
    const dstWest = r.duration(24);
    if (dstWest === undefined) return undefined;
    dstOffsetSeconds = 0 - dstWest;
  }
  // No rule after the DST name: glibc and newlib (the firmware's libc) fall back to the US rules.
  let start: TzRule | undefined = {
    kind: 'month',
    month: 3,
    week: 2,
    weekday: 0,
    timeSeconds: DEFAULT_RULE_TIME,
  };
  let end: TzRule | undefined = {
    kind: 'month',
    month: 11,
    week: 1,
    weekday: 0,
    timeSeconds: DEFAULT_RULE_TIME,
  };
  if (r.eat(',')) {
    start = r.rule();
    end = r.eat(',') ? r.rule() : undefined;
    if (start === undefined || end === undefined) return undefined;
  }
  if (r.pos !== r.text.length) return undefined;
  result.dst = { name: dstName, offsetSeconds: dstOffsetSeconds, start, end };
  return result;
}

// Callers evaluate the same one or two strings every few seconds; the table has < 500 entries.
const cache = new Map<string, PosixTz | undefined>();

export function parsePosixTz(tz: string): PosixTz | undefined {
  if (cache.has(tz)) return cache.get(tz);
  const parsed = parse(tz);
  if (cache.size > 1000) cache.clear();
  cache.set(tz, parsed);
  return parsed;
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Epoch ms of the rule's switch in `year`; the rule's time of day is local time in `offsetBefore`. */
function transition(rule: TzRule, year: number, offsetBefore: number): number {
  let dayMs: number;
  if (rule.kind === 'month') {
    const firstWeekday = new Date(Date.UTC(year, rule.month - 1, 1)).getUTCDay();
    let day = 1 + ((rule.weekday - firstWeekday + 7) % 7) + (rule.week - 1) * 7;
    while (day > daysInMonth(year, rule.month)) day -= 7;
    dayMs = Date.UTC(year, rule.month - 1, day);
  } else {
    const index = rule.kind === 'julian' ? rule.day - 1 + (isLeap(year) && rule.day >= 60 ? 1 : 0) : rule.day;
    dayMs = Date.UTC(year, 0, 1) + index * DAY_MS;
  }
  return dayMs + (rule.timeSeconds - offsetBefore) * 1000;
}

function isDstAt(zone: PosixTz, epochMs: number): boolean {
  const dst = zone.dst;
  if (!dst) return false;
  const year = new Date(epochMs + zone.stdOffsetSeconds * 1000).getUTCFullYear();
  const start = transition(dst.start, year, zone.stdOffsetSeconds);
  const end = transition(dst.end, year, dst.offsetSeconds);
  // Southern hemisphere (and Dublin's winter "DST"): the DST period wraps over the new year.
  return start < end ? epochMs >= start && epochMs < end : epochMs >= start || epochMs < end;
}

function offsetOf(zone: PosixTz | undefined, epochMs: number): { offsetSeconds: number; isDst: boolean } {
  if (!zone) return { offsetSeconds: 0, isDst: false };
  const isDst = isDstAt(zone, epochMs);
  return { offsetSeconds: isDst && zone.dst ? zone.dst.offsetSeconds : zone.stdOffsetSeconds, isDst };
}

/** Seconds east of UTC in effect at `epochMs`, DST included; an unparsable rule counts as UTC. */
export function utcOffsetSeconds(tz: string, epochMs: number): number {
  return offsetOf(parsePosixTz(tz), epochMs).offsetSeconds;
}

export function localTime(tz: string, epochMs: number): LocalTime {
  const { offsetSeconds, isDst } = offsetOf(parsePosixTz(tz), epochMs);
  const d = new Date(epochMs + offsetSeconds * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: d.getUTCDay(),
    isDst,
    offsetSeconds,
  };
}

/**
 * Epoch ms of a local wall-clock time. Out-of-range parts roll over (hour 24 = next day's 00). A time that
 * occurs twice (clocks back) gives the earlier instant; a time skipped by a switch (clocks forward) is read
 * with the offset before the switch, so it lands as far after the switch as it was after the old time —
 * the same choice as Temporal's 'compatible' disambiguation.
 */
export function epochOfLocal(tz: string, parts: LocalParts): number {
  const zone = parsePosixTz(tz);
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  if (!zone) return wall;
  const candidates = [zone.stdOffsetSeconds, zone.dst?.offsetSeconds ?? zone.stdOffsetSeconds].map(
    (offset) => wall - offset * 1000,
  );
  const consistent = candidates.filter(
    (epoch) => wall - epoch === offsetOf(zone, epoch).offsetSeconds * 1000,
  );
  return consistent.length > 0 ? Math.min(...consistent) : Math.max(...candidates);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/**
 * Local time as docs/api.md shows ntp_localtime and the sun times: "Monday, March 30 2026 19:18:50"
 * (strftime "%A, %B %d %Y %H:%M:%S", so the day is zero-padded, 24 h clock).
 */
export function formatLocalDateTime(tz: string, epochMs: number): string {
  const t = localTime(tz, epochMs);
  return `${LOCAL_TIME_WEEKDAYS[t.weekday]}, ${LOCAL_TIME_MONTHS[t.month - 1]} ${pad(t.day)} ${t.year} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}
