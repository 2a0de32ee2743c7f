/**
 * The reads of a Wi-Fi device's poll cycle, one request (or run of pages) each: the device information,
 * every page of real data, the alarm list as event-log entries, and the day's power curve. Each marks the
 * device as having answered; what the replies mean for the device's inverters is the record's job
 * (device-record.ts).
 */
import type { Clock } from '@dtu-console/clock';
import type { EventLogEntry } from '@dtu-console/hoymiles';
import {
  AlarmReplySchema,
  AlarmRequestSchema,
  APP_OFFSET_S,
  type AppInfoReply,
  AppInfoReplySchema,
  AppInfoRequestSchema,
  create,
  HistPowerReplySchema,
  HistPowerRequestSchema,
  type RealDataReply,
  RealDataReplySchema,
  RealDataRequestSchema,
  serialOfNumber,
  WifiTag,
  ymdHms,
} from '@dtu-console/hoymiles-wifi';
import type { WifiConnection } from './client/connection';

export interface WifiReadContext {
  connection: WifiConnection;
  clock: Clock;
  /** The device answered a request. */
  answered(): void;
}

/**
 * The day's power curve: start (Unix seconds), step between points (seconds), watts, and the serial the
 * reply names (an inverter's, or the device's own; "" when it names none).
 */
export interface WifiPowerCurve {
  start: number;
  stepS: number;
  powerW: number[];
  serial: string;
}

/** The device information: serial, firmware, served inverters, whether it encrypts and its key. */
export async function readAppInfo(x: WifiReadContext): Promise<AppInfoReply> {
  const now = x.clock.now();
  const info = await x.connection.request(
    WifiTag.AppInfo,
    AppInfoRequestSchema,
    create(AppInfoRequestSchema, {
      timeYmdHms: ymdHms(now),
      offset: APP_OFFSET_S,
      time: Math.floor(now / 1000),
    }),
    AppInfoReplySchema,
  );
  x.answered();
  return info;
}

/** Every page of real data (at most 32), as many as the first page announces. */
export async function readRealData(x: WifiReadContext): Promise<RealDataReply[]> {
  const pages: RealDataReply[] = [];
  let total = 1;
  for (let cp = 0; cp < total && cp < 32; cp++) {
    const now = x.clock.now();
    const page = await x.connection.request(
      WifiTag.RealData,
      RealDataRequestSchema,
      create(RealDataRequestSchema, {
        timeYmdHms: ymdHms(now),
        cp,
        offset: APP_OFFSET_S,
        time: Math.floor(now / 1000),
      }),
      RealDataReplySchema,
    );
    x.answered();
    if (cp === 0) total = Math.max(1, page.ap);
    pages.push(page);
  }
  return pages;
}

/** The alarm list, as event-log entries by inverter serial. */
export async function readAlarms(x: WifiReadContext): Promise<Map<string, EventLogEntry[]>> {
  const now = x.clock.now();
  const reply = await x.connection.request(
    WifiTag.AlarmList,
    AlarmRequestSchema,
    create(AlarmRequestSchema, {
      timeYmdHms: ymdHms(now),
      offset: APP_OFFSET_S,
      time: Math.floor(now / 1000),
    }),
    AlarmReplySchema,
  );
  x.answered();
  const bySerial = new Map<string, EventLogEntry[]>();
  for (const alarm of reply.alarms) {
    const serial = serialOfNumber(alarm.pvSn);
    const list = bySerial.get(serial) ?? [];
    list.push(eventOfAlarm(alarm.code, alarm.start, alarm.end));
    bySerial.set(serial, list);
  }
  return bySerial;
}

/** The day's power curve as of `now` (epoch ms): every page of it (at most 16). */
export async function readPowerCurve(x: WifiReadContext, now: number): Promise<WifiPowerCurve> {
  const first = await x.connection.request(
    WifiTag.HistPower,
    HistPowerRequestSchema,
    create(HistPowerRequestSchema, { cp: 0, offset: APP_OFFSET_S, requestedTime: Math.floor(now / 1000) }),
    HistPowerReplySchema,
  );
  const power = [...first.powerArray];
  for (let cp = 1; cp < first.ap && cp < 16; cp++) {
    const page = await x.connection.request(
      WifiTag.HistPower,
      HistPowerRequestSchema,
      create(HistPowerRequestSchema, { cp, offset: APP_OFFSET_S, requestedTime: Math.floor(now / 1000) }),
      HistPowerReplySchema,
    );
    power.push(...page.powerArray);
  }
  x.answered();
  return {
    start: first.absoluteStart,
    stepS: first.stepTime,
    powerW: power.map((p) => p / 10),
    serial: first.serialNumber === 0n ? '' : serialOfNumber(first.serialNumber),
  };
}

/** An alarm (Unix seconds) as the radio event log holds it: seconds into the 12-hour half of the UTC day. */
export function eventOfAlarm(code: number, start: number, end: number): EventLogEntry {
  const startOfDay = ((start % 86_400) + 86_400) % 86_400;
  const endOfDay = end > 0 ? ((end % 86_400) + 86_400) % 86_400 : 0;
  return {
    eventWord: code & 0xffff,
    messageId: code & 0xff,
    rawStart: startOfDay % 43_200,
    rawEnd: end > 0 ? endOfDay % 43_200 : 0,
    startPm: startOfDay >= 43_200,
    endPm: end > 0 && endOfDay >= 43_200,
  };
}
