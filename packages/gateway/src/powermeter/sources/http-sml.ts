/**
 * SML fetched over HTTP: bridges such as the Tibber Pulse's answer a GET with the meter's last raw SML
 * telegram (binary). The answer is framed and read like the serial line's bytes (sml/); an answer without
 * a complete telegram is a counted problem.
 */
import type { Clock } from '@dtu-console/clock';
import { FailureCount } from '../failure-count';
import { fetchBody } from '../http-json';
import { MeterError } from '../problems';
import { framesOf } from '../sml/frame';
import { telegramOutcome } from '../sml/telegram';
import { authOf, hostOf } from './http';
import { PollingSource, type PowerMeterSection } from './source';

type HttpSmlSection = PowerMeterSection['http_sml'];

export function httpSmlSource(
  section: HttpSmlSection,
  clock: Clock,
  failures = new FailureCount(),
): PollingSource {
  const { http_request: request } = section;
  const auth = authOf(request);
  const where = hostOf(request.url);
  return new PollingSource({
    where,
    intervalMs: section.polling_interval * 1000,
    read: async () => {
      const { bytes } = await fetchBody({
        url: request.url,
        timeoutMs: request.timeout,
        ...(auth ? { auth } : {}),
      });
      const events = framesOf(bytes);
      // The newest telegram counts; a failed one is reported only when no telegram could be read.
      let problem: MeterError | undefined;
      for (const event of events.reverse()) {
        const outcome = telegramOutcome(event, clock, failures);
        if ('reading' in outcome) return outcome.reading;
        problem ??= new MeterError(outcome.problem.code as MeterError['code'], outcome.problem.detail);
      }
      throw (
        problem ??
        new MeterError(
          'sml-broken',
          bytes.length === 0
            ? `${where} answered nothing`
            : `${where} answered ${bytes.length} bytes without an SML telegram`,
        )
      );
    },
  });
}
