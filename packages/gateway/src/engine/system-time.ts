/** The engine's calendar and sun from system/sun.ts and system/timezone.ts (POSIX TZ rules). */
import { sunStatus } from '../system/sun';
import { localTime, utcOffsetSeconds } from '../system/timezone';
import type { EngineTime } from './time';

const pad = (n: number) => String(n).padStart(2, '0');

export const systemEngineTime: EngineTime = {
  isDay: (query) => sunStatus(query).isDay,
  localDate: (tz, epochMs) => {
    const t = localTime(tz, epochMs);
    return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
  },
  utcOffsetSeconds,
};
