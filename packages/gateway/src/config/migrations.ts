/**
 * Format migrations of config.json, applied in order to the raw JSON before defaults are filled in and the
 * file is validated. Each step lifts files older than its `to` version. Add a step (and raise
 * CONFIG_VERSION in version.ts) whenever the stored format changes meaning; a key that is merely new needs
 * no step, because missing keys take their defaults.
 */
import { PowerMeterLimits } from '@dtu-console/contract';
import { intToVersion, versionToInt } from './version';

export type RawConfig = Record<string, unknown>;

export interface Migration {
  /** Files whose cfg.version is below this are migrated by this step. */
  readonly to: number;
  readonly description: string;
  apply(raw: RawConfig): void;
}

function section(raw: RawConfig, key: string): RawConfig | undefined {
  const value = raw[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as RawConfig)
    : undefined;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    to: versionToInt('1.0.0'),
    description: 'OpenDTU format 0.1.x',
    apply(raw) {
      const dtu = section(raw, 'dtu');
      // Very old OpenDTU files stored the CMT frequency in kHz.
      if (dtu && typeof dtu.cmt_frequency === 'number' && dtu.cmt_frequency > 0 && dtu.cmt_frequency < 1e6) {
        dtu.cmt_frequency *= 1000;
      }
      // Before 0.1.30 OpenDTU kept the POSIX rule beside the zone name; since then it derives it from the
      // name. Either way the pair in the file is consistent or absent, which the loader handles.
    },
  },
  {
    to: versionToInt('1.1.0'),
    description: 'one meter staleness: powerlimiter.meter_timeout folded into powermeter.max_age',
    apply(raw) {
      const limiter = section(raw, 'powerlimiter');
      const timeout = limiter?.meter_timeout;
      if (limiter) delete limiter.meter_timeout;
      if (typeof timeout !== 'number' || !Number.isFinite(timeout)) return;
      // The limiter fell back at the first of the two ages: the shorter one is what the user had.
      const meter = section(raw, 'powermeter') ?? {};
      const age = typeof meter.max_age === 'number' ? meter.max_age : PowerMeterLimits.maxAgeDefault;
      meter.max_age = Math.min(
        PowerMeterLimits.maxAgeMax,
        Math.max(PowerMeterLimits.maxAgeMin, Math.round(Math.min(age, timeout))),
      );
      raw.powermeter = meter;
    },
  },
];

export interface MigrationResult {
  fromVersion: number;
  applied: string[];
}

/** Migrates `raw` in place from its cfg.version (0 when missing) to the current format. */
export function migrate(raw: RawConfig): MigrationResult {
  const cfg = section(raw, 'cfg');
  const fromVersion = typeof cfg?.version === 'number' && Number.isInteger(cfg.version) ? cfg.version : 0;
  const applied: string[] = [];
  for (const step of MIGRATIONS) {
    if (fromVersion < step.to) {
      step.apply(raw);
      applied.push(`${step.description} → ${intToVersion(step.to)}`);
    }
  }
  return { fromVersion, applied };
}
