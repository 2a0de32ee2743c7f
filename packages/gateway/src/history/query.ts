/**
 * The query forms of GET /api/v2/history/power and /energy (packages/contract/src/history/api.ts): parsed
 * and checked in the documented order, each failure with its code (answered as HTTP 400 with the
 * envelope). Pure apart from the time zone arithmetic.
 */
import {
  Code,
  daysInMonth,
  formatSerialNumber,
  type HistoryEnergyRange,
  HistoryEnergyRanges,
  HistoryLimits,
  serialNumber,
} from '@dtu-console/contract';
import { epochOfLocal } from '../system/timezone';

export type QueryResult<T> = { ok: true; value: T } | { ok: false; code: Code };

export interface PowerQuery {
  /** Unix s; `to` is the end of the last step. */
  from: number;
  to: number;
  step: number;
  date?: string;
  /** Canonical serials asked for; undefined: every inverter. */
  serials?: string[];
}

export interface EnergyQuery {
  range: HistoryEnergyRange;
  date?: string;
  year?: number;
  month?: number;
  serials?: string[];
}

type Query = Record<string, unknown>;

function values(query: Query, key: string): string[] {
  const value = query[key];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

function single(query: Query, key: string): string | undefined {
  return values(query, key)[0];
}

const fail = (code: Code): { ok: false; code: Code } => ({ ok: false, code });

/** Whole decimal number without sign games; undefined otherwise. */
function integer(text: string | undefined): number | undefined {
  if (text === undefined || !/^-?\d{1,15}$/.test(text.trim())) return undefined;
  return Number(text.trim());
}

/** 'YYYY-MM-DD' → parts, only for a real date. */
export function parseDate(
  text: string | undefined,
): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** Unix s of local midnight starting the given day (rolls over, so day + 1 is the next midnight). */
export function localMidnight(tz: string, year: number, month: number, day: number): number {
  return Math.floor(epochOfLocal(tz, { year, month, day, hour: 0, minute: 0, second: 0 }) / 1000);
}

/**
 * The serials of `?serial=` (repeatable) in canonical form; `known` says whether a serial is configured
 * or in the history. Undefined when none was given.
 */
function parseSerials(query: Query, known: (serial: string) => boolean): QueryResult<string[] | undefined> {
  const texts = values(query, 'serial');
  if (texts.length === 0) return { ok: true, value: undefined };
  const serials: string[] = [];
  for (const text of texts) {
    const number = serialNumber(text);
    if (number === 0) return fail(Code.HistoryInverterUnknown);
    const serial = formatSerialNumber(number);
    if (!known(serial)) return fail(Code.HistoryInverterUnknown);
    if (!serials.includes(serial)) serials.push(serial);
  }
  return { ok: true, value: serials };
}

/** Order: range (13004), step (13005), number of steps (13006), serials (13007). */
export function parsePowerQuery(
  query: Query,
  tz: string,
  known: (serial: string) => boolean,
): QueryResult<PowerQuery> {
  const dateText = single(query, 'date');
  let from: number;
  let to: number;
  let date: string | undefined;
  if (dateText !== undefined) {
    const parts = parseDate(dateText);
    if (!parts) return fail(Code.HistoryRangeInvalid);
    from = localMidnight(tz, parts.year, parts.month, parts.day);
    to = localMidnight(tz, parts.year, parts.month, parts.day + 1);
    date = dateText;
  } else {
    const f = integer(single(query, 'from'));
    const t = integer(single(query, 'to'));
    if (f === undefined || t === undefined || f < 0 || t <= f) return fail(Code.HistoryRangeInvalid);
    from = f;
    to = t;
  }
  const stepText = single(query, 'step');
  const step =
    stepText === undefined && date !== undefined ? HistoryLimits.dayStepDefault : integer(stepText);
  if (step === undefined || step % 60 !== 0 || step < HistoryLimits.stepMin || step > HistoryLimits.stepMax) {
    return fail(Code.HistoryStepInvalid);
  }
  const points = Math.ceil((to - from) / step);
  if (points > HistoryLimits.maxPoints) return fail(Code.HistoryTooManyPoints);
  const serials = parseSerials(query, known);
  if (!serials.ok) return serials;
  return {
    ok: true,
    value: {
      from,
      to: from + points * step,
      step,
      ...(date === undefined ? {} : { date }),
      ...(serials.value === undefined ? {} : { serials: serials.value }),
    },
  };
}

/** Order: range and date (13008), serials (13007). */
export function parseEnergyQuery(query: Query, known: (serial: string) => boolean): QueryResult<EnergyQuery> {
  const range = single(query, 'range');
  if (!(HistoryEnergyRanges as readonly string[]).includes(range ?? ''))
    return fail(Code.HistoryPeriodInvalid);
  const date = single(query, 'date');
  let period: Pick<EnergyQuery, 'date' | 'year' | 'month'> = {};
  if (range === 'month') {
    const match = /^(\d{4})-(\d{2})$/.exec(date ?? '');
    const year = Number(match?.[1]);
    const month = Number(match?.[2]);
    if (!match || year < 1970 || month < 1 || month > 12) return fail(Code.HistoryPeriodInvalid);
    period = { date: date as string, year, month };
  } else if (range === 'year') {
    const match = /^(\d{4})$/.exec(date ?? '');
    const year = Number(match?.[1]);
    if (!match || year < 1970) return fail(Code.HistoryPeriodInvalid);
    period = { date: date as string, year };
  }
  const serials = parseSerials(query, known);
  if (!serials.ok) return serials;
  return {
    ok: true,
    value: {
      range: range as HistoryEnergyRange,
      ...period,
      ...(serials.value === undefined ? {} : { serials: serials.value }),
    },
  };
}
