/**
 * The calendar and sun facts the engine needs, behind one small interface so tests can pin day, night and
 * the local date without a real time zone. `system-time.ts` implements it with system/sun and
 * system/timezone.
 */
import type { SunsetType } from '@dtu-console/contract';

export interface DayQuery {
  epochMs: number;
  /** Time zone as configured (EngineLocationSettings.timezone). */
  tz: string;
  latitude: number;
  longitude: number;
  sunsetType: SunsetType;
  /** An unsynchronised clock counts as day all day. */
  synchronised: boolean;
}

export interface EngineTime {
  /** Between the computed sunrise and sunset of the selected type. */
  isDay(query: DayQuery): boolean;
  /** The local calendar date as a comparable key, e.g. '2026-06-21'; a change is the day change. */
  localDate(tz: string, epochMs: number): string;
  /** Local time − UTC in seconds, DST included (event-log times). */
  utcOffsetSeconds(tz: string, epochMs: number): number;
}

/**
 * ms of gateway-clock time from `then` to `now`, for spacing rules (night evaluation, limit read-back).
 * The gateway clock is wall time and can be set back (a manual time set, SNTP correcting a host clock that
 * ran ahead); a `then` in the future then says nothing about the spacing and counts as long ago, instead of
 * holding the rule off until the clock has caught up again. Never: also long ago.
 */
export function elapsedMs(now: number, then: number | null): number {
  return then === null || then > now ? Number.POSITIVE_INFINITY : now - then;
}
