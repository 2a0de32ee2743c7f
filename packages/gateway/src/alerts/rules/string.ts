/**
 * A string that delivers less than its siblings: its DC power over its configured max power stays
 * `string_percent` % below the median of the other strings of the plant, in good light (that median at
 * least `string_light_percent` % of max power). Catches shade, a loose connector, a dead module. Only
 * strings with a max power, of inverters that answer, take part; fewer than two: the rule cannot apply.
 */
import type { LiveInverter } from '../../engine';
import { type AlertRule, condition, MINUTE_MS } from './rule';

interface StringShare {
  serial: string;
  channel: number;
  /** DC power / max power. */
  share: number;
}

/** Strings with a configured max power. */
function configuredStrings(inverters: readonly LiveInverter[]): { inv: LiveInverter; channel: number }[] {
  return inverters.flatMap((inv) =>
    inv.channels.flatMap((ch, channel) => (ch.maxPowerW > 0 ? [{ inv, channel }] : [])),
  );
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const stringRule: AlertRule = {
  id: 'string',
  enabled: (s) => s.string_enabled,
  holdMs: (s) => s.string_minutes * MINUTE_MS,
  applies: ({ inverters }) =>
    configuredStrings(inverters).length >= 2
      ? { applicable: true }
      : { applicable: false, reason: 'strings' },
  create: () => ({
    evaluate({ isDay, inverters, settings }) {
      if (!isDay) return [];
      const shares: StringShare[] = configuredStrings(inverters)
        .filter(({ inv }) => inv.reachable && inv.hasData)
        .map(({ inv, channel }) => ({
          serial: inv.serial,
          channel,
          share: (inv.values.dc[channel]?.power ?? 0) / (inv.channels[channel]?.maxPowerW ?? 1),
        }));
      if (shares.length < 2) return [];
      const light = settings.string_light_percent / 100;
      const below = 1 - settings.string_percent / 100;
      return shares.flatMap((s) => {
        const others = median(shares.filter((o) => o !== s).map((o) => o.share));
        if (others < light || s.share >= others * below) return [];
        const shortfall = Math.round((1 - s.share / others) * 100);
        return [condition(s.serial, { channel: s.channel, figure: shortfall })];
      });
    },
  }),
};
