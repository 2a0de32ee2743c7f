/**
 * /api/ntp/* and the legacy /zones.json. Time is the gateway's own clock (host time plus an
 * offset); setting it never touches the host clock. The SNTP service (time-sync/service.ts) asks the
 * configured server in the background; these routes only read whether it answers.
 */
import { isSettableClock } from '@dtu-console/clock';
import {
  Code,
  envelope,
  internalErrorBody,
  type NtpConfig,
  type NtpConfigPayload,
  type NtpStatus,
  type NtpTimeResponse,
  ntpConfigSchema,
  ntpTimeSchema,
  type TimezoneMap,
} from '@dtu-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { DeepReadonly, GatewayConfig } from '../config/schema';
import type { GatewayContext } from '../context';
import { notModified } from '../http/conditional';
import { postData, savedEnvelope } from '../http/post-data';
import { sunStatus } from '../system/sun';
import { epochOfLocal, formatLocalDateTime, localTime } from '../system/timezone';
import { posixRuleOf, zonesAsset, zoneTable } from '../system/zones';

type NtpSection = DeepReadonly<GatewayConfig['ntp']>;

/** The POSIX rule in effect, the same one the engine uses (system/zones.ts). */
export function posixRule(ntp: NtpSection): string {
  return posixRuleOf(ntp.timezone, ntp.timezone_descr);
}

export function ntpConfigResponse(ntp: NtpSection): NtpConfig {
  return {
    ntp_server: ntp.server,
    ntp_timezone: posixRule(ntp),
    ntp_timezone_descr: ntp.timezone_descr,
    longitude: ntp.longitude,
    latitude: ntp.latitude,
    sunsettype: ntp.sunsettype,
  };
}

export function ntpSectionFromPayload(
  payload: NtpConfigPayload,
  zones: Readonly<TimezoneMap>,
): GatewayConfig['ntp'] {
  return {
    server: payload.ntp_server,
    // The zone name wins: a known name gives its rule whatever `ntp_timezone` says. For a name the table
    // does not know, an older client's `ntp_timezone` rule is kept; without one the time runs as UTC.
    timezone: zones[payload.ntp_timezone_descr] ?? payload.ntp_timezone ?? '',
    timezone_descr: payload.ntp_timezone_descr,
    latitude: payload.latitude,
    longitude: payload.longitude,
    sunsettype: payload.sunsettype,
  };
}

export interface TimeFacts {
  now: number;
  /** ntp_status: the NTP server answered, or the time was set by hand, during this run. */
  ntpSynchronised: boolean;
  /** Whether the clock's date can be trusted for the sun (host clock trusted, NTP or manual set). */
  clockSynchronised: boolean;
}

export function ntpStatusResponse(ntp: NtpSection, tz: string, facts: TimeFacts): NtpStatus {
  const sun = sunStatus({
    epochMs: facts.now,
    tz,
    latitude: ntp.latitude,
    longitude: ntp.longitude,
    sunsetType: ntp.sunsettype,
    synchronised: facts.clockSynchronised,
  });
  const format = (epochMs: number | null) => (epochMs === null ? '--' : formatLocalDateTime(tz, epochMs));
  return {
    ntp_server: ntp.server,
    ntp_timezone: tz,
    ntp_timezone_descr: ntp.timezone_descr,
    ntp_status: facts.ntpSynchronised,
    ntp_localtime: formatLocalDateTime(tz, facts.now),
    sun_risetime: format(sun.available ? sun.sunrise : null),
    sun_settime: format(sun.available ? sun.sunset : null),
    sun_isSunsetAvailable: sun.available,
    sun_isDayPeriod: sun.isDay,
  };
}

export function ntpTimeResponse(tz: string, now: number, ntpSynchronised: boolean): NtpTimeResponse {
  const t = localTime(tz, now);
  return {
    ntp_status: ntpSynchronised,
    year: t.year,
    month: t.month,
    day: t.day,
    hour: t.hour,
    minute: t.minute,
    second: t.second,
  };
}

export const ntpRoutes: FastifyPluginAsync<{ ctx: GatewayContext }> = async (app, { ctx }) => {
  // The process-wide gateway clock the engine runs on (SystemClock; tests may pass a ManualClock).
  const clock = ctx.clock;
  const settable = isSettableClock(clock) ? clock : undefined;
  const zones = zonesAsset();
  const tz = () => posixRule(ctx.config.get('ntp'));
  const sntp = ctx.services.sntp;

  const facts = (): TimeFacts => ({
    now: clock.now(),
    ntpSynchronised: sntp.isSynchronised(),
    clockSynchronised: clock.isSynchronised() || sntp.isSynchronised(),
  });

  app.get(
    '/api/ntp/status',
    { config: { auth: 'readonly', summary: 'Time synchronisation, local time, sunrise and sunset' } },
    async (): Promise<NtpStatus> => ntpStatusResponse(ctx.config.get('ntp'), tz(), facts()),
  );

  app.get(
    '/api/ntp/config',
    { config: { auth: 'admin', summary: 'Time server, time zone and location' } },
    async (): Promise<NtpConfig> => ntpConfigResponse(ctx.config.get('ntp')),
  );

  postData(
    app,
    '/api/ntp/config',
    {
      auth: 'admin',
      summary: 'Save time server, time zone and location',
      payload: ntpConfigSchema,
    },
    async (values) => {
      // `config:changed` 'ntp' re-asks the server (above); the sun is computed per request anyway.
      return savedEnvelope(await ctx.config.update('ntp', ntpSectionFromPayload(values, zoneTable())));
    },
  );

  app.get(
    '/api/ntp/time',
    { config: { auth: 'admin', summary: "The gateway's local time" } },
    async (): Promise<NtpTimeResponse> => ntpTimeResponse(tz(), clock.now(), sntp.isSynchronised()),
  );

  postData(
    app,
    '/api/ntp/time',
    { auth: 'admin', summary: "Set the gateway's clock (local time)", payload: ntpTimeSchema },
    async (values, _request, reply) => {
      // Only the gateway's offset moves; the host clock is never changed.
      if (!settable) return reply.code(500).send(internalErrorBody('ntp/time: this clock cannot be set'));
      settable.setTime(epochOfLocal(tz(), values));
      sntp.noteManualSet();
      return envelope(Code.NtpTimeUpdated);
    },
  );

  app.get(
    '/api/ntp/zones',
    { config: { auth: 'readonly', summary: 'Time zone names and their POSIX rules' } },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(zones.json),
  );

  // Removed from the firmware in v26.3.28, still fetched by older consoles: public, cached.
  app.get(
    '/zones.json',
    {
      config: { auth: 'public', summary: 'Legacy time zone table (same as /api/ntp/zones)' },
      onSend: notModified,
    },
    async (request, reply) => {
      reply
        .header('ETag', zones.etag)
        .header('Cache-Control', 'public, must-revalidate')
        .header('Vary', 'Accept-Encoding')
        .type('application/json; charset=utf-8');
      if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.header('Content-Encoding', 'gzip').send(zones.gzip);
      }
      return reply.send(zones.json);
    },
  );
};
