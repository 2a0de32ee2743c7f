/**
 * Push of alert openings and clearings: a generic JSON webhook and an ntfy-style text push (title,
 * priority and tags in headers, the message as the body). A failed send is tried again with a doubling
 * back-off on the gateway clock. Logs name the target only, never its URL or token (both may be secrets).
 */
import type { Clock } from '@dtu-console/clock';
import { type Alert, AlertLimits, backoffDelay } from '@dtu-console/contract';
import type { ConfigStore } from '../config/store';
import type { Logger } from '../system/logger';
import type { AlertsSettings } from './rules/rule';

export type AlertChange = 'opened' | 'cleared';

export interface AlertPush {
  send(kind: AlertChange, alert: Alert): void;
  stop(): void;
}

export interface AlertPushOptions {
  config: ConfigStore;
  clock: Clock;
  log: Logger;
  fetch?: typeof fetch;
}

interface Request {
  target: 'webhook' | 'ntfy';
  url: string;
  init: RequestInit;
}

/** A header value as HTTP allows it: RFC 2047 base64 when it is not plain ASCII (ntfy reads that). */
export function headerText(text: string): string {
  return /^[\x20-\x7e]*$/.test(text) ? text : `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;
}

const TITLES: Record<AlertChange, string> = { opened: 'Alert', cleared: 'Cleared' };

/** The requests one change makes under the settings now. */
export function pushRequests(s: AlertsSettings, kind: AlertChange, alert: Alert): Request[] {
  const requests: Request[] = [];
  if (s.webhook_enabled && s.webhook_url !== '') {
    requests.push({
      target: 'webhook',
      url: s.webhook_url,
      init: {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(s.webhook_auth === '' ? {} : { authorization: s.webhook_auth }),
        },
        body: JSON.stringify({ event: kind, alert }),
      },
    });
  }
  if (s.ntfy_enabled && s.ntfy_url !== '') {
    const who = alert.name === '' ? alert.serial : alert.name;
    requests.push({
      target: 'ntfy',
      url: s.ntfy_url,
      init: {
        method: 'POST',
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          title: headerText(`${TITLES[kind]}: ${who || 'plant'}`),
          priority: String(kind === 'opened' ? s.ntfy_priority : 2),
          tags: kind === 'opened' ? `warning,${alert.rule}` : `white_check_mark,${alert.rule}`,
          ...(s.ntfy_token === '' ? {} : { authorization: `Bearer ${s.ntfy_token}` }),
        },
        body: alert.message,
      },
    });
  }
  return requests;
}

export function createAlertPush(options: AlertPushOptions): AlertPush {
  const doFetch = options.fetch ?? fetch;
  const timers = new Set<() => void>();
  let stopped = false;

  const attempt = (request: Request, tryNo: number): void => {
    if (stopped) return;
    doFetch(request.url, { ...request.init, signal: AbortSignal.timeout(AlertLimits.pushTimeoutMs) }).then(
      (response) => {
        if (response.ok) return;
        retry(request, tryNo, `HTTP ${response.status}`);
      },
      (error: unknown) => retry(request, tryNo, (error as Error).name),
    );
  };

  const retry = (request: Request, tryNo: number, why: string): void => {
    if (stopped) return;
    if (tryNo >= AlertLimits.pushTries) {
      options.log.warn(`Alert push (${request.target}) failed ${tryNo} times (${why}); given up`);
      return;
    }
    // 2 s after the first failure, doubled per try; the tries end (pushTries) before any cap would matter.
    const delay = backoffDelay(tryNo - 1, { base: AlertLimits.pushBackoffMs });
    options.log.info(`Alert push (${request.target}) failed (${why}); trying again in ${delay / 1000} s`);
    const cancel = options.clock.setTimer(delay, () => {
      timers.delete(cancel);
      attempt(request, tryNo + 1);
    });
    timers.add(cancel);
  };

  return {
    send(kind, alert) {
      for (const request of pushRequests(options.config.get('alerts'), kind, alert)) attempt(request, 1);
    },
    stop() {
      stopped = true;
      for (const cancel of timers) cancel();
      timers.clear();
    },
  };
}
