/**
 * The Power limiter screen's form: the limiter's settings shaped for the fields, a row per inverter of the
 * plant; the checks are the contract's. The meter it steers by has its own screen (/settings/powermeter).
 */

import { Code } from '@dtu-console/contract/codes';
import type { InverterConfig } from '@dtu-console/contract/inverter/api';
import type { PowerLimiterConfig, PowerLimiterInverterConfig } from '@dtu-console/contract/powerlimiter/api';
import {
  type PowerLimiterConfigPayload,
  powerLimiterConfigRules,
} from '@dtu-console/contract/powerlimiter/schemas';
import { firstFailure } from '@dtu-console/contract/shared/validate';
import type { PowerLimiterSettings } from '../../api/powerlimiter';
import type { CheckFailure } from '../form/resolver';

export interface InverterRow extends PowerLimiterInverterConfig {
  /** Shown only: the inverter's name in the inverter settings. */
  name: string;
}

export interface LimiterFormValues {
  limiter: Omit<PowerLimiterConfig, 'inverters'> & { inverters: InverterRow[] };
}

/** An inverter the limiter settings do not list yet: not governed, behind the meter, no own bounds. */
const unlisted = (serial: string): PowerLimiterInverterConfig => ({
  serial,
  governed: false,
  behind_power_meter: true,
  lower_power_limit: 0,
  upper_power_limit: 0,
});

export function toValues(data: PowerLimiterSettings): LimiterFormValues {
  const { limiter, inverters } = data;
  return {
    limiter: {
      ...limiter,
      inverters: inverters.map((inverter: InverterConfig) => ({
        ...(limiter.inverters.find((entry) => entry.serial === inverter.serial) ?? unlisted(inverter.serial)),
        name: inverter.name,
      })),
    },
  };
}

export function toPayload(values: LimiterFormValues): PowerLimiterConfigPayload {
  return {
    ...values.limiter,
    // Listed: the governed inverters, and those whose output the meter does not see (the simulated meter
    // and the limiter both need to know). The rest keep the defaults an unlisted inverter has.
    inverters: values.limiter.inverters
      .filter((row) => row.governed || !row.behind_power_meter)
      .map(({ name: _name, ...entry }) => entry),
  };
}

/** The gateway's checks of the limiter settings, in its order. */
export function check(values: LimiterFormValues): CheckFailure | undefined {
  const failure = firstFailure(powerLimiterConfigRules, toPayload(values));
  if (!failure) return undefined;
  const field = FEED_IN_FIELDS[failure.code] ?? `limiter.${failure.field ?? 'inverters'}`;
  return { ...failure, field };
}

/** The field a feed-in cap or grid signal code is about (the lines and steps: the signal card). */
const FEED_IN_FIELDS: Partial<Record<number, string>> = {
  [Code.PowerLimiterCapPercentRange]: 'limiter.feed_in_cap.percent',
  [Code.PowerLimiterCapWattsRange]: 'limiter.feed_in_cap.watts',
  [Code.PowerLimiterModulePowerRange]: 'limiter.feed_in_cap.module_power_wp',
  [Code.PowerLimiterCapNoModulePower]: 'limiter.feed_in_cap.module_power_wp',
  [Code.PowerLimiterSignalChipInvalid]: 'limiter.grid_signal.gpio.chip',
  [Code.PowerLimiterSignalTopicInvalid]: 'limiter.grid_signal.mqtt.topic',
  [Code.PowerLimiterSignalLinesInvalid]: 'limiter.grid_signal',
  [Code.PowerLimiterSignalStepsInvalid]: 'limiter.grid_signal',
};

/** The sum of the strings' max power of the plant's inverters, Wp (the module power when none is set). */
export function stringsPowerWp(inverters: readonly InverterConfig[]): number {
  let sum = 0;
  for (const inverter of inverters) for (const channel of inverter.channel) sum += channel.max_power || 0;
  return sum;
}
