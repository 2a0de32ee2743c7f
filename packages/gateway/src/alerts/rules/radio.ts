/**
 * A lossy radio link: over the last `radio_minutes`, more than `radio_percent` % of the frames sent to an
 * inverter (requests and re-requests of lost fragments, from its radio statistics) were in vain: loss is
 * 1 − complete answers / frames. Counted only in daylight while the inverter answers at all within the window (a silent one
 * is the unreachable rule's) and once the window holds enough requests.
 */
import { AlertLimits } from '@dtu-console/contract';
import { type AlertRule, condition, MINUTE_MS } from './rule';

interface Sample {
  at: number;
  requests: number;
  frames: number;
  successes: number;
}

export const radioRule: AlertRule = {
  id: 'radio',
  enabled: (s) => s.radio_enabled,
  // The window is the wait: a loss over a whole window opens at once.
  holdMs: () => 0,
  create: () => {
    const samples = new Map<string, Sample[]>();
    return {
      evaluate({ now, isDay, inverters, settings }) {
        const windowMs = settings.radio_minutes * MINUTE_MS;
        const result = [];
        for (const serial of samples.keys()) {
          if (!inverters.some((inv) => inv.serial === serial)) samples.delete(serial);
        }
        for (const inv of inverters) {
          // Wi-Fi inverters have no radio to lose; their device's reachability is the unreachable rule's.
          if (inv.connection === 'wifi') continue;
          const stats = inv.radioStats;
          const list = samples.get(inv.serial) ?? [];
          const last = list.at(-1);
          // Counters reset (statistics cleared, gateway restart): start the window again.
          if (last && (stats.tx_request < last.requests || stats.rx_success < last.successes))
            list.length = 0;
          const frames = stats.tx_request + stats.tx_re_request;
          list.push({ at: now, requests: stats.tx_request, frames, successes: stats.rx_success });
          while (list.length > 1 && (list[1]?.at ?? now) <= now - windowMs) list.shift();
          samples.set(inv.serial, list);
          const first = list[0];
          if (!first || !isDay || now - first.at < windowMs) continue;
          const requests = stats.tx_request - first.requests;
          const answered = stats.rx_success - first.successes;
          // An inverter that answered nothing in the window is silent, not lossy. Its momentary
          // reachability is no guide: a lossy link flips it back and forth.
          if (requests < AlertLimits.radioMinRequests || answered === 0) continue;
          const sent = frames - first.frames;
          const lost = (1 - answered / sent) * 100;
          if (lost > settings.radio_percent) result.push(condition(inv.serial, { figure: Math.ceil(lost) }));
        }
        return result;
      },
    };
  },
};
