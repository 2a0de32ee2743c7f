/** HTTP(S) JSON polling: any meter or bridge that answers a GET with JSON (Tasmota, Shelly Gen1, a script). */
import type { Clock } from '@dtu-console/clock';
import { PowerMeterAuthTypes } from '@dtu-console/contract';
import { fetchJson, type HttpAuth } from '../http-json';
import { powerOf } from '../json-value';
import { PollingSource, type PowerMeterSection, readingNow } from './source';

type HttpSection = PowerMeterSection['http_json'];

export function authOf(request: HttpSection['http_request']): HttpAuth | undefined {
  const { auth_type: type, username, password } = request;
  if (type === PowerMeterAuthTypes.basic) return { type: 'basic', username, password };
  if (type === PowerMeterAuthTypes.digest) return { type: 'digest', username, password };
  return undefined;
}

/** The host a meter's URL names, for messages; an invalid URL as it was typed (it fails on the first read). */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function httpJsonSource(section: HttpSection, clock: Clock): PollingSource {
  const { http_request: request } = section;
  const auth = authOf(request);
  return new PollingSource({
    where: hostOf(request.url),
    intervalMs: section.polling_interval * 1000,
    read: async () => {
      const json = await fetchJson({
        url: request.url,
        timeoutMs: request.timeout,
        ...(auth ? { auth } : {}),
      });
      return readingNow(clock, powerOf(json, section));
    },
  });
}
